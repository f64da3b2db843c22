import { accountPaths, isMaskedValue, normalTaxId, taxIdPaths, type OrganizerDefinition } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { fieldError } from '../platform/errors.ts';
import { sealField } from '../platform/field-crypto.ts';
import * as sealed from '../platform/sealed-values.ts';

/**
 * The organizer's SSNs and ITINs (its `tax_id` questions, in groups too) and bank account numbers (text questions of
 * that format), sealed as the questionnaire seals its own (platform/sealed-values.ts): bound to the ticket, the
 * question and the group entry's id. Masked `***-**-1234` (an account `****1234`) in every answer; a masked value
 * sent back keeps what is stored, and so does a save that leaves the answer out (a page that never showed it);
 * only null removes it.
 */
type Json = Record<string, unknown>;

/** Every sealed answer's place: SSNs and ITINs, then account numbers. */
const sealedPaths = (definition: OrganizerDefinition) => [...taxIdPaths(definition), ...accountPaths(definition)];

/** The mask of a sealed answer by its place (an account number's is the questionnaire's `****1234`). */
const maskFor = (definition: OrganizerDefinition) => {
  const accounts = new Set(accountPaths(definition));
  return (pattern: string, last4: string) => (accounts.has(pattern) ? `****${last4}` : `***-**-${last4}`);
};

function schemeOf(ticketId: string, definition: OrganizerDefinition): sealed.SealScheme {
  return {
    patterns: sealedPaths(definition),
    context: (pattern, itemId) => `${ticketId}|organizer.${pattern}|${itemId}`,
    mask: maskFor(definition),
    keepOmitted: true,
    isMasked: isMaskedValue,
    auditName: (pattern, itemId) => `organizer.${pattern.replace('.*.', () => `[${itemId}].`)}`,
    // The request names the field under `answers` (the body's own path).
    unknownMask: (path) => fieldError(`answers.${path}`, TICKET_TEXTS.questionnaire.enterFullNumber),
  };
}

export function sealOrganizerAnswers(
  key: Buffer,
  ticketId: string,
  definition: OrganizerDefinition,
  incoming: Json,
  stored: Json,
): sealed.SealedAnswers {
  return sealed.sealAnswers(key, schemeOf(ticketId, definition), incoming, stored);
}

export function maskOrganizerAnswers(definition: OrganizerDefinition, stored: Json): Json {
  return sealed.maskAnswers({ patterns: sealedPaths(definition), mask: maskFor(definition) }, stored);
}

/** The pattern a reveal path (`ssn`, `dependents.<entry id>.ssn`) names, with the entry, or null if none. */
function patternOf(definition: OrganizerDefinition, path: string): { pattern: string; itemId: string } | null {
  const parts = path.split('.');
  const [pattern, itemId] = parts.length === 3 ? [`${parts[0]}.*.${parts[2]}`, parts[1]!] : [path, ''];
  return sealedPaths(definition).includes(pattern) ? { pattern, itemId } : null;
}

export const isProtectedPath = (definition: OrganizerDefinition, path: string) => patternOf(definition, path) !== null;

/** One stored value in clear by its reveal path (an SSN or ITIN as `123-45-6789`); null when nothing is stored. */
export function revealOrganizerValue(
  key: Buffer,
  ticketId: string,
  definition: OrganizerDefinition,
  stored: Json,
  path: string,
): string | null {
  const wanted = patternOf(definition, path);
  if (!wanted) return null;
  const scheme = schemeOf(ticketId, definition);
  const value = sealed.revealSlot(
    key,
    { patterns: [wanted.pattern], context: scheme.context },
    stored,
    (slot) => slot.itemId === wanted.itemId,
  );
  return value !== null && taxIdPaths(definition).includes(wanted.pattern) ? normalTaxId(value) : value;
}

/** Answers copied from another ticket's organizer (carried forward): each SSN opened and sealed again for this one. */
export function resealOrganizerAnswers(
  key: Buffer,
  fromTicketId: string,
  toTicketId: string,
  definition: OrganizerDefinition,
  stored: Json,
): Json {
  return sealed.resealAnswers(key, schemeOf(fromTicketId, definition), schemeOf(toTicketId, definition), stored);
}

/**
 * A number from elsewhere (a household dependent's, claimed on this return: organizer-household.ts) as this ticket's
 * organizer stores it in entry `itemId` of `group`'s `field`: sealed for this ticket, as a save would.
 */
export function sealEntryValue(
  key: Buffer,
  ticketId: string,
  definition: OrganizerDefinition,
  group: string,
  field: string,
  itemId: string,
  clear: string,
): sealed.SealedValue {
  const digits = clear.replace(/-/g, '');
  const context = schemeOf(ticketId, definition).context(`${group}.*.${field}`, itemId);
  return { $sealed: sealField(key, digits, context), last4: digits.slice(-4) };
}
