import { isMaskedValue, type HouseholdDependent } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { Db, Tx } from '../platform/db/client.ts';
import { fieldError } from '../platform/errors.ts';
import * as sealed from '../platform/sealed-values.ts';
import type { DependentRow } from './dependents.repository.ts';
import { householdOf } from './households.repository.ts';

/** What the household's dependents are built from: app.ts hands the vault's key and clock. */
export interface DependentsDeps {
  db: Db;
  /** Master key: wraps each SSN's own key (platform/field-crypto.ts). */
  encryptionKey: Buffer;
  now: () => Date;
}

/**
 * The people whose dependents make a person's household list: both members of their household, or the person alone
 * (a customer without a household keeps their own, and brings them when they join one).
 */
export async function householdPeople(db: Tx, userId: string): Promise<string[]> {
  const household = await householdOf(db, userId);
  const members = household?.members.map((m) => m.user_id) ?? [];
  return members.includes(userId) ? members : [userId];
}

/**
 * A dependent's SSN or ITIN, sealed as the questionnaire and the organizer seal theirs (platform/sealed-values.ts):
 * bound to its owner and id, so a sealed value copied to another row does not open. Masked `***-**-1234` in every
 * answer; a mask sent back keeps what is stored.
 */
const mask = (_pattern: string, last4: string) => `***-**-${last4}`;
const schemeOf = (key: { owner_id: string; id: string }, field: string): sealed.SealScheme => ({
  patterns: ['ssn'],
  context: () => `${key.owner_id}|household.dependent.ssn|${key.id}`,
  mask,
  isMasked: isMaskedValue,
  auditName: () => 'ssn',
  unknownMask: () => fieldError(field, TICKET_TEXTS.questionnaire.enterFullNumber),
});

export interface SealedSsn {
  ssn: sealed.SealedValue | null;
  /** Given a new number, or its number removed (for the audit log: names, never values). */
  written: boolean;
  cleared: boolean;
}

/**
 * A number as given (`123-45-6789`, the mask: keep, null: remove, undefined: keep) → what the row holds. `field`
 * names the answer in the refusal of a mask that matches nothing stored.
 */
export function sealSsn(
  key: Buffer,
  row: { owner_id: string; id: string },
  given: string | null | undefined,
  stored: unknown,
  field = 'ssn',
): SealedSsn {
  if (given === undefined) return { ssn: sealed.isSealedValue(stored) ? stored : null, written: false, cleared: false };
  const out = sealed.sealAnswers(key, schemeOf(row, field), { ssn: given }, { ssn: stored ?? null });
  const ssn = out.answers.ssn;
  return {
    ssn: sealed.isSealedValue(ssn) ? ssn : null,
    written: out.written.length > 0,
    cleared: out.cleared.length > 0,
  };
}

/** The stored number in clear (nine digits), or null. */
export function openSsn(key: Buffer, row: DependentRow): string | null {
  if (!sealed.isSealedValue(row.ssn)) return null;
  return sealed.revealSlot(key, schemeOf(row, 'ssn'), { ssn: row.ssn }, () => true);
}

/** A row as the API shows it: the number masked. */
export function dependentView(row: DependentRow): HouseholdDependent {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    date_of_birth: row.date_of_birth,
    relationship: row.relationship,
    months_lived_with_you: row.months_lived_with_you,
    ssn: sealed.isSealedValue(row.ssn) ? mask('ssn', row.ssn.last4) : null,
    updated_at: row.updated_at.toISOString(),
  };
}
