import { sitePathIn, type Language } from '@taxportal/contract';

// What the head of a page (site-head.ts) and the sitemap (site-sitemap.ts) both write: a page's addresses.

/** Text for an HTML attribute or element. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page's address in a language, absolute (`/` and `/es/` end with their slash, no other does). */
export const addressOf = (base: string, path: string, lang: Language) => {
  const inLang = sitePathIn(path === '/' ? '/' : path.replace(/\/$/, ''), lang);
  return `${base}${inLang}`;
};

/**
 * The language alternates of a page (hreflang): its English, its Spanish when it is written in Spanish, and
 * x-default (English). A Spanish address whose content has no Spanish is canonical to its English one.
 */
export function alternatesOf(base: string, path: string, spanish: boolean) {
  const en = addressOf(base, path, 'en');
  return [
    { hreflang: 'en', href: en },
    ...(spanish ? [{ hreflang: 'es', href: addressOf(base, path, 'es') }] : []),
    { hreflang: 'x-default', href: en },
  ];
}
