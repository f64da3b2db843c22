import { SECRET_FIELDS, isMaskedValue, type QuestionnaireSection } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { fieldError } from '../platform/errors.ts';
import * as sealed from '../platform/sealed-values.ts';

/**
 * SSNs, ITINs and account numbers inside a section's answers (SECRET_FIELDS), sealed by platform/sealed-values.ts:
 * bound to the ticket, the field and (for list items) the item's id. This module holds the questionnaire's own
 * rules: the context, the masks and the refusal of a masked value that matches nothing stored.
 */
type Json = Record<string, unknown>;

const isAccount = (pattern: string) => pattern.endsWith('account_number');
export const maskOf = (pattern: string, last4: string) => (isAccount(pattern) ? `****${last4}` : `***-**-${last4}`);

/** The section's sealing rules for one ticket. */
const schemeOf = (ticketId: string, section: QuestionnaireSection): sealed.SealScheme => ({
  patterns: SECRET_FIELDS[section],
  context: (pattern, itemId) => `${ticketId}|${section}.${pattern}|${itemId}`,
  mask: maskOf,
  isMasked: isMaskedValue,
  // A protected field as the audit log names it: list items by their id, not their position.
  auditName: (pattern, itemId) => `${section}.${pattern.replace('.*.', () => `[${itemId}].`)}`,
  unknownMask: (path) => fieldError(path, TICKET_TEXTS.questionnaire.enterFullNumber),
});

/**
 * Incoming (validated) answers → what the table holds: new values sealed, masked ones kept, empty ones
 * (null, absent) stored as null, so the ciphertext is gone from the row and not merely hidden.
 */
export function sealAnswers(
  key: Buffer,
  ticketId: string,
  section: QuestionnaireSection,
  incoming: Json,
  stored: Json,
): sealed.SealedAnswers {
  return sealed.sealAnswers(key, schemeOf(ticketId, section), incoming, stored);
}

/** Stored answers → the API's view: every sealed value masked. */
export function maskAnswers(section: QuestionnaireSection, stored: Json): Json {
  return sealed.maskAnswers({ patterns: SECRET_FIELDS[section], mask: maskOf }, stored);
}

/** One stored value in clear, by its API path (`tax_payer.dependents.0.ssn`); null if none is stored there. */
export function revealValue(
  key: Buffer,
  ticketId: string,
  section: QuestionnaireSection,
  stored: Json,
  path: string,
): string | null {
  return sealed.revealSlot(key, schemeOf(ticketId, section), stored, (slot) => slot.path === path);
}

/** True when `path` names a secret field of the section (whether or not a value is stored). */
export function isSecretPath(section: QuestionnaireSection, path: string): boolean {
  return SECRET_FIELDS[section].some((pattern) =>
    new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '\\d{1,2}')}$`).test(path),
  );
}

/** Copies answers to another ticket (prefill): every secret opened and sealed again for the new ticket. */
export function resealForTicket(
  key: Buffer,
  fromTicketId: string,
  toTicketId: string,
  section: QuestionnaireSection,
  stored: Json,
): Json {
  return sealed.resealAnswers(key, schemeOf(fromTicketId, section), schemeOf(toTicketId, section), stored);
}

/** The section's answers with its secrets in clear, for an organizer that carries them (sealed there again). */
export function openForCarry(key: Buffer, ticketId: string, section: QuestionnaireSection, stored: Json): Json {
  return sealed.openAnswers(key, schemeOf(ticketId, section), stored);
}
