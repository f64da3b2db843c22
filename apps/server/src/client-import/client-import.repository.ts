import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { clientImportRows, clientImports, clientNotes, userRoles, userSettings, users } from '../platform/db/schema.ts';

export type ImportRecord = typeof clientImports.$inferSelect;
export type ImportRowRecord = typeof clientImportRows.$inferSelect;

export async function insertImport(tx: Tx, values: typeof clientImports.$inferInsert) {
  await tx.insert(clientImports).values(values);
}

/** The import if it is the caller's (another Admin's reads as none). */
export async function findOwnImport(tx: Tx, id: string, ownerId: string, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.id, id), eq(clientImports.created_by, ownerId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A page of the Admin's imports, newest first (keyset: created_at, id), after the import `afterId` if given. */
export async function listOwnImports(tx: Tx, ownerId: string, afterId: string | null, limit: number) {
  const after = afterId
    ? sql`(${clientImports.created_at}, ${clientImports.id}) < (select c.created_at, c.id from ${clientImports} c
          where c.id = ${afterId} and c.created_by = ${ownerId})`
    : undefined;
  return tx
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.created_by, ownerId), after))
    .orderBy(desc(clientImports.created_at), desc(clientImports.id))
    .limit(limit);
}

/** An earlier import of the same bytes by the same Admin. */
export async function sameFileImport(tx: Tx, row: Pick<ImportRecord, 'id' | 'sha256' | 'created_by'>) {
  const [found] = await tx
    .select({ id: clientImports.id })
    .from(clientImports)
    .where(
      and(
        eq(clientImports.sha256, row.sha256),
        eq(clientImports.created_by, row.created_by),
        ne(clientImports.id, row.id),
      ),
    )
    .orderBy(desc(clientImports.created_at))
    .limit(1);
  return found?.id ?? null;
}

export async function updateImport(tx: Tx, id: string, set: Partial<typeof clientImports.$inferInsert>) {
  await tx.update(clientImports).set(set).where(eq(clientImports.id, id));
}

export async function deleteRows(tx: Tx, importId: string) {
  await tx.delete(clientImportRows).where(eq(clientImportRows.import_id, importId));
}

export async function insertRows(tx: Tx, values: (typeof clientImportRows.$inferInsert)[]) {
  if (values.length) await tx.insert(clientImportRows).values(values).onConflictDoNothing();
}

/** A list of values as a table to join (`unnest`): the lookup stays a join on the index however many rows the
 * statistics of a table just filled (a commit in progress) still think it has. */
const listOf = (values: string[]) =>
  sql`unnest(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;

const emailRow = rowSchema({ email: col.text() });
const phoneRow = rowSchema({ phone: col.text() });

/** Which of these e-mails an account has (any role). */
export async function existingEmails(tx: Tx, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const found = await rows(
    tx,
    emailRow,
    sql`select u.email from ${users} u join ${listOf([...new Set(emails)])} as v(email) on u.email = v.email`,
  );
  return new Set(found.map((r) => r.email.toLowerCase()));
}

/** Whose of these e-mails an account is: a customer's (any account with the Customer role) or staff's. */
export async function accountKinds(tx: Tx, emails: string[]): Promise<Map<string, 'customer' | 'staff'>> {
  if (!emails.length) return new Map();
  const found = await rows(
    tx,
    rowSchema({ email: col.text(), customer: col.bool() }),
    sql`select u.email, exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'Customer') as customer
        from ${users} u join ${listOf([...new Set(emails)])} as v(email) on u.email = v.email`,
  );
  return new Map(found.map((r) => [r.email.toLowerCase(), r.customer ? 'customer' : 'staff']));
}

/** Which of these phones (E.164) a customer has. */
export async function existingCustomerPhones(tx: Tx, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const found = await rows(
    tx,
    phoneRow,
    sql`select distinct u.phone from ${users} u join ${listOf([...new Set(phones)])} as v(phone) on u.phone = v.phone
        where exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'Customer')`,
  );
  return new Set(found.map((r) => r.phone));
}

export async function countOutcomes(tx: Tx, importId: string) {
  const rows = await tx
    .select({ outcome: clientImportRows.outcome, n: sql<number>`count(*)::int` })
    .from(clientImportRows)
    .where(eq(clientImportRows.import_id, importId))
    .groupBy(clientImportRows.outcome);
  const n = (o: string) => Number(rows.find((r) => r.outcome === o)?.n ?? 0);
  return { to_create: n('create'), duplicates: n('duplicate'), invalid: n('invalid') };
}

/** A page of rows of one outcome (every row without one) after `afterLine`. */
export async function pageRows(
  tx: Tx,
  importId: string,
  outcome: string | undefined,
  afterLine: number,
  limit: number,
) {
  return tx
    .select()
    .from(clientImportRows)
    .where(
      and(
        eq(clientImportRows.import_id, importId),
        outcome === undefined ? undefined : eq(clientImportRows.outcome, outcome),
        sql`${clientImportRows.line} > ${afterLine}`,
      ),
    )
    .orderBy(clientImportRows.line)
    .limit(limit);
}

/** The next rows still to create (commit), locked. */
export async function rowsToCreate(tx: Tx, importId: string, limit: number) {
  return tx
    .select()
    .from(clientImportRows)
    .where(
      and(
        eq(clientImportRows.import_id, importId),
        eq(clientImportRows.outcome, 'create'),
        isNull(clientImportRows.user_id),
      ),
    )
    .orderBy(clientImportRows.line)
    .limit(limit);
}

export async function updateRow(tx: Tx, importId: string, line: number, set: Partial<ImportRowRecord>) {
  await tx
    .update(clientImportRows)
    .set(set)
    .where(and(eq(clientImportRows.import_id, importId), eq(clientImportRows.line, line)));
}

/** How many people the commit made: clients and spouses. */
export async function countCreated(tx: Tx, importId: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`(count(${clientImportRows.user_id}) + count(${clientImportRows.spouse_user_id}))::int`,
    })
    .from(clientImportRows)
    .where(eq(clientImportRows.import_id, importId));
  return Number(row?.n ?? 0);
}

const personRow = rowSchema({ user_id: col.text(), phone: col.text().nullable(), joined: col.bool() });

/** The people an import made (clients and spouses), for its invitations. */
export async function importedPeople(tx: Tx, importId: string) {
  return rows(
    tx,
    personRow,
    sql`
    select u.id as user_id, u.phone, (u.password_hash is not null) as joined
    from ${users} u
    where u.id in (
      select r.user_id from ${clientImportRows} r where r.import_id = ${importId} and r.user_id is not null
      union
      select r.spouse_user_id from ${clientImportRows} r where r.import_id = ${importId} and r.spouse_user_id is not null)`,
  );
}

/** The languages of people just made (their profile's). */
export async function saveLanguages(tx: Tx, values: { user_id: string; language: string }[]) {
  if (values.length) await tx.insert(userSettings).values(values).onConflictDoNothing();
}

/** Staff's notes on clients just made. */
export async function insertNotes(tx: Tx, values: { user_id: string; body: string }[], by: string) {
  if (values.length) await tx.insert(clientNotes).values(values.map((v) => ({ ...v, updated_by: by })));
}

export async function findNotes(tx: Tx, userId: string) {
  const [row] = await tx.select().from(clientNotes).where(eq(clientNotes.user_id, userId));
  return row ?? null;
}

/** Rows made into clients: their client and spouse, in one statement. */
export async function linkRows(
  tx: Tx,
  importId: string,
  links: { line: number; user_id: string; spouse_user_id: string | null }[],
) {
  if (!links.length) return;
  const values = sql.join(
    links.map((l) => sql`(${l.line}::int, ${l.user_id}::text, ${l.spouse_user_id}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${clientImportRows} as r set user_id = v.user_id, spouse_user_id = v.spouse_user_id
    from (values ${values}) as v(line, user_id, spouse_user_id)
    where r.import_id = ${importId} and r.line = v.line`);
}
