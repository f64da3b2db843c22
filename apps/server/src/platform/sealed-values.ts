import { openField, sealField } from './field-crypto.ts';

/**
 * Protected values (SSNs, ITINs, account numbers) inside a JSON document of answers: the questionnaire's sections
 * and the organizer's answers. Where a value lives is named by a pattern (`ssn`, `dependents.*.ssn`: `*` walks a
 * list of items, each with an `id`). In the table each value is `{ $sealed, last4 }`: field-crypto under its own
 * key wrapped by the master key, bound to a context the owner makes from the pattern and the item's id, so moving
 * items around never breaks them and a value copied elsewhere does not open. Out of the table they are masked; in
 * requests, a masked value means "keep what is stored".
 */
export interface SealedValue {
  $sealed: string;
  last4: string;
}
type Json = Record<string, unknown>;

export const isSealedValue = (v: unknown): v is SealedValue =>
  typeof v === 'object' && v !== null && typeof (v as SealedValue).$sealed === 'string';

/** How one document's protected values are sealed: its owner's rules. */
export interface SealScheme {
  patterns: readonly string[];
  /** The context a value is bound to (its ticket, document, pattern and item). */
  context(pattern: string, itemId: string): string;
  mask(pattern: string, last4: string): string;
  isMasked(value: string): boolean;
  /** The field as the audit log names it (items by id, never by position). */
  auditName(pattern: string, itemId: string): string;
  /** The refusal of a masked value that matches nothing stored (the full number must be typed again). */
  unknownMask(path: string): Error;
  /**
   * A field left out of the incoming answers keeps what is stored (the organizer's: only null clears); without it,
   * left out clears as null does (the questionnaire's sections).
   */
  keepOmitted?: boolean;
}

/** Every place a pattern (`dependents.*.ssn`) reaches in `answers`: its container, key, path and item id. */
export interface Slot {
  container: Json;
  key: string;
  /** The concrete path, with list indexes (`dependents.0.ssn`), as a request's fields are named. */
  path: string;
  itemId: string;
}
export function slots(answers: Json, pattern: string): Slot[] {
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

export interface SealedAnswers {
  answers: Json;
  /** Protected fields given a new value by this save (names only, never values). */
  written: string[];
  /** Protected fields whose stored value this save removed (sent empty, or their list item removed). */
  cleared: string[];
}

/**
 * Incoming (validated) answers → what the table holds: new values sealed, masked ones kept, empty ones (null,
 * absent unless the scheme keeps what is left out) stored as null, so the ciphertext is gone from the row and not
 * merely hidden.
 */
export function sealAnswers(key: Buffer, scheme: SealScheme, incoming: Json, stored: Json): SealedAnswers {
  const out = structuredClone(incoming);
  const written: string[] = [];
  const cleared: string[] = [];
  for (const pattern of scheme.patterns) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (v === undefined && scheme.keepOmitted) {
        const kept = storedAt(stored, pattern, slot.itemId);
        if (kept) slot.container[slot.key] = kept;
        continue;
      }
      if (v === undefined || v === null || v === '') {
        slot.container[slot.key] = null;
        continue;
      }
      const value = String(v);
      if (scheme.isMasked(value)) {
        const kept = storedAt(stored, pattern, slot.itemId);
        if (!kept || scheme.mask(pattern, kept.last4) !== value) throw scheme.unknownMask(slot.path);
        slot.container[slot.key] = kept;
        continue;
      }
      const digits = value.replace(/-/g, '');
      slot.container[slot.key] = {
        $sealed: sealField(key, digits, scheme.context(pattern, slot.itemId)),
        last4: digits.slice(-4),
      } satisfies SealedValue;
      written.push(scheme.auditName(pattern, slot.itemId));
    }
    for (const before of slots(stored, pattern)) {
      if (!isSealedValue(before.container[before.key])) continue;
      if (!storedAt(out, pattern, before.itemId)) cleared.push(scheme.auditName(pattern, before.itemId));
    }
  }
  return { answers: out, written, cleared };
}

/** Stored answers → the API's view: every sealed value masked. */
export function maskAnswers(scheme: Pick<SealScheme, 'patterns' | 'mask'>, stored: Json): Json {
  const out = structuredClone(stored);
  for (const pattern of scheme.patterns) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (isSealedValue(v)) slot.container[slot.key] = scheme.mask(pattern, v.last4);
    }
  }
  return out;
}

/** The stored value at the first slot `found` picks, in clear; null if none is stored there. */
export function revealSlot(
  key: Buffer,
  scheme: Pick<SealScheme, 'patterns' | 'context'>,
  stored: Json,
  found: (slot: Slot, pattern: string) => boolean,
): string | null {
  for (const pattern of scheme.patterns) {
    const slot = slots(stored, pattern).find((s) => found(s, pattern));
    if (!slot) continue;
    const v = slot.container[slot.key];
    if (!isSealedValue(v)) return null;
    return openField(key, v.$sealed, scheme.context(pattern, slot.itemId));
  }
  return null;
}

/**
 * The answers with every sealed value opened, for a copy another owner seals under its own scheme (a questionnaire
 * carried into an organizer): held in memory only, never stored nor answered as they are.
 */
export function openAnswers(key: Buffer, scheme: Pick<SealScheme, 'patterns' | 'context'>, stored: Json): Json {
  const out = structuredClone(stored);
  for (const pattern of scheme.patterns)
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (isSealedValue(v)) slot.container[slot.key] = openField(key, v.$sealed, scheme.context(pattern, slot.itemId));
    }
  return out;
}

/** Copies answers to another owner (a prefill): every value opened under `from` and sealed again under `to`. */
export function resealAnswers(
  key: Buffer,
  from: Pick<SealScheme, 'patterns' | 'context'>,
  to: Pick<SealScheme, 'context'>,
  stored: Json,
): Json {
  const out = structuredClone(stored);
  for (const pattern of from.patterns) {
    for (const slot of slots(out, pattern)) {
      const v = slot.container[slot.key];
      if (!isSealedValue(v)) continue;
      const clear = openField(key, v.$sealed, from.context(pattern, slot.itemId));
      slot.container[slot.key] = {
        $sealed: sealField(key, clear, to.context(pattern, slot.itemId)),
        last4: v.last4,
      } satisfies SealedValue;
    }
  }
  return out;
}
