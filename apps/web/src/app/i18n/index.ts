import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import auditLog from '../../features/audit-log/en.json';
import auth from '../../features/auth/en.json';
import billing from '../../features/billing/en.json';
import catalog from '../../features/catalog/en.json';
import cms from '../../features/cms/en.json';
import contacts from '../../features/contacts/en.json';
import dashboard from '../../features/dashboard/en.json';
import documentRequests from '../../features/document-requests/en.json';
import vault from '../../features/documents/en.json';
import drafts from '../../features/drafts/en.json';
import notifications from '../../features/notifications/en.json';
import placeholder from '../../features/placeholder/en.json';
import profile from '../../features/profile/en.json';
import questionnaire from '../../features/questionnaire/en.json';
import referrals from '../../features/referrals/en.json';
import signing from '../../features/signing/en.json';
import staff from '../../features/staff/en.json';
import tickets from '../../features/tickets/en.json';
import type siteEditor from '../../features/cms/i18n/site-editor.en.json';
import type siteInbox from '../../features/cms/i18n/site-inbox.en.json';
import shell from './en.json';

/**
 * One catalogue per feature, `features/<name>/en.json`, whose top-level keys are that feature's (no two catalogues
 * share one: catalogues.test.ts); this folder's en.json holds only the shell's and ui/'s texts. They merge into the
 * one `translation` namespace, so every key stays type-checked (i18next.d.ts).
 */
export const catalogues = {
  shell,
  auth,
  auditLog,
  billing,
  catalog,
  cms,
  contacts,
  dashboard,
  notifications,
  placeholder,
  profile,
  staff,
  tickets,
  vault,
  documentRequests,
  questionnaire,
  drafts,
  signing,
  referrals,
} as const;

/** Catalogues a lazily loaded chunk adds itself (not in the first load): typed here, checked for clashes too. */
export type LazyCatalogues = typeof siteEditor & typeof siteInbox;

export const defaultNS = 'translation';
export const resources = {
  en: {
    translation: {
      ...shell,
      ...auth,
      ...auditLog,
      ...billing,
      ...catalog,
      ...cms,
      ...contacts,
      ...dashboard,
      ...notifications,
      ...placeholder,
      ...profile,
      ...staff,
      ...tickets,
      ...vault,
      ...documentRequests,
      ...questionnaire,
      ...drafts,
      ...signing,
      ...referrals,
    },
  },
} as const;

// Resources are bundled, so initialisation is synchronous and the first render already has texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export default i18n;
