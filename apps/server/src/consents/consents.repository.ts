import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { consents, users } from '../platform/db/schema.ts';

/** SQL of the consents (docs/decisions/0034): the rows, their person, and the guarded state changes. */
export type ConsentRow = typeof consents.$inferSelect & {
  customer_name: string;
  customer_email: string;
};

const selection = {
  id: consents.id,
  customer_id: consents.customer_id,
  group_id: consents.group_id,
  kind: consents.kind,
  state: consents.state,
  language: consents.language,
  preparer_name: consents.preparer_name,
  taxpayer_names: consents.taxpayer_names,
  purpose: consents.purpose,
  information: consents.information,
  recipient_name: consents.recipient_name,
  recipient_email: consents.recipient_email,
  ends_on: consents.ends_on,
  body: consents.body,
  created_by: consents.created_by,
  created_at: consents.created_at,
  signed_at: consents.signed_at,
  expires_at: consents.expires_at,
  signature_name: consents.signature_name,
  signature_factor: consents.signature_factor,
  signature_ip: consents.signature_ip,
  signature_user_agent: consents.signature_user_agent,
  text_sha256: consents.text_sha256,
  sign_failures: consents.sign_failures,
  answered_at: consents.answered_at,
  revoked_at: consents.revoked_at,
  withdrawn_at: consents.withdrawn_at,
  withdrawn_by: consents.withdrawn_by,
  customer_name: users.full_name,
  customer_email: users.email,
};

export async function insertConsents(tx: Tx, rows: (typeof consents.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(consents).values(rows);
}

export async function findConsent(db: Tx, id: string): Promise<ConsentRow | null> {
  const [row] = await db
    .select(selection)
    .from(consents)
    .innerJoin(users, eq(users.id, consents.customer_id))
    .where(eq(consents.id, id));
  return row ?? null;
}

/** The row locked for the rest of the transaction (a state change reads and writes under it). */
export async function lockConsent(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select 1 from ${consents} where ${consents.id} = ${id} for update`);
}

/** Newest first, at most 200: a client's own, or (staff) everyone's or one client's, optionally in one stored state. */
export async function listConsents(
  db: Tx,
  q: { customerId?: string | undefined; states?: readonly string[] | undefined },
): Promise<ConsentRow[]> {
  const where = [
    q.customerId ? eq(consents.customer_id, q.customerId) : undefined,
    q.states
      ? sql`${consents.state} in (${sql.join(
          q.states.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select(selection)
    .from(consents)
    .innerJoin(users, eq(users.id, consents.customer_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(consents.created_at), desc(consents.id))
    .limit(200);
}

export async function updateConsent(tx: Tx, id: string, values: Partial<typeof consents.$inferInsert>): Promise<void> {
  await tx.update(consents).set(values).where(eq(consents.id, id));
}

export async function countSignFailure(tx: Tx, id: string): Promise<void> {
  await tx
    .update(consents)
    .set({ sign_failures: sql`${consents.sign_failures} + 1` })
    .where(eq(consents.id, id));
}
