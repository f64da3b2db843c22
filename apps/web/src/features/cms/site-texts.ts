import i18n from 'i18next';
import en from './i18n/site-pages.en.json';
import es from './i18n/site-pages.es.json';

/**
 * The texts only the site's pages show (a visitor's own submissions, the note on a page with no Spanish) come with
 * their chunk, in both languages (a few hundred bytes), so the portal's first load does not carry them (app/i18n/index.ts
 * types them as a lazy catalogue). Each module that shows them calls this when it loads (a bare side-effect import
 * would be dropped by the build), before anything draws: the server's render and the browser's hydration alike.
 */
export function addSitePageTexts(): void {
  if (i18n.exists('sitePages.noSpanish', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('es', 'translation', es, true, false);
}
