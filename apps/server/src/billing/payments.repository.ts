import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@taxportal/contract';
import type { Db, Tx } from '../platform/db/client.ts';
import { notifications, paymentEntries, paymentEvents, tickets, users } from '../platform/db/schema.ts';

export type PaymentEntryRow = typeof paymentEntries.$inferSelect;

export async function findEntryByReference(tx: Tx, reference: string): Promise<PaymentEntryRow | null> {
  const [row] = await tx.select().from(paymentEntries).where(eq(paymentEntries.reference_number, reference));
  return row ?? null;
}

export async function findEntry(tx: Tx, id: string): Promise<PaymentEntryRow | null> {
  const [row] = await tx.select().from(paymentEntries).where(eq(paymentEntries.id, id));
  return row ?? null;
}

/** Null when an entry with this reference already exists: the unique index is the last word on "exactly one". */
export async function insertEntry(tx: Tx, row: typeof paymentEntries.$inferInsert): Promise<PaymentEntryRow | null> {
  const [created] = await tx
    .insert(paymentEntries)
    .values(row)
    .onConflictDoNothing({ target: paymentEntries.reference_number })
    .returning();
  return created ?? null;
}

export async function updateEntry(tx: Tx, id: string, set: Partial<typeof paymentEntries.$inferInsert>) {
  const [row] = await tx.update(paymentEntries).set(set).where(eq(paymentEntries.id, id)).returning();
  return row!;
}

export async function refundedTotalOfInvoice(tx: Tx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${paymentEntries.refunded_cents}), 0)::bigint` })
    .from(paymentEntries)
    .where(eq(paymentEntries.invoice_id, invoiceId));
  return Number(row!.n);
}

export async function listEntries(
  db: Db,
  f: { invoiceId?: string | undefined },
  limit: number,
  after: { ts: string; id: string } | null,
) {
  return db
    .select({ entry: paymentEntries, cursor_ts: sql<string>`${paymentEntries.created_at}::text` })
    .from(paymentEntries)
    .where(
      and(
        f.invoiceId ? eq(paymentEntries.invoice_id, f.invoiceId) : undefined,
        after
          ? sql`(${paymentEntries.created_at}, ${paymentEntries.id}) < (${after.ts}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(paymentEntries.created_at), desc(paymentEntries.id))
    .limit(limit);
}

/** False when the event was already recorded: a redelivery (or a concurrent twin) does nothing. */
export async function recordEvent(
  tx: Tx,
  e: { event_id: string; provider: string; type: string; invoice_id: string | null },
) {
  const [row] = await tx
    .insert(paymentEvents)
    .values({ ...e, outcome: 'received' })
    .onConflictDoNothing({ target: paymentEvents.event_id })
    .returning({ id: paymentEvents.event_id });
  return Boolean(row);
}

export async function setEventOutcome(tx: Tx, eventId: string, outcome: string) {
  await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.event_id, eventId));
}

/** Billing's notifications (invoice issued, payment received, refund) are all of the contract's `invoice` kind. */
export const BILLING_NOTIFICATION_KIND = 'invoice' satisfies Notification['kind'];

/** A notification written in the caller's transaction, for its user's open browsers once that commits. */
export interface Notice {
  userId: string;
  notification: Notification;
}

export async function notify(
  tx: Tx,
  n: { user_id: string; ticket_id: string | null; title: string; body: string },
): Promise<Notice> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...n, kind: BILLING_NOTIFICATION_KIND })
    .returning();
  const [ticket] = n.ticket_id
    ? await tx.select({ name: tickets.name }).from(tickets).where(eq(tickets.id, n.ticket_id))
    : [];
  return {
    userId: n.user_id,
    notification: {
      id: String(row!.id),
      kind: BILLING_NOTIFICATION_KIND,
      ticket_id: n.ticket_id,
      ticket_name: ticket?.name ?? null,
      title: row!.title,
      body: row!.body,
      read: false,
      created_at: row!.created_at.toISOString(),
    },
  };
}

export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
}

export async function findTicketForEvent(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      name: tickets.name,
      version: tickets.version,
      customer_id: tickets.customer_id,
      spouse_id: tickets.spouse_id,
      assignee_id: tickets.assignee_id,
    })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row ?? null;
}

export async function findUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, full_name: users.full_name })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
