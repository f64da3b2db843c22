import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The letters' texts come with their chunk (their pages only; app/i18n/index.ts types them as a lazy catalogue),
 * their Spanish too, as the organizer builder's do. Each page module calls this when it loads.
 */
export function addEngagementTexts(): void {
  if (!i18n.hasResourceBundle('en', 'translation') || !i18n.exists('engagement.title'))
    i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'engagement.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
