import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The household's texts come with the part that draws them (as its dependents' do), so the portal's first catalogue
 * does not carry them; its Spanish comes with it, whatever language is chosen.
 */
export function addHouseholdsTexts(): void {
  if (!i18n.getResource('en', 'translation', 'households.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'households.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
