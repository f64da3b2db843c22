import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, endpoints, isLanguage, LANGUAGE_COOKIE, type Language } from '@taxportal/contract';
import i18n from 'i18next';
import { useEffect } from 'react';
import { call, setFallbackErrorMessage } from './api/index.ts';
import { refreshSession } from './session/index.ts';

/**
 * A part's texts in a language other than English (English is bundled with each part, and is every text's
 * fallback): null when the part has none in it. Each part with texts of its own registers one (registerTexts),
 * so that a change of language loads the texts of every part already there, and a part loaded later its own.
 */
export type TextsIn = (language: Language) => Promise<Record<string, unknown> | null>;
const textsIn = new Set<TextsIn>();

async function addTexts(language: Language, load: TextsIn): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return;
  const texts = await load(language);
  if (texts) i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** The language being switched to (switchLanguage), before i18next has changed to it. */
let switchingTo: Language | null = null;

/**
 * Adds a lazily loaded part's texts in the reader's language now, and in any language switched to later. A part
 * that loads while a switch is under way (the profile's language, applied as a portal page's chunk arrives) gets
 * the language switched to: its texts would otherwise stay English for good.
 */
export async function registerTexts(load: TextsIn): Promise<void> {
  textsIn.add(load);
  await addTexts(switchingTo ?? currentLanguage(), load);
}

/**
 * The contract's texts the web shows itself (its schemas' field messages when a form is checked on the device, the
 * server's messages it names, like SPEC's 'Payment Failed'), in the reader's language: English to that language's,
 * registered by the language's chunk (app/i18n/es.ts). The server answers in the reader's language by itself.
 */
const contractTexts = new Map<Language, ReadonlyMap<string, string>>();
export const registerContractTexts = (language: Language, texts: ReadonlyMap<string, string>) => {
  contractTexts.set(language, texts);
};
/** A contract text (as the contract holds it, in English) in the reader's language. */
export const contractText = (english: string): string => contractTexts.get(currentLanguage())?.get(english) ?? english;

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/**
 * Draws the app in `language`: its texts for every part loaded (first), then i18next (whose language also sets
 * the locale dates and money are written in: ui/format.ts) and `<html lang>`. The server's answer to the same reader says the same: the
 * cookie (rememberLanguage) or their browser's Accept-Language.
 */
export async function switchLanguage(language: Language): Promise<void> {
  switchingTo = language;
  try {
    await Promise.all([...textsIn].map((load) => addTexts(language, load)));
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  document.documentElement.lang = language;
  setFallbackErrorMessage(i18n.t('common.somethingWentWrong'));
}

/** Keeps the reader's choice for the server's next answers (the page's language, what it renders). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The reader picks a language (the header's link, once the app is there; the profile): kept for this browser, drawn
 * in at once, and saved on their profile when signed in, so that it follows them to their other devices and their
 * e-mails are written in it.
 */
export async function chooseLanguage(client: QueryClient, language: Language, signedIn: boolean): Promise<void> {
  rememberLanguage(language);
  await switchLanguage(language);
  if (!signedIn) return;
  await call(endpoints.updateProfile, { body: { language } });
  await refreshSession(client);
}

/** Someone signed in reads in the language saved on their profile (chosen on another device, say). */
export function useSavedLanguage(saved: Language | null | undefined): void {
  useEffect(() => {
    if (!saved || saved === currentLanguage()) return;
    rememberLanguage(saved);
    void switchLanguage(saved);
  }, [saved]);
}
