/*
 * Texts of content in every language, without zod: the public pages read content through these and must not load
 * the schemas that check it (the editor does; apps/web/bundle-budget.test.ts keeps zod out of the public pages).
 */

/** The languages content can be written in: English always, Spanish beside it when the firm adds it (issue 11 item 5). */
export const CONTENT_LANGUAGES = ['en', 'es'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A text of content: English, and Spanish when written (text.ts's localizedText checks it). */
export interface LocalizedText {
  en: string;
  es?: string | undefined;
}

/** The text in a language, English when that language has none. */
export const textIn = (t: LocalizedText | undefined, lang: ContentLanguage = 'en'): string =>
  (lang !== 'en' && t?.[lang]) || t?.en || '';

/**
 * Whether content is written in a language: its title (or name) is, which is what a page in that language shows
 * first. English always is; a page with no Spanish title is shown in English on the Spanish site, with a note, and
 * is not in the Spanish sitemap.
 */
export function isWrittenIn(data: unknown, lang: ContentLanguage): boolean {
  if (lang === 'en') return true;
  const d = (data ?? {}) as { title?: LocalizedText; name?: LocalizedText };
  const main = d.title ?? d.name;
  return !!main?.[lang]?.trim();
}
