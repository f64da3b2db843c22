import i18n from 'i18next';
import en from './en.json';
import es from './es.json';

/**
 * The texts of third-party shares and offers come with their chunks (no other page carries them; app/i18n/index.ts
 * types them as a lazy catalogue), Spanish too. Each module that draws them calls this as it loads.
 */
export function addThirdPartyTexts(): void {
  if (!i18n.exists('thirdParty.panel.title')) i18n.addResourceBundle('en', 'translation', en, true, false);
  if (!i18n.getResource('es', 'translation', 'thirdParty.panel.title'))
    i18n.addResourceBundle('es', 'translation', es, true, true);
}
