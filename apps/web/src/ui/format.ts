import {
  DEFAULT_LANGUAGE,
  formattingCookieName,
  formattingCookieValue,
  isLanguage,
  localeOf,
} from '@taxportal/contract';
import i18n from 'i18next';

/** Dates, money and durations in the user's locale and zone (DESIGN: times are UTC in the database). */

/**
 * Whose locale and zone, and which "now". In the browser: the browser's own (all undefined). A signed-in page
 * rendered on the server (entry-server.tsx) is drawn with the reader's locale and zone, which their browser told it
 * (formattingCookie), and hydrated with the same values and the render's "now", so that the browser draws the very
 * text the server sent ("5 minutes ago" included) and hydration replaces nothing.
 */
export interface Formatting {
  locale?: string;
  timeZone?: string;
  now?: number;
}
let formatting: Formatting = {};
/** Set by entry-server.tsx around its render, and by hydrate-prerendered.tsx from what the render was made with. */
export const setFormatting = (next: Formatting): void => {
  formatting = next;
};
/**
 * The locale dates and numbers are written in: the reader's language's when they read another than English
 * (es-US: contract localeOf), else the one the page was rendered with, else (undefined) the browser's.
 */
export const formatLocale = (): string | undefined =>
  isLanguage(i18n.language) && i18n.language !== DEFAULT_LANGUAGE ? localeOf(i18n.language) : formatting.locale;

/** Tells the server this browser's locale and zone, for the signed-in pages it renders (entry-server.tsx). */
export function rememberFormatting(): void {
  const value = formattingCookieValue(new Intl.DateTimeFormat().resolvedOptions());
  // A secure context (https, or http on localhost) keeps Secure cookies: there the name is `__Host-`
  // (contract readFormattingCookie), and the unprefixed name of earlier releases is dropped.
  const secure = window.isSecureContext;
  document.cookie = `${formattingCookieName(secure)}=${value}; path=/; max-age=31536000; samesite=lax${secure ? '; secure' : ''}`;
  if (secure) document.cookie = `${formattingCookieName(false)}=; path=/; max-age=0`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(formatLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: formatting.timeZone,
  });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(formatLocale(), { dateStyle: 'medium', timeZone: formatting.timeZone });
}

/** A calendar day (`YYYY-MM-DD`) as itself, in any reader's time zone: a last day, a birth date. */
export function formatDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(formatLocale(), { dateStyle: 'medium', timeZone: 'UTC' });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday"; "now" under a minute. */
export function formatRelative(iso: string, now: number = formatting.now ?? Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat(formatLocale(), { style: 'currency', currency }).format(cents / 100);
}

/** A stay in a status: "3 d 4 h", "2 h 5 min", "45 min", "< 1 min". */
export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min`;
  return '< 1 min';
}
