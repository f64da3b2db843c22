import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  HOUSEHOLD_DEPENDENT_MESSAGES as M,
  MAX_HOUSEHOLD_DEPENDENTS,
  normalTaxId,
  type HouseholdDependent,
  type HouseholdDependentList,
  type householdDependentBodySchema,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { isSealedValue } from '../platform/sealed-values.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { dependentView, householdPeople, openSsn, sealSsn, type DependentsDeps } from './dependent-values.ts';
import * as repo from './dependents.repository.ts';

/**
 * The Household → Dependents page (issue 32 item 5): the dependents of the caller's household, which both spouses see
 * and change (docs/decisions/0032-a). Another household's dependent is not found (404), whoever asks. Each change is
 * audited with the names of the protected fields it wrote or removed; the clear number only through the reveal.
 */
type Body = z.output<typeof householdDependentBodySchema>;

/** Empty texts are no answer. */
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);
const fieldsOf = (body: Partial<Body>) => ({
  first_name: body.first_name!,
  last_name: orNull(body.last_name),
  date_of_birth: orNull(body.date_of_birth),
  relationship: orNull(body.relationship),
  months_lived_with_you: orNull(body.months_lived_with_you),
});

const sealedMeta = (s: { written: boolean; cleared: boolean }) => ({
  ...(s.written ? { sealed_written: ['ssn'] } : {}),
  ...(s.cleared ? { sealed_cleared: ['ssn'] } : {}),
});

export async function listHouseholdDependents(
  deps: DependentsDeps,
  auth: AuthContext,
): Promise<HouseholdDependentList> {
  const people = await householdPeople(deps.db, auth.user.id);
  const rows = await repo.dependentsOf(deps.db, people);
  return { items: rows.map(dependentView), max: MAX_HOUSEHOLD_DEPENDENTS };
}

/**
 * A second dependent of the household with the same SSN or ITIN (a double-tapped Save made two): 409. Sealed values
 * are bound to their row (none seal alike), so the household's are opened and compared as digits; the stored last
 * four narrow which. `given`: the number in clear, or null/undefined (nothing to compare).
 */
function refuseSameSsn(
  key: Buffer,
  rows: readonly repo.DependentRow[],
  given: string | null | undefined,
  except?: { owner_id: string; id: string },
) {
  const digits = typeof given === 'string' ? given.replace(/\D/g, '') : '';
  if (digits.length !== 9) return;
  const same = rows.some(
    (r) =>
      !(except && r.owner_id === except.owner_id && r.id === except.id) &&
      isSealedValue(r.ssn) &&
      r.ssn.last4 === digits.slice(-4) &&
      openSsn(key, r)?.replace(/\D/g, '') === digits,
  );
  if (same) throw new AppError('conflict', M.duplicateSsn);
}

/**
 * A new dependent of `userId`'s household, kept by them, under the household's limit (checked under a lock: two
 * spouses adding at once never pass it). `id`: an organizer entry's (it names the dependent there), else a new one.
 */
export async function insertHouseholdDependent(
  tx: Tx,
  deps: DependentsDeps,
  opts: { userId: string; actorId: string; id?: string; body: Body; ssnField?: string; via?: Record<string, unknown> },
): Promise<HouseholdDependent> {
  const people = await householdPeople(tx, opts.userId);
  await repo.lockHouseholdList(tx, people);
  if ((await repo.countDependents(tx, people)) >= MAX_HOUSEHOLD_DEPENDENTS)
    throw new AppError('conflict', M.tooMany, { params: { max: MAX_HOUSEHOLD_DEPENDENTS } });
  refuseSameSsn(deps.encryptionKey, await repo.dependentsOf(tx, people), opts.body.ssn);
  const key = { owner_id: opts.userId, id: opts.id ?? randomUUID() };
  const ssn = sealSsn(deps.encryptionKey, key, opts.body.ssn ?? null, null, opts.ssnField);
  const row = await repo.insertDependent(tx, {
    ...key,
    ...fieldsOf(opts.body),
    ssn: ssn.ssn,
    updated_by: opts.actorId,
    at: deps.now(),
  });
  await audit(tx, {
    actorId: opts.actorId,
    action: 'household.dependent.create',
    entityType: 'household_dependent',
    entityId: row.id,
    meta: { owner_id: row.owner_id, ...opts.via, ...sealedMeta(ssn) },
  });
  return dependentView(row);
}

export async function createHouseholdDependent(
  deps: DependentsDeps,
  auth: AuthContext,
  body: Body,
): Promise<HouseholdDependent> {
  return deps.db.transaction((tx) =>
    insertHouseholdDependent(tx, deps, { userId: auth.user.id, actorId: auth.user.id, body }),
  );
}

/** One dependent of the caller's household, or 404 (another household's reads as none). */
async function ownDependent(db: Tx, auth: AuthContext, id: string, opts: { lock?: boolean } = {}) {
  const people = await householdPeople(db, auth.user.id);
  const row = await repo.findDependent(db, people, id, opts);
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The whole dependent again (either spouse): a masked SSN keeps the stored one, null removes it, absent keeps it. */
export async function updateHouseholdDependent(
  deps: DependentsDeps,
  auth: AuthContext,
  id: string,
  body: Body,
): Promise<HouseholdDependent> {
  return deps.db.transaction(async (tx) => {
    const row = await ownDependent(tx, auth, id, { lock: true });
    const ssn = sealSsn(deps.encryptionKey, row, body.ssn, row.ssn);
    if (ssn.written) {
      const people = await householdPeople(tx, auth.user.id);
      await repo.lockHouseholdList(tx, people);
      refuseSameSsn(deps.encryptionKey, await repo.dependentsOf(tx, people), body.ssn, row);
    }
    const saved = await repo.updateDependent(tx, row, {
      ...fieldsOf(body),
      ssn: ssn.ssn,
      updated_by: auth.user.id,
      at: deps.now(),
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.dependent.update',
      entityType: 'household_dependent',
      entityId: row.id,
      meta: { owner_id: row.owner_id, ...sealedMeta(ssn) },
    });
    return dependentView(saved);
  });
}

/** Out of the household's list; the years' answers that claimed them keep what they were given. */
export async function deleteHouseholdDependent(deps: DependentsDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await ownDependent(tx, auth, id, { lock: true });
    await repo.deleteDependent(tx, row);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.dependent.delete',
      entityType: 'household_dependent',
      entityId: row.id,
      meta: { owner_id: row.owner_id, ...(row.ssn ? { sealed_cleared: ['ssn'] } : {}) },
    });
  });
}

/** The dependent's SSN or ITIN in clear, for a member of the household; every reveal is audited. */
export async function revealHouseholdDependent(
  deps: DependentsDeps,
  auth: AuthContext,
  id: string,
): Promise<{ id: string; value: string }> {
  const row = await ownDependent(deps.db, auth, id);
  const value = openSsn(deps.encryptionKey, row);
  if (value === null) throw notFound(M.nothingStored);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'household.dependent.reveal',
    entityType: 'household_dependent',
    entityId: row.id,
    meta: { owner_id: row.owner_id, field: 'ssn' },
  });
  return { id: row.id, value: normalTaxId(value) };
}
