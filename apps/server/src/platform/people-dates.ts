import { DEFAULT_LANGUAGE, LANGUAGES, localeOf, type Language } from '@taxportal/contract';

/**
 * Dates in what the server writes for people (notifications, e-mails), in the reader's language's locale (contract
 * localeOf). The server does not know the reader's time zone, so instants say UTC; calendar days (a due date) have
 * none.
 */
const DAY = new Map(
  LANGUAGES.map((l) => [l, new Intl.DateTimeFormat(localeOf(l), { dateStyle: 'medium', timeZone: 'UTC' })]),
);
const INSTANT = new Map(
  LANGUAGES.map((l) => [
    l,
    new Intl.DateTimeFormat(localeOf(l), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  ]),
);

/** '2026-12-21' → 'Dec 21, 2026' (en-US), '21 dic 2026' (es-US). */
export const formatDay = (isoDay: string, language: Language = DEFAULT_LANGUAGE): string =>
  DAY.get(language)!.format(new Date(`${isoDay}T00:00:00Z`));

/** → 'Nov 23, 2026, 3:04 PM UTC'. */
// Some ICU versions put a narrow no-break space before AM/PM: plain spaces read the same in every mail client.
export const formatInstantUtc = (d: Date, language: Language = DEFAULT_LANGUAGE): string =>
  `${INSTANT.get(language)!.format(d).replace(/\s/g, ' ')} UTC`;
