import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { opaqueText, secretText, text } from './text.ts';

/** Trimmed, lower-cased e-mail: one account per address whatever the casing. */
export const emailSchema = text()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/** E.164 (`+15551234567`); national formats with a leading + are normalised. */
export const phoneSchema = text()
  .refine((v) => v.startsWith('+') && isValidPhoneNumber(v), {
    error: 'Enter a phone number in international format, e.g. +15551234567',
  })
  .transform((v) => parsePhoneNumberFromString(v)?.number ?? v);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const newPasswordSchema = secretText()
  .min(PASSWORD_MIN, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX, { error: 'Password must be at most 128 characters' });

export const idSchema = opaqueText().min(1).max(64);
