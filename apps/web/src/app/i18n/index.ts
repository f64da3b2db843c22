import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import billing from '../../features/billing/en.json';
import drafts from '../../features/documents/i18n/drafts.en.json';
import questionnaire from '../../features/documents/i18n/questionnaire.en.json';
import vault from '../../features/documents/i18n/vault.en.json';
import en from './en.json';

export const defaultNS = 'translation';
// One catalogue per feature (each a top-level key), merged: features own their texts.
export const resources = { en: { translation: { ...en, ...billing, ...vault, ...questionnaire, ...drafts } } } as const;

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
