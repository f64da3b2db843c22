import { currentLanguage, switchLanguage } from '../../lib/language.ts';
import { isLanguage, isSitePath, localeOf, siteLanguageOf, sitePathIn } from '@taxportal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/*
 * The public site in Spanish lives under /es (issue 31, decision 0030): a page there is drawn in Spanish whoever
 * reads it, and its links to other pages of the site stay on the Spanish site.
 */

/** The language the site's address names: Spanish under /es, English anywhere else. */
export const useSiteLanguage = () => siteLanguageOf(useLocation().pathname).language;

/** A link of the site as the page's language has it: `/about-us` is `/es/about-us` on the Spanish site. */
export function useSiteHref(): (href: string) => string {
  const language = useSiteLanguage();
  return (href) => (language === 'es' && isSitePath(href) ? sitePathIn(href, 'es') : href);
}

/** A page reached under /es (a link, the back button) is drawn in Spanish, as the server draws it. */
export function useSpanishSite(): void {
  const language = useSiteLanguage();
  useEffect(() => {
    if (language === 'es' && currentLanguage() !== 'es') void switchLanguage('es');
  }, [language]);
}

/** The locale the page's dates are written in: its render's language (on the server, each render has its own). */
export function useSiteLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(isLanguage(i18n.language) ? i18n.language : 'en');
}
