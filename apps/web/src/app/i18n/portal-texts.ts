import i18n from 'i18next';
import type { Language } from '@taxportal/contract';
import { registerTexts } from '../../lib/language.ts';
import auditLog from '../../features/audit-log/en.json';
import billing from '../../features/billing/en.json';
import catalog from '../../features/catalog/en.json';
import contacts from '../../features/contacts/en.json';
import dashboard from '../../features/dashboard/en.json';
import documentRequests from '../../features/document-requests/en.json';
import vault from '../../features/documents/en.json';
import drafts from '../../features/drafts/en.json';
import notifications from '../../features/notifications/en.json';
import profile from '../../features/profile/en.json';
import questionnaire from '../../features/questionnaire/en.json';
import referrals from '../../features/referrals/en.json';
import signing from '../../features/signing/en.json';
import staff from '../../features/staff/en.json';
import tickets from '../../features/tickets/en.json';

/**
 * The catalogues of the portal behind the sign-in (features/<name>/en.json): a chunk of their own, loaded with the
 * signed-in shell and with every page but the public ones (router/pages.ts), so the public site and the sign-in
 * page do not carry them (issue 14). They merge into the one `translation` namespace like the first load's
 * (index.ts), typed there as lazy catalogues.
 */
export const portalCatalogues = {
  auditLog,
  billing,
  catalog,
  contacts,
  dashboard,
  documentRequests,
  vault,
  drafts,
  notifications,
  profile,
  questionnaire,
  referrals,
  signing,
  staff,
  tickets,
} as const;

export const portalTexts = {
  ...auditLog,
  ...billing,
  ...catalog,
  ...contacts,
  ...dashboard,
  ...documentRequests,
  ...vault,
  ...drafts,
  ...notifications,
  ...profile,
  ...questionnaire,
  ...referrals,
  ...signing,
  ...staff,
  ...tickets,
} as const;

const inOtherLanguages = (language: Language) =>
  language === 'es' ? import('./portal-texts-es.ts').then((m) => m.portalTextsEs) : Promise.resolve(null);

/** Adds the portal's texts to the one namespace, once, and in the reader's language if not English (index.ts). */
export async function addPortalTexts(): Promise<void> {
  if (!i18n.hasResourceBundle('en', 'translation') || !i18n.getResource('en', 'translation', 'tickets.myTitle'))
    i18n.addResourceBundle('en', 'translation', portalTexts, true, false);
  await registerTexts(inOtherLanguages);
}
