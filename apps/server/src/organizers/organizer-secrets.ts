import { isMaskedValue, taxIdPaths, type OrganizerDefinition } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { fieldError } from '../platform/errors.ts';
import * as sealed from '../platform/sealed-values.ts';

/**
 * The organizer's SSNs and ITINs (its `tax_id` questions, in groups too), sealed as the questionnaire seals its
 * own (platform/sealed-values.ts): bound to the ticket, the question and the group entry's id. Masked
 * `***-**-1234` in every answer; a masked value sent back keeps what is stored; null (or nothing) removes it.
 */
type Json = Record<string, unknown>;

const mask = (_pattern: string, last4: string) => `***-**-${last4}`;

function schemeOf(ticketId: string, definition: OrganizerDefinition): sealed.SealScheme {
  return {
    patterns: taxIdPaths(definition),
    context: (pattern, itemId) => `${ticketId}|organizer.${pattern}|${itemId}`,
    mask,
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
  return sealed.maskAnswers({ patterns: taxIdPaths(definition), mask }, stored);
}

/** The pattern a reveal path (`ssn`, `dependents.<entry id>.ssn`) names, with the entry, or null if none. */
function patternOf(definition: OrganizerDefinition, path: string): { pattern: string; itemId: string } | null {
  const parts = path.split('.');
  const [pattern, itemId] = parts.length === 3 ? [`${parts[0]}.*.${parts[2]}`, parts[1]!] : [path, ''];
  return taxIdPaths(definition).includes(pattern) ? { pattern, itemId } : null;
}

export const isProtectedPath = (definition: OrganizerDefinition, path: string) => patternOf(definition, path) !== null;

/** One stored SSN or ITIN in clear, by its reveal path; null when nothing is stored there. */
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
  return sealed.revealSlot(
    key,
    { patterns: [wanted.pattern], context: scheme.context },
    stored,
    (slot) => slot.itemId === wanted.itemId,
  );
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
