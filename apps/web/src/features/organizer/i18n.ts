import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The organizer's texts come with its chunk (as the site editor's do: cms/editor/i18n.ts), so the portal's texts,
 * which every signed-in page loads first, do not carry them (apps/web/bundle-budget.test.ts). Its Spanish is a few
 * KB and comes with it, whatever language is chosen now or later.
 */
export function addOrganizerTexts(): void {
  if (!i18n.getResource('en', 'translation', 'organizer.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'organizer.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
