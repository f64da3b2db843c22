import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  engagementLetterBatches as B,
  engagementLetterBatchItems as I,
  engagementTemplates,
  tickets,
  users,
} from '../platform/db/schema.ts';
import type { Tx } from '../platform/db/client.ts';

/** A batch of letters' SQL (docs/decisions/0036, "Bulk sending"): the batch, its items, the tickets it looks at. */

export type ItemOutcome = 'queued' | 'mailing' | 'sent' | 'skipped' | 'failed';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/**
 * Whether the ticket has a letter in a state (`extra`: a further condition on `l`): its own, or its client's letter
 * for its year without a ticket (a client's-year letter speaks for that year's tickets: issue 33). The preview and
 * the send both read this (skipReason). The ticket's columns are named whole: inside the subquery an unqualified `id`
 * would be the letter's.
 */
const letterOf = (states: string[], extra?: SQL) =>
  sql<boolean>`exists (select 1 from engagement_letters l where (l.ticket_id = "tickets"."id" or (l.ticket_id is null and l.customer_id = "tickets"."customer_id" and l.tax_year = "tickets"."year")) and l.state in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )})${extra ? sql` and ${extra}` : sql``})`;

/**
 * The tickets a batch looks at, each with what decides whether it gets a letter: its status, its service type, and
 * whether it has a signed, an open (sent or viewed, not past its expiry at `now`) or a draft letter. By id order.
 */
export function ticketsFor(
  db: Tx,
  q: { year: number; serviceTypeId?: string | undefined; ticketIds?: string[] | undefined },
  now: Date,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: tickets.id,
      status: tickets.status,
      service_type_id: tickets.service_type_id,
      signed: letterOf(['signed']),
      open: letterOf(['sent', 'viewed'], sql`(l.expires_at is null or l.expires_at > ${at(now)})`),
      draft: letterOf(['draft']),
      // The letter's total fees (the ticket's service's price, as writeLetter puts it): a deposit above it is refused.
      fee_cents: sql<number>`coalesce((select s.price_cents from services s where s.id = "tickets"."service_id"), 0)::int`,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.year, q.year),
        q.serviceTypeId ? eq(tickets.service_type_id, q.serviceTypeId) : undefined,
        q.ticketIds ? inArray(tickets.id, q.ticketIds) : undefined,
      ),
    )
    .orderBy(asc(tickets.id));
  // A batch's letter is made under its ticket's row lock: two batches never both find it without a letter.
  return opts.lock ? query.for('no key update', { of: tickets }) : query;
}

/** The service types with a default template (null: the default for any type). */
export async function defaultTemplateTypes(db: Tx): Promise<Set<string | null>> {
  const rows = await db
    .select({ type: engagementTemplates.service_type_id })
    .from(engagementTemplates)
    .where(eq(engagementTemplates.is_default, true));
  return new Set(rows.map((r) => r.type));
}

export async function insertBatch(tx: Tx, row: typeof B.$inferInsert) {
  await tx.insert(B).values(row);
}

export async function insertItems(tx: Tx, rows: (typeof I.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(I).values(rows.slice(i, i + 1000));
}

export async function findBatch(db: Tx, id: string) {
  const [row] = await db
    .select({ batch: B, created_by_name: users.full_name })
    .from(B)
    .leftJoin(users, eq(users.id, B.created_by))
    .where(eq(B.id, id));
  return row ?? null;
}

/** Items by outcome and reason. */
export const countItems = (db: Tx, batchId: string) =>
  db
    .select({ outcome: I.outcome, reason: I.reason, count: sql<number>`count(*)::int` })
    .from(I)
    .where(eq(I.batch_id, batchId))
    .groupBy(I.outcome, I.reason);

/** The item of `ticketId` while it is queued, locked; null when another runner holds it or it is done. */
export async function claimQueued(tx: Tx, batchId: string, ticketId: string) {
  const [row] = await tx
    .select()
    .from(I)
    .where(and(eq(I.batch_id, batchId), eq(I.ticket_id, ticketId), eq(I.outcome, 'queued')))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export const itemsIn = (db: Tx, batchId: string, ticketIds: string[], outcome: ItemOutcome) =>
  db
    .select()
    .from(I)
    .where(and(eq(I.batch_id, batchId), inArray(I.ticket_id, ticketIds), eq(I.outcome, outcome)));

export async function setItems(
  db: Tx,
  batchId: string,
  ticketIds: string[],
  set: { outcome: ItemOutcome; reason?: string | null; letter_id?: string },
  from: ItemOutcome,
) {
  if (!ticketIds.length) return;
  await db
    .update(I)
    .set({ ...set, updated_at: sql`now()` })
    .where(and(eq(I.batch_id, batchId), inArray(I.ticket_id, ticketIds), eq(I.outcome, from)));
}

/** The batch is finished once none of its items is queued or mailing (once: the first to see it). */
export async function finishIfDone(db: Tx, batchId: string, now: Date) {
  await db
    .update(B)
    .set({ finished_at: now })
    .where(
      and(
        eq(B.id, batchId),
        sql`${B.finished_at} is null`,
        sql`not exists (select 1 from ${I} where ${I.batch_id} = ${batchId} and ${I.outcome} in ('queued', 'mailing'))`,
      ),
    );
}
