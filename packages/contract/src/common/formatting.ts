/**
 * The cookie a browser tells its locale and time zone in, so that a signed-in page rendered on the server writes
 * dates as that browser will when it hydrates the page (apps/web/src/ui/format.ts sets it; the server reads it in
 * apps/server/src/platform/prerender.ts). Neither secret nor personal: without it, the page is drawn by the browser.
 *
 * Named like the session cookie (apps/server/src/platform/auth/sessions.ts cookiePolicy): `__Host-tp_fmt`, Secure,
 * Path=/ and no Domain, wherever the browser keeps Secure cookies (https, and http on localhost or 127.0.0.1: a
 * secure context), so that no sibling subdomain can set the locale and zone a page is rendered in; `tp_fmt` only
 * for development served over plain http on another host.
 */
export const formattingCookieName = (secure: boolean): string => (secure ? '__Host-tp_fmt' : 'tp_fmt');

export interface ReaderFormatting {
  locale: string;
  timeZone: string;
}

/** The cookie's value for a locale and zone. */
export const formattingCookieValue = ({ locale, timeZone }: ReaderFormatting): string =>
  `${encodeURIComponent(locale)}|${encodeURIComponent(timeZone)}`;

/** The locale and zone a cookie's value names, or null for anything that is not a valid locale and IANA zone. */
export function parseFormattingCookie(value: string | undefined): ReaderFormatting | null {
  if (!value || value.length > 200) return null;
  const parts = value.split('|');
  if (parts.length !== 2) return null;
  try {
    const [locale] = Intl.getCanonicalLocales(decodeURIComponent(parts[0]!));
    const timeZone = decodeURIComponent(parts[1]!);
    if (!locale || !timeZone) return null;
    // Throws a RangeError for a zone (or locale) that Intl does not know.
    const resolved = new Intl.DateTimeFormat(locale, { timeZone }).resolvedOptions();
    return { locale, timeZone: resolved.timeZone };
  } catch {
    return null;
  }
}
