import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { opaqueText, secretText, text } from './text.ts';

/** Trimmed, lower-cased e-mail: one account per address whatever the casing. */
export const emailSchema = text()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

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

/** E.164 (`+15551234567`); national formats with a leading + are normalised. */
export const phoneSchema = text()
  .refine((v) => v.startsWith('+') && phoneE164(v) !== null, {
    error: 'Enter a phone number in international format, e.g. +15551234567',
  })
  .transform((v) => phoneE164(v) ?? v);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const newPasswordSchema = secretText()
  .min(PASSWORD_MIN, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX, { error: 'Password must be at most 128 characters' });

export const idSchema = opaqueText().min(1).max(64);
