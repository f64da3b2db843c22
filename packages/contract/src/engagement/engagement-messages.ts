/**
 * What the server answers about engagement letters (docs/decisions/0036), in English; Spanish in
 * texts/es/engagement.json. `{{field}}` is a merge field's name as the template wrote it.
 */
export const ENGAGEMENT_MESSAGES = {
  templateNotFound: 'Engagement letter template not found.',
  letterNotFound: 'Engagement letter not found.',
  unknownField: 'The merge field {{field}} is not known. Use one of the fields listed under the editor.',
  emptyBody: 'Write the letter.',
  chooseServiceType: 'Choose one of the service types we offer, or none for every type.',
  noTemplate: 'There is no engagement letter template for this service yet. Ask an Admin to write one.',
  ticketOrYear: 'Choose a ticket, or a client and a tax year.',
  noCustomer: 'This client was not found.',
  notDraft: 'Only a draft can be sent.',
  notOpen: 'This letter can no longer be signed or declined: it is {{state}}.',
  notVoidable: 'Only a letter that is not signed yet can be voided: it is {{state}}.',
  alreadySigned: 'You have already signed this letter.',
  staffCannotSign: 'Only the client signs their engagement letter.',
  spouseSignsOwn: 'Your spouse signs their part of the letter signed in with their own account.',
  notASigner: 'You do not sign this letter.',
  nameMismatch: 'Type your full name as it appears on the letter.',
  /** A typed signature must be the signer's name (signing's sameName, as the typed name above). */
  typedSignatureMismatch: 'Type your full name as your signature, as it appears on the letter.',
  /** A template must show the fees: without {{services}} a letter would have none. */
  servicesRequired: 'Put the merge field {{field}} in the letter: it shows the services and their fees.',
  reasonRequired: 'Tell us why you decline.',
  signatureRequired: 'Draw or type your signature.',
  /** The hold at Open (the firm's setting `hold_at_open_until_signed`): a move out of Open refused, 409. */
  heldUnsigned: 'This ticket stays Open until its engagement letter is signed (firm setting).',
  heldNoLetter:
    'This ticket stays Open until its engagement letter is signed (firm setting). Send the client a letter for it first.',
  heldLetterEnded:
    'This ticket stays Open until its engagement letter is signed (firm setting). Its letter was declined, voided or has expired: send the client a new one.',
  depositNeedsTicket:
    "A deposit is asked with a ticket's letter: choose the client's ticket for this year, or leave the deposit out.",
  /** A deposit above the letter's total fees (0036): 422 on deposit_cents; a batch skips such tickets. */
  depositOverFees: "The deposit cannot be more than the letter's total fees.",
  batchNotFound: 'This batch of letters was not found.',
  /** A signer's fifth wrong code (0036): their part locks; staff void the letter and send a new one. */
  locked: 'Too many wrong codes. Ask your tax preparer to send the letter again.',
  /** One live letter per ticket (0036): a second one while one waits or is signed is refused, 409. */
  openLetterExists:
    'This ticket already has an engagement letter waiting for signature. Void it first to send a new one.',
  signedLetterExists: 'This ticket’s engagement letter is already signed: it needs no other.',
  /** One live client's-year letter (no ticket) per client and year, as per ticket (issue 33): 409. */
  openYearLetterExists:
    'This client already has an engagement letter for this tax year waiting for signature. Void it first to send a new one.',
  signedYearLetterExists: 'This client’s engagement letter for this tax year is already signed: it needs no other.',
  /** Staff's "Remind now" (0036): only a letter waiting for signature, at most once a day (the scan's count too). */
  notRemindable: 'Only a letter waiting for signature can be reminded: it is {{state}}.',
  remindedRecently:
    'A reminder for this letter went out less than 24 hours ago. Another can be sent from {{at}} (UTC).',
  /** `{{status}}`: the ticket's status (its label in the reader's language). */
  ticketEnded: 'This ticket is {{status}}: engagement letters are not sent for it.',
} as const;
