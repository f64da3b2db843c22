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
