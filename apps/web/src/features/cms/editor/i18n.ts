import i18n from 'i18next';
import en from '../i18n/site-editor.en.json';
import es from '../i18n/site-editor.es.json';

/**
 * The editor's texts come with its chunk, so the public site's first load does not carry them (app/i18n/index.ts
 * types them as a lazy catalogue). Each editor module calls this when it loads (a bare side-effect import would be
 * dropped by the build).
 */
export function addEditorTexts(): void {
  if (!i18n.hasResourceBundle('en', 'translation') || !i18n.exists('siteEditor.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  // Staff's chunk: its Spanish comes with it (a few KB), whatever language is chosen now or later.
  if (!i18n.getResource('es', 'translation', 'siteEditor.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
