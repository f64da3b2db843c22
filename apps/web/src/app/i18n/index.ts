import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@taxportal/contract';
import { registerTexts, type TextsIn } from '../../lib/language.ts';
import auth from '../../features/auth/en.json';
import cms from '../../features/cms/en.json';
import placeholder from '../../features/placeholder/en.json';
import type siteEditor from '../../features/cms/i18n/site-editor.en.json';
import type sitePages from '../../features/cms/i18n/site-pages.en.json';
import type siteInbox from '../../features/cms/i18n/site-inbox.en.json';
import type organizerBuilder from '../../features/organizer-builder/en.json';
import type organizer from '../../features/organizer/en.json';
import type clientImport from '../../features/client-import/en.json';
import type householdDependents from '../../features/household-dependents/en.json';
import type households from '../../features/households/en.json';
import type engagement from '../../features/engagement/en.json';
import type thirdParty from '../../features/third-party/en.json';
import type consents from '../../features/consents/en.json';
import type { portalTexts } from './portal-texts.ts';
import shell from './en.json';

/**
 * One catalogue per feature, `features/<name>/en.json`, whose top-level keys are that feature's (no two catalogues
 * share one: catalogues.test.ts); this folder's en.json holds only the shell's and ui/'s texts. They merge into the
 * one `translation` namespace, so every key stays type-checked (i18next.d.ts). The first load carries the texts
 * of what anyone can open (the shell, sign-in and the public site); the portal's come with its pages
 * (portal-texts.ts, loadPortalTexts), and no module of the first load may use them (catalogues.test.ts).
 */
export const catalogues = { shell, auth, cms, placeholder } as const;

/** Catalogues a lazily loaded chunk adds itself (not in the first load): typed here, checked for clashes too. */
export type LazyCatalogues = typeof portalTexts &
  typeof siteEditor &
  typeof siteInbox &
  typeof sitePages &
  typeof organizer &
  typeof organizerBuilder &
  typeof clientImport &
  typeof householdDependents &
  typeof households &
  typeof engagement &
  typeof thirdParty &
  typeof consents;

/** The portal's texts (portal-texts.ts), loaded once, before any of its pages or the signed-in shell draws. */
export const loadPortalTexts = (): Promise<void> => import('./portal-texts.ts').then((m) => m.addPortalTexts());

export const defaultNS = 'translation';
export const resources = {
  en: {
    translation: {
      ...shell,
      ...auth,
      ...cms,
      ...placeholder,
    },
  },
} as const;

// The first load's catalogues are bundled, so initialisation is synchronous and a public page's first render has
// its texts; a portal page's are added before it draws (loadPortalTexts).
void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A part's texts added after it drew (its language's chunk arriving later) draw it again, in them.
  react: { bindI18nStore: 'added' },
});

/** The first load's catalogues in another language: a chunk of its own, loaded by that language's readers only. */
const firstLoadIn: TextsIn = (language) =>
  language === 'es' ? import('./es.ts').then((m) => m.texts) : Promise.resolve(null);
void registerTexts(firstLoadIn);

export default i18n;
