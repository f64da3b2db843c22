import i18n from 'i18next';
import en from '../i18n/site-inbox.en.json';

/** The inbox's texts come with its chunk, as the editor's do (editor/i18n.ts). */
export function addInboxTexts(): void {
  if (!i18n.exists('siteInbox.title')) i18n.addResourceBundle('en', 'translation', en, true, false);
}
