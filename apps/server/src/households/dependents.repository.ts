import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { householdDependentDeclines, householdDependents } from '../platform/db/schema.ts';

/** The household's dependents' SQL (docs/decisions/0032-a): rows kept by their owner, read by the household's members. */
export type DependentRow = typeof householdDependents.$inferSelect;
export type DependentFields = Pick<
  DependentRow,
  'first_name' | 'last_name' | 'date_of_birth' | 'relationship' | 'months_lived_with_you' | 'ssn'
>;

/** The dependents these people keep, oldest first. */
export async function dependentsOf(db: Tx, ownerIds: readonly string[]): Promise<DependentRow[]> {
  return db
    .select()
    .from(householdDependents)
    .where(inArray(householdDependents.owner_id, [...ownerIds]))
    .orderBy(asc(householdDependents.created_at), asc(householdDependents.id));
}

/** One of them by id (two members' rows of one id, made apart before they joined: the latest changed). */
export async function findDependent(
  db: Tx,
  ownerIds: readonly string[],
  id: string,
  opts: { lock?: boolean } = {},
): Promise<DependentRow | null> {
  const q = db
    .select()
    .from(householdDependents)
    .where(and(inArray(householdDependents.owner_id, [...ownerIds]), eq(householdDependents.id, id)))
    .orderBy(desc(householdDependents.updated_at))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function countDependents(db: Tx, ownerIds: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(householdDependents)
    .where(inArray(householdDependents.owner_id, [...ownerIds]));
  return row?.n ?? 0;
}

/** Serialises the additions to one household's list for the transaction (its limit holds under concurrent saves). */
export async function lockHouseholdList(tx: Tx, ownerIds: readonly string[]): Promise<void> {
  const key = [...ownerIds].sort()[0]!;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`household-dependents:${key}`}))`);
}

export async function insertDependent(
  tx: Tx,
  row: { owner_id: string; id: string; updated_by: string; at: Date } & DependentFields,
): Promise<DependentRow> {
  const { at, ...values } = row;
  const [made] = await tx
    .insert(householdDependents)
    .values({ ...values, created_at: at, updated_at: at })
    .returning();
  return made!;
}

export async function updateDependent(
  tx: Tx,
  key: { owner_id: string; id: string },
  set: Partial<DependentFields> & { updated_by: string; at: Date },
): Promise<DependentRow> {
  const { at, ...values } = set;
  const [row] = await tx
    .update(householdDependents)
    .set({ ...values, updated_at: at })
    .where(and(eq(householdDependents.owner_id, key.owner_id), eq(householdDependents.id, key.id)))
    .returning();
  return row!;
}

export async function deleteDependent(tx: Tx, key: { owner_id: string; id: string }): Promise<void> {
  await tx
    .delete(householdDependents)
    .where(and(eq(householdDependents.owner_id, key.owner_id), eq(householdDependents.id, key.id)));
}

/** The dependents a ticket's filer said "not this year" to: `owner:id`. */
export async function declinedOn(db: Tx, ticketId: string): Promise<Set<string>> {
  const rows = await db
    .select({ owner_id: householdDependentDeclines.owner_id, dependent_id: householdDependentDeclines.dependent_id })
    .from(householdDependentDeclines)
    .where(eq(householdDependentDeclines.ticket_id, ticketId));
  return new Set(rows.map((r) => `${r.owner_id}:${r.dependent_id}`));
}

export async function setDeclined(
  tx: Tx,
  key: { ticket_id: string; owner_id: string; dependent_id: string },
  declined: boolean,
): Promise<void> {
  if (declined) {
    await tx.insert(householdDependentDeclines).values(key).onConflictDoNothing();
    return;
  }
  await tx
    .delete(householdDependentDeclines)
    .where(
      and(
        eq(householdDependentDeclines.ticket_id, key.ticket_id),
        eq(householdDependentDeclines.owner_id, key.owner_id),
        eq(householdDependentDeclines.dependent_id, key.dependent_id),
      ),
    );
}
