import { z } from 'zod';
import { DOCUMENT_FIELD_MESSAGES as M } from './field-messages.ts';

/**
 * THE rule of a typed SSN or ITIN (the questionnaire's and the organizer's alike, on the server and the web): nine
 * digits, in three groups a dash or a space may part (`123-45-6789`, `123 45 6789`, `123456789`), that the SSA or
 * the IRS could have issued; kept as `123-45-6789`. The masked value the server sends back (`***-**-1234`) means
 * "keep what is stored" and passes as it is. zod-free but for taxIdAnswer, so the web checks with it as it types.
 */

const TYPED = /^(\d{3})[-\s]?(\d{2})[-\s]?(\d{4})$/;
const MASKED = /^\*\*\*-\*\*-\d{4}$/;

/** The nine digits of a typed number (groups parted by a dash or a space), or null when it is not nine digits. */
export function taxIdDigits(typed: string): string | null {
  const m = TYPED.exec(typed.trim());
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/** An SSN the SSA issues: never area 000, 666 or 900–999, group 00 or serial 0000. */
export function isIssuableSsn(digits: string): boolean {
  const area = Number(digits.slice(0, 3));
  return area !== 0 && area !== 666 && area < 900 && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

/** The IRS's ranges of an ITIN's middle digits (its first digit is always 9). */
const ITIN_GROUPS: readonly (readonly [number, number])[] = [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
];

/** An ITIN the IRS issues: 9XX-GG-XXXX with GG in 50–65, 70–88, 90–92 or 94–99. */
export function isIssuableItin(digits: string): boolean {
  const group = Number(digits.slice(3, 5));
  return digits.startsWith('9') && ITIN_GROUPS.some(([low, high]) => group >= low && group <= high);
}

export type TaxIdProblem = 'nine_digits' | 'not_issued';

/** What is wrong with a typed SSN or ITIN (a mask is never wrong: it keeps what is stored), or null. */
export function taxIdProblem(typed: string): TaxIdProblem | null {
  if (MASKED.test(typed.trim())) return null;
  const digits = taxIdDigits(typed);
  if (!digits) return 'nine_digits';
  return isIssuableSsn(digits) || isIssuableItin(digits) ? null : 'not_issued';
}

/** A typed number as it is kept: `123-45-6789` (a mask as it came). */
export function normalTaxId(typed: string): string {
  const digits = taxIdDigits(typed);
  return digits ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : typed.trim();
}

/** An answer holding an SSN or ITIN: the rule above, refused with the field's message, normalised when it passes. */
export const taxIdAnswer = () =>
  z
    .string()
    .trim()
    .refine((v) => taxIdProblem(v) !== 'nine_digits', { error: () => M.nineDigits, abort: true })
    .refine((v) => taxIdProblem(v) === null, { error: () => M.taxIdNotIssued, abort: true })
    .overwrite(normalTaxId);
