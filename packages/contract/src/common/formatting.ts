/**
 * The cookie a browser tells its locale and time zone in, so that a signed-in page rendered on the server writes
 * dates as that browser will when it hydrates the page (apps/web/src/ui/format.ts sets it; the server reads it in
 * apps/server/src/platform/prerender.ts). Neither secret nor personal: without it, the page is drawn by the browser.
 *
 * Named like the session cookie: `__Host-tp_fmt`, Secure, Path=/ and no Domain, wherever the browser is a secure
 * context (https, and http on localhost or 127.0.0.1), so that no sibling subdomain can set the locale and zone a
 * page is rendered in; `tp_fmt` only for development served over plain http on another host.
 */
export const formattingCookieName = (secureContext: boolean): string => (secureContext ? '__Host-tp_fmt' : 'tp_fmt');

/**
 * The reader's locale and zone from a request's cookies. `__Host-tp_fmt` is read always: only a secure context can
 * have set it. `tp_fmt` only where the server's own cookies are not Secure (apps/server cookiePolicy: development
 * over plain http on a LAN address): anywhere else it may have been set by a sibling subdomain.
 */
export function readFormattingCookie(
  cookies: Record<string, string | undefined>,
  serverCookiesSecure: boolean,
): ReaderFormatting | null {
  return parseFormattingCookie(
    cookies[formattingCookieName(true)] ?? (serverCookiesSecure ? undefined : cookies[formattingCookieName(false)]),
  );
}

export interface ReaderFormatting {
  locale: string;
  timeZone: string;
}

/** The cookie's value for a locale and zone. */
export const formattingCookieValue = ({ locale, timeZone }: ReaderFormatting): string =>
  `${encodeURIComponent(locale)}|${encodeURIComponent(timeZone)}`;

/** A zone `Intl` can format a time in (an IANA name, or an alias it knows); false for anything else. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** A zone as `Intl` spells it (`america/new_york` → `America/New_York`); anything that is no zone, as it was. */
export const canonicalTimeZone = (zone: string): string =>
  isTimeZone(zone) ? new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone : zone;

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
