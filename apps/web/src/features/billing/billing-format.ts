import { formatLocale } from '../../ui/format.ts';

/** A calendar day ('2026-04-15', no zone) in the user's locale, the same day wherever they are. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(formatLocale(), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
}

/** A tax rate in basis points as the user's locale writes a percentage: 825 → "8.25%". */
export const formatRate = (bp: number): string =>
  `${(bp / 100).toLocaleString(formatLocale(), { maximumFractionDigits: 2 })}%`;
