import i18next, { type TFunction } from 'i18next';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, readerLanguage, type Language } from '@taxportal/contract';
import { SERVER_TEXTS, flattenTexts, statusLabelKey } from '@taxportal/contract/texts';
import { SERVER_TEXTS_ES } from '@taxportal/contract/texts/es';

/**
 * What the server writes to a person, in their language (issue 31, decision 0030): one i18next, its namespace
 * `server` read from the contract's catalogue (SERVER_TEXTS, English; SERVER_TEXTS_ES). Texts are plain (mail, SMS,
 * PDF, JSON): nothing is HTML-escaped here, and i18next puts values in by position, never by a pattern replace.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { server: SERVER_TEXTS }, es: { server: SERVER_TEXTS_ES } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['server'],
  defaultNS: 'server',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
});

export type Params = Record<string, string | number>;
/** A catalogue key of the server's texts (`mail.reset.subject`). */
export type TextKey = string;

const fixed = new Map<Language, TFunction>(LANGUAGES.map((l) => [l, i18n.getFixedT(l, 'server')]));
/** The server's texts in `language`: `t('mail.reset.subject', { name })`. */
export const textsIn = (language: Language): TFunction => fixed.get(language)!;

/** Each English text of the catalogue, to its key: a message object's text (MESSAGES.x) is its key's text. */
const keyOfEnglish = new Map<string, TextKey>();
for (const [key, text] of flattenTexts(SERVER_TEXTS)) if (!keyOfEnglish.has(text)) keyOfEnglish.set(text, key);
/** The key of an English catalogue text (as the domain's message objects hold it), or undefined if it is none. */
export const keyOfText = (english: string): TextKey | undefined => keyOfEnglish.get(english);

/**
 * `english` (a catalogue text, with its `{{placeholders}}` filled from `params`) in `language`. A text that is not
 * in the catalogue (a person's own words) comes back as it is.
 */
export function translate(language: Language, english: string, params?: Params): string {
  const key = keyOfEnglish.get(english);
  if (key === undefined) return english;
  return textsIn(language)(key, params ?? {}) as string;
}

/** The reader's language (contract readerLanguage): their cookie's choice, else their browser's, else English. */
export const languageOfRequest = (request: FastifyRequest): Language =>
  readerLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);

let firmLanguage: Language = DEFAULT_LANGUAGE;
/** The language the firm writes in to someone who never chose one (FIRM_LANGUAGE; set once at start). */
export const setFirmLanguage = (language: Language) => {
  firmLanguage = language;
};
/** A recipient's language: their saved choice (platform/users.ts savedLanguage), else the firm's. */
export const recipientLanguage = (saved: Language | null | undefined): Language => saved ?? firmLanguage;

/**
 * A status label as `language` reads it: the definitions' own labels (SPEC §4) in the catalogue's words; a label the
 * firm renamed is its own words, shown as written.
 */
export function statusLabelIn(
  language: Language,
  status: string,
  audience: 'staff' | 'customer',
  label: string,
): string {
  if (language === DEFAULT_LANGUAGE) return label;
  const key = statusLabelKey(status, audience, label);
  return key ? (textsIn(language)(key) as string) : label;
}
