import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The household dependents' texts come with the part that draws them (as the organizer's do: organizer/i18n.ts), so
 * the portal's first catalogue does not carry them; its Spanish comes with it, whatever language is chosen.
 */
export function addHouseholdDependentsTexts(): void {
  if (!i18n.getResource('en', 'translation', 'householdDependents.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'householdDependents.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
