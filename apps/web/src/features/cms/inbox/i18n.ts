import i18n from 'i18next';
import en from '../i18n/site-inbox.en.json';
import es from '../i18n/site-inbox.es.json';

/** The inbox's texts come with its chunk, as the editor's do (editor/i18n.ts). */
export function addInboxTexts(): void {
  if (!i18n.getResource('en', 'translation', 'siteInbox.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'siteInbox.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
