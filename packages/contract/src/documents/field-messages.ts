/**
 * The field messages of a ticket's documents: the questionnaire, document requests, Form 8879 and drafts;
 * FIELD_TEXTS.documents in the server's catalogue. Schemas name them as `{ error: () => DOCUMENT_FIELD_MESSAGES.x }`
 * (common/field-messages.ts says why).
 */
export const DOCUMENT_FIELD_MESSAGES = {
  nineDigits: 'Must be exactly nine digits.',
  taxIdNotIssued: 'This is not an SSN or ITIN that can exist: check the number.',
  accountNumber: 'Must be 4 to 17 digits.',
  number: 'Must be a number.',
  date: 'Must be a date (YYYY-MM-DD).',
  itemId: 'Invalid item id.',
  unknownField: 'Unknown field.',
  whichDocument: 'Say which document.',
  tooManyOther: 'Describe at most 10 other documents at a time (one per line).',
  pickOrDescribe: 'Pick at least one document or describe one.',
  spouseRequired: 'A joint return needs the spouse name and e-mail',
  passwordRequired: 'Enter your password',
  signerName: 'Type your full name',
  signaturePng: 'The drawn signature must be a PNG image',
  signatureRequired: 'Draw or type your signature',
  draftLabel: 'Choose Draft, CPA Reviewed or Sample only',
  changeRequired: 'Tell us what should change',
  unmatchReason: 'Say why this file does not fulfil the request',
} as const;
