// Without imports: the header's language link reads them on every page (the site's paths, paths.ts, are heavier).

/**
 * The public site in Spanish lives under `/es` (issue 31): `/es/` is the home page, `/es/about-us` the page at
 * `/about-us`. The portal's own pages (sign-in, tickets) have no prefix: their language is the reader's choice.
 */
export const SPANISH_SITE_PREFIX = '/es';

/** The language a path's prefix names and the site path without it: `/es/about-us` is Spanish `/about-us`. */
export function siteLanguageOf(pathname: string): { language: 'en' | 'es'; path: string } {
  if (pathname === SPANISH_SITE_PREFIX || pathname.startsWith(`${SPANISH_SITE_PREFIX}/`))
    return { language: 'es', path: pathname.slice(SPANISH_SITE_PREFIX.length) || '/' };
  return { language: 'en', path: pathname };
}

/** A site path (`/about-us`) in a language: `/es/about-us` in Spanish, as it is in English. */
export const sitePathIn = (path: string, language: string): string =>
  language === 'es' ? `${SPANISH_SITE_PREFIX}${path === '/' ? '/' : path}` : path;
