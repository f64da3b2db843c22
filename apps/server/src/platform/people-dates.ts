/**
 * Dates in what the server writes for people (notifications, e-mails), in the portal's language (en-US). The
 * server does not know the reader's time zone, so instants say UTC; calendar days (a due date) have none.
 */
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const INSTANT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** '2026-12-21' → 'Dec 21, 2026'. */
export const formatDay = (isoDay: string): string => DAY.format(new Date(`${isoDay}T00:00:00Z`));

/** → 'Nov 23, 2026, 3:04 PM UTC'. */
// Some ICU versions put a narrow no-break space before AM/PM: plain spaces read the same in every mail client.
export const formatInstantUtc = (d: Date): string => `${INSTANT.format(d).replace(/\s/g, ' ')} UTC`;
