import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { siteEditors, siteEntries, siteRevisions, users, userRoles } from '../platform/db/schema.ts';

export type EntryRow = typeof siteEntries.$inferSelect;

/** A unique index said no (the same route or slug twice). */
export { isUniqueViolation } from '../platform/db/violations.ts';

export async function findEntry(db: Tx, kind: string, id: string): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(siteEntries)
    .where(and(eq(siteEntries.kind, kind), eq(siteEntries.id, id)));
  return row ?? null;
}

export async function findEntryByKey(db: Tx, kind: string, key: string, variant = 'web'): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(siteEntries)
    .where(and(eq(siteEntries.kind, kind), eq(siteEntries.key, key), eq(siteEntries.variant, variant)));
  return row ?? null;
}

export async function findPublished(db: Tx, kind: string, key: string, variant = 'web'): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(siteEntries)
    .where(and(eq(siteEntries.kind, kind), eq(siteEntries.published_key, key), eq(siteEntries.variant, variant)));
  return row?.published ? row : null;
}

export const listEntries = (db: Tx, kind: string) =>
  db
    .select()
    .from(siteEntries)
    .where(eq(siteEntries.kind, kind))
    .orderBy(asc(siteEntries.key), asc(siteEntries.variant));

/** Published entries of a kind, newest first, after a keyset position. */
export async function listPublished(
  db: Tx,
  kind: string,
  opts: { limit: number; after?: { at: string; id: string } },
): Promise<EntryRow[]> {
  const after = opts.after
    ? or(
        lt(siteEntries.published_at, new Date(opts.after.at)),
        and(eq(siteEntries.published_at, new Date(opts.after.at)), lt(siteEntries.id, opts.after.id)),
      )
    : undefined;
  return db
    .select()
    .from(siteEntries)
    .where(and(eq(siteEntries.kind, kind), isNotNull(siteEntries.published), after))
    .orderBy(desc(siteEntries.published_at), desc(siteEntries.id))
    .limit(opts.limit);
}

/** Every published entry, for the sitemap. */
export const listAllPublished = (db: Tx) =>
  db
    .select({
      kind: siteEntries.kind,
      key: siteEntries.published_key,
      variant: siteEntries.variant,
      published_at: siteEntries.published_at,
      published: siteEntries.published,
    })
    .from(siteEntries)
    .where(isNotNull(siteEntries.published))
    .orderBy(asc(siteEntries.kind), asc(siteEntries.published_key));

export async function insertEntry(
  tx: Tx,
  e: { kind: string; key: string; variant: string; data: unknown },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(siteEntries).values({ id, kind: e.kind, key: e.key, variant: e.variant, draft: e.data });
  return id;
}

export async function updateEntry(tx: Tx, id: string, set: Partial<typeof siteEntries.$inferInsert>): Promise<void> {
  await tx
    .update(siteEntries)
    .set({ ...set, updated_at: sql`now()` })
    .where(eq(siteEntries.id, id));
}

export async function deleteEntry(tx: Tx, id: string): Promise<void> {
  await tx.delete(siteEntries).where(eq(siteEntries.id, id));
}

export async function insertRevision(
  tx: Tx,
  r: { entryId: string; action: string; data: unknown; authorId: string | null },
): Promise<string> {
  const id = randomUUID();
  await tx
    .insert(siteRevisions)
    .values({ id, entry_id: r.entryId, action: r.action, data: r.data, author_id: r.authorId });
  return id;
}

export const listRevisions = (db: Tx, entryId: string) =>
  db
    .select({
      id: siteRevisions.id,
      action: siteRevisions.action,
      data: siteRevisions.data,
      created_at: siteRevisions.created_at,
      author_name: users.full_name,
    })
    .from(siteRevisions)
    .leftJoin(users, eq(users.id, siteRevisions.author_id))
    .where(eq(siteRevisions.entry_id, entryId))
    .orderBy(desc(siteRevisions.created_at), desc(siteRevisions.id));

export async function findRevision(db: Tx, entryId: string, revisionId: string) {
  const [row] = await db
    .select()
    .from(siteRevisions)
    .where(and(eq(siteRevisions.entry_id, entryId), eq(siteRevisions.id, revisionId)));
  return row ?? null;
}

export { isSiteEditor } from '../platform/users.ts';

export const listEditors = (db: Tx) =>
  db
    .select({ user_id: siteEditors.user_id, full_name: users.full_name, email: users.email })
    .from(siteEditors)
    .innerJoin(users, eq(users.id, siteEditors.user_id))
    .orderBy(asc(users.full_name));

export async function insertEditor(tx: Tx, userId: string, grantedBy: string): Promise<void> {
  await tx.insert(siteEditors).values({ user_id: userId, granted_by: grantedBy }).onConflictDoNothing();
}

export async function deleteEditor(tx: Tx, userId: string): Promise<boolean> {
  const gone = await tx.delete(siteEditors).where(eq(siteEditors.user_id, userId)).returning();
  return gone.length > 0;
}

/** The user's roles, for granting editing only to staff. */
export { rolesOf } from '../platform/users.ts';

/** Users holding any of the roles, to notify of a new enquiry. */
export const usersWithRoles = async (db: Tx, roles: readonly string[]): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: userRoles.user_id })
      .from(userRoles)
      .where(sql`${userRoles.role} in ${roles}`)
  ).map((r) => r.id);
