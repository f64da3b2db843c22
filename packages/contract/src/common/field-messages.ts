/**
 * The field messages of the contract's common rules (common/fields.ts, common/text.ts), and the ones several domains'
 * schemas say alike. The server's catalogue names them (texts/fields.ts, FIELD_TEXTS.common) and answers them in the
 * reader's language.
 *
 * Schemas name a message as `{ error: () => COMMON_FIELD_MESSAGES.nameRequired }`: a function, read only when a
 * value fails, so a schema the web's bundler drops takes its message with it (a property read at module level is
 * kept as a possible side effect, and with it the whole object).
 */
export const PHONE_INVALID =
  'Enter a valid phone number (a number from another country starts with + and its country code).';

export const COMMON_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  yearRequired: 'Year is required',
  invalidCursor: 'Invalid cursor',
  amountWholeCents: 'Amounts are in whole cents',
  amountNotNegative: 'Amounts cannot be negative',
  emailInvalid: 'Enter a valid e-mail address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  /** What a person is told when a number they typed is not one (the form and the server say it alike). */
  phoneInvalid: PHONE_INVALID,
  dateInvalid: 'Use a date like 2026-04-15',
} as const;
