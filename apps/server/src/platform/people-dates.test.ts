import { describe, expect, it } from 'vitest';
import { formatDay, formatInstantUtc } from './people-dates.ts';

describe('dates for people', () => {
  it('writes a calendar day the same in every time zone', () => {
    expect(formatDay('2026-12-21')).toBe('Dec 21, 2026');
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });
  it('writes an instant in UTC and says so', () => {
    expect(formatInstantUtc(new Date('2026-11-23T15:04:05Z'))).toBe('Nov 23, 2026, 3:04 PM UTC');
  });
});
