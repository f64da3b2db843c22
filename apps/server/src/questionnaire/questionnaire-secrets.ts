import { SECRET_FIELDS, isMaskedValue, type QuestionnaireSection } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { fieldError } from '../platform/errors.ts';
import { openField, sealField } from '../platform/field-crypto.ts';

/**
 * SSNs, ITINs and account numbers inside a section's answers. In the table each is
 * `{ $sealed, last4 }`: AES-256-GCM under its own key wrapped by the master key, bound to the ticket,
 * the field and (for list items) the item's id, so moving items around never breaks them and a value
 * copied elsewhere does not open. Out of the table they are masked; in requests, a masked value means
 * "keep what is stored".
 */
export interface SealedValue {
  $sealed: string;
  last4: string;
}
type Json = Record<string, unknown>;

export const isSealedValue = (v: unknown): v is SealedValue =>
  typeof v === 'object' && v !== null && typeof (v as SealedValue).$sealed === 'string';

const isAccount = (pattern: string) => pattern.endsWith('account_number');
export const maskOf = (pattern: string, last4: string) => (isAccount(pattern) ? `****${last4}` : `***-**-${last4}`);

const contextOf = (ticketId: string, section: string, pattern: string, itemId: string) =>
  `${ticketId}|${section}.${pattern}|${itemId}`;

/** Every place a pattern (`dependents.*.ssn`) reaches in `answers`: its container, key, path and item id. */
interface Slot {
  container: Json;
  key: string;
  /** The concrete path, with list indexes (`dependents.0.ssn`), as the API names fields. */
  path: string;
  itemId: string;
}
function slots(answers: Json, pattern: string): Slot[] {
  const parts = pattern.split('.');
  const out: Slot[] = [];
  const walk = (node: unknown, i: number, path: string[], itemId: string) => {
    if (typeof node !== 'object' || node === null) return;
    const part = parts[i]!;
    if (part === '*') {
      if (!Array.isArray(node)) return;
      node.forEach((item, idx) => walk(item, i + 1, [...path, String(idx)], String((item as Json | null)?.id ?? idx)));
      return;
    }
    if (i === parts.length - 1) {
      out.push({ container: node as Json, key: part, path: [...path, part].join('.'), itemId });
      return;
    }
    walk((node as Json)[part], i + 1, [...path, part], itemId);
  };
  walk(answers, 0, [], '');
  return out;
}

/** What is stored for the same field of the same item (matched by item id, not position). */
function storedAt(stored: Json, pattern: string, itemId: string): SealedValue | null {
  const found = slots(stored, pattern).find((s) => s.itemId === itemId);
  const v = found ? found.container[found.key] : undefined;
  return isSealedValue(v) ? v : null;
}

/** A protected field as the audit log names it: list items by their id, not their position. */
const auditName = (section: string, pattern: string, itemId: string) =>
  `${section}.${pattern.replace('.*.', () => `[${itemId}].`)}`;

export interface SealedAnswers {
  answers: Json;
  /** Protected fields given a new value by this save (names only, never values). */
  written: string[];
  /** Protected fields whose stored value this save removed (sent empty, or their list item removed). */
  cleared: string[];
}

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
): SealedAnswers {
  const out = structuredClone(incoming);
  const written: string[] = [];
  const cleared: string[] = [];
  for (const pattern of SECRET_FIELDS[section]) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (v === undefined || v === null || v === '') {
        slot.container[slot.key] = null;
        continue;
      }
      const value = String(v);
      if (isMaskedValue(value)) {
        const kept = storedAt(stored, pattern, slot.itemId);
        if (!kept || maskOf(pattern, kept.last4) !== value)
          throw fieldError(slot.path, TICKET_TEXTS.questionnaire.enterFullNumber);
        slot.container[slot.key] = kept;
        continue;
      }
      const digits = value.replace(/-/g, '');
      slot.container[slot.key] = {
        $sealed: sealField(key, digits, contextOf(ticketId, section, pattern, slot.itemId)),
        last4: digits.slice(-4),
      } satisfies SealedValue;
      written.push(auditName(section, pattern, slot.itemId));
    }
    for (const before of slots(stored, pattern)) {
      if (!isSealedValue(before.container[before.key])) continue;
      if (!storedAt(out, pattern, before.itemId)) cleared.push(auditName(section, pattern, before.itemId));
    }
  }
  return { answers: out, written, cleared };
}

/** Stored answers → the API's view: every sealed value masked. */
export function maskAnswers(section: QuestionnaireSection, stored: Json): Json {
  const out = structuredClone(stored);
  for (const pattern of SECRET_FIELDS[section]) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (isSealedValue(v)) slot.container[slot.key] = maskOf(pattern, v.last4);
    }
  }
  return out;
}

/** One stored value in clear, by its API path (`tax_payer.dependents.0.ssn`); null if none is stored there. */
export function revealValue(
  key: Buffer,
  ticketId: string,
  section: QuestionnaireSection,
  stored: Json,
  path: string,
): string | null {
  for (const pattern of SECRET_FIELDS[section]) {
    const slot = slots(stored, pattern).find((s) => s.path === path);
    if (!slot) continue;
    const v = slot.container[slot.key];
    if (!isSealedValue(v)) return null;
    return openField(key, v.$sealed, contextOf(ticketId, section, pattern, slot.itemId));
  }
  return null;
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
  const out = structuredClone(stored);
  for (const pattern of SECRET_FIELDS[section]) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (!isSealedValue(v)) continue;
      const clear = openField(key, v.$sealed, contextOf(fromTicketId, section, pattern, slot.itemId));
      slot.container[slot.key] = {
        $sealed: sealField(key, clear, contextOf(toTicketId, section, pattern, slot.itemId)),
        last4: v.last4,
      } satisfies SealedValue;
    }
  }
  return out;
}
