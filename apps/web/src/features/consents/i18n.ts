import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The consents' texts come with their chunks (no other page carries them; app/i18n/index.ts types them as a lazy
 * catalogue), Spanish too. Each module that draws them calls this as it loads.
 */
export function addConsentsTexts(): void {
  if (!i18n.exists('consents.title')) i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'consents.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
