import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { opaqueText, secretText, text } from './text.ts';
import { COMMON_FIELD_MESSAGES, PHONE_INVALID } from './field-messages.ts';

/** Trimmed, lower-cased e-mail: one account per address whatever the casing. */
export const emailSchema = text()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: () => COMMON_FIELD_MESSAGES.emailInvalid }));

/** What a typed phone number may hold: digits, a leading +, and the usual separators (no letters, no controls). */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]{1,40}$/;

/**
 * The one reading of a phone number as someone typed it: its E.164 form (`+12175550188`), or null when it is not
 * a phone number. A number without + is read in `region` (an ISO 3166 code: the firm's country), so a US firm's
 * visitor may type `(217) 555-0188`; without a region only an international number is read. The number must be
 * valid in its country's plan, or with `possible` only of a possible length (a lookup finds what is stored).
 * Letters are refused rather than read as a vanity number or dropped as noise.
 */
export function phoneE164(raw: string, opts: { region?: string | undefined; possible?: boolean } = {}): string | null {
  const typed = raw.trim();
  if (!PHONE_CHARACTERS.test(typed) || !/\d/.test(typed)) return null;
  const region = opts.region?.toUpperCase();
  const parsed = parsePhoneNumberFromString(
    typed,
    region && isSupportedCountry(region) ? (region as CountryCode) : undefined,
  );
  if (!parsed || !(opts.possible ? parsed.isPossible() : parsed.isValid())) return null;
  return parsed.number;
}

/** What a person is told when a number they typed is not one (the form and the server say it alike). */
export { PHONE_INVALID };

/**
 * A phone number as a person typed it: `+44 20 7946 0958`, or `(217) 555-0188` in the firm's country. The shape is
 * checked here (phone characters, 4 to 17 digits; a number with + must be valid); the server reads a number
 * without + in the firm's country and stores E.164 (server platform/phone.ts normalisePhone), because only it
 * knows the country.
 */
export const phoneSchema = text().refine(
  (v) => {
    if (!PHONE_CHARACTERS.test(v)) return false;
    if (v.startsWith('+')) return phoneE164(v) !== null;
    const digits = v.replace(/\D/g, '').length;
    return digits >= 4 && digits <= 17;
  },
  { error: () => COMMON_FIELD_MESSAGES.phoneInvalid },
);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const newPasswordSchema = secretText()
  .min(PASSWORD_MIN, { error: () => COMMON_FIELD_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: () => COMMON_FIELD_MESSAGES.passwordTooLong });

export const idSchema = opaqueText().min(1).max(64);
