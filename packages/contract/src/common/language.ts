/**
 * The languages the portal speaks (issue 31), and how a request says which one its reader wants: THE rule, for the
 * server (the page it sends, what it renders) and the browser (the catalogues it loads).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The reader's choice, kept by the browser for a year (set by GET /language/{lng}; read by the server). */
export const LANGUAGE_COOKIE = 'tp_lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A BCP 47 tag's language, if the portal speaks it: `es`, `es-US`, `es-419` are Spanish. */
export const languageOfTag = (tag: string | undefined | null): Language | null => {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : null;
};

/**
 * The language an `Accept-Language` header prefers among those the portal speaks: the highest weight first, the
 * header's order among equals; none of ours (or no header): null.
 */
export function languageOfAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      // No weight is 1; a weight that is not a number (`q=abc`) counts as none.
      const q = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : /^\s*[0-9.]+\s*$/.test(q) ? Number(q) : 0;
      return { language: languageOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.language && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/** The reader's language: their cookie's choice, else their browser's preference, else English. */
export const readerLanguage = (cookie: string | undefined, acceptLanguage: string | undefined): Language =>
  (isLanguage(cookie) ? cookie : null) ?? languageOfAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;

/** The locale dates, numbers and money are written in for a language (es-US writes money as $1,234.56). */
export const localeOf = (language: Language): string => (language === 'es' ? 'es-US' : 'en-US');
