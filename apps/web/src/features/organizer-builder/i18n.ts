import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The builder's texts come with its chunk (an Admin's page: no other page carries them; app/i18n/index.ts types
 * them as a lazy catalogue), its Spanish too (a few KB), as the site editor's do (cms/editor/i18n.ts). Each page
 * module calls this when it loads (a bare side-effect import would be dropped by the build).
 */
export function addBuilderTexts(): void {
  if (!i18n.hasResourceBundle('en', 'translation') || !i18n.exists('organizerBuilder.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'organizerBuilder.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
