import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The import's texts come with its chunk (an Admin's page: no other page carries them; app/i18n/index.ts types
 * them as a lazy catalogue), its Spanish too, as the organizer builder's do. The page module calls this as it loads.
 */
export function addClientImportTexts(): void {
  if (!i18n.hasResourceBundle('en', 'translation') || !i18n.exists('clientImport.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'clientImport.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
