import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@taxportal/contract';
import { creditLinesOf } from './credits.ts';
import { ticketsFiledBy } from '../tickets/index.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { containsPattern } from '../platform/db/like.ts';
import {
  billingSequences,
  invoiceLines,
  invoices,
  paymentEntries,
  services,
  siteSettings,
  taxTemplates,
  tickets,
  users,
} from '../platform/db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceLine = Omit<typeof invoiceLines.$inferInsert, 'invoice_id'>;

/** The next number of a series for a year; the upsert's row lock serialises concurrent callers. */
export async function nextNumber(tx: Tx, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(billingSequences)
    .values({ series, year, last_value: 1 })
    .onConflictDoUpdate({
      target: [billingSequences.series, billingSequences.year],
      set: { last_value: sql`${billingSequences.last_value} + 1` },
    })
    .returning({ n: billingSequences.last_value });
  return row!.n;
}

export async function getSetting(db: Tx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value ?? null;
}

export async function findTicketForInvoice(tx: Tx, ticketId: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      name: tickets.name,
      customer_id: tickets.customer_id,
      spouse_id: tickets.spouse_id,
      status: tickets.status,
      service_id: tickets.service_id,
      service_name: services.name,
      price_cents: services.price_cents,
    })
    .from(tickets)
    .innerJoin(services, eq(services.id, tickets.service_id))
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}

export async function findTaxTemplate(tx: Tx, id: string) {
  const [row] = await tx.select().from(taxTemplates).where(eq(taxTemplates.id, id));
  return row ?? null;
}

export async function hasLiveInvoice(tx: Tx, ticketId: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.ticket_id, ticketId),
        eq(invoices.kind, 'invoice'),
        sql`${invoices.status} not in ('Cancelled', 'Refunded')`,
        exceptId ? ne(invoices.id, exceptId) : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertInvoice(tx: Tx, row: typeof invoices.$inferInsert, lines: NewInvoiceLine[]) {
  const [created] = await tx.insert(invoices).values(row).returning();
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoice_id: created!.id })));
  return created!;
}

export async function replaceLines(tx: Tx, invoiceId: string, lines: NewInvoiceLine[]) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoice_id: invoiceId })));
}

export async function getInvoiceRow(db: Tx, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** The row lock that serialises everything that changes an invoice's money: payment, webhook, refund, cancel. */
export async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row ?? null;
}

export async function updateInvoice(tx: Tx, id: string, set: Partial<typeof invoices.$inferInsert>) {
  const [row] = await tx
    .update(invoices)
    .set({ ...set, updated_at: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

const summaryColumns = {
  invoice: invoices,
  ticket_name: tickets.name,
  customer_name: users.full_name,
  customer_email: users.email,
  cursor_ts: sql<string>`${invoices.created_at}::text`.as('cursor_ts'),
};

export async function getInvoiceView(db: Tx, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, service_name: services.name })
    .from(invoices)
    .innerJoin(tickets, eq(tickets.id, invoices.ticket_id))
    .innerJoin(users, eq(users.id, invoices.customer_id))
    .leftJoin(services, eq(services.id, tickets.service_id))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoice_id, id))
    .orderBy(asc(invoiceLines.position));
  const payments = await db
    .select()
    .from(paymentEntries)
    .where(eq(paymentEntries.invoice_id, id))
    .orderBy(asc(paymentEntries.created_at));
  const credits = await creditLinesOf(db, id);
  return { ...row, lines, payments, credits };
}
export type InvoiceView = NonNullable<Awaited<ReturnType<typeof getInvoiceView>>>;

export interface InvoiceFilter {
  /** Set for customers: the invoices of the tickets they file (their own, joint returns: 0032), never drafts. */
  ownerId?: string | undefined;
  ticketId?: string | undefined;
  status?: InvoiceStatus | undefined;
  customer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function whereOf(f: InvoiceFilter, today: string): SQL | undefined {
  const statusCond = (s: InvoiceStatus): SQL | undefined => {
    if (s === 'Overdue') return and(eq(invoices.status, 'Unpaid'), sql`${invoices.due_date} < ${today}`);
    if (s === 'Unpaid') return and(eq(invoices.status, 'Unpaid'), sql`${invoices.due_date} >= ${today}`);
    return eq(invoices.status, s);
  };
  return and(
    f.ownerId
      ? and(sql`${invoices.ticket_id} in (${ticketsFiledBy(f.ownerId)})`, ne(invoices.status, 'Draft'))
      : undefined,
    f.ticketId ? eq(invoices.ticket_id, f.ticketId) : undefined,
    f.status ? statusCond(f.status) : undefined,
    f.customer
      ? or(
          eq(invoices.customer_id, f.customer),
          ilike(users.full_name, containsPattern(f.customer)),
          ilike(users.email, containsPattern(f.customer)),
        )
      : undefined,
    f.from ? sql`${invoices.posting_date} >= ${f.from}` : undefined,
    f.to ? sql`${invoices.posting_date} <= ${f.to}` : undefined,
  );
}

/** Newest first, keyset-paginated on (created_at, id); `after` is the last row's exact timestamp text and id. */
export async function listInvoices(
  db: Db,
  f: InvoiceFilter,
  today: string,
  limit: number,
  after: { ts: string; id: string } | null,
) {
  return db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(tickets, eq(tickets.id, invoices.ticket_id))
    .innerJoin(users, eq(users.id, invoices.customer_id))
    .where(
      and(
        whereOf(f, today),
        after ? sql`(${invoices.created_at}, ${invoices.id}) < (${after.ts}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(invoices.created_at), desc(invoices.id))
    .limit(limit);
}

/**
 * Staff billing's totals over the filtered invoices. `count` and `invoiced` are of the same invoices, the issued
 * ones (Unpaid, Paid, Refunded): a draft is not billed yet and a cancelled invoice no longer is, so neither is in
 * the number nor in the amount.
 */
export async function invoiceTotals(db: Db, f: InvoiceFilter, today: string) {
  const issued = sql`${invoices.status} in ('Unpaid', 'Paid', 'Refunded')`;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${issued})::int`,
      invoiced: sql<string>`coalesce(sum(${invoices.grand_total_cents}) filter (where ${issued}), 0)::bigint`,
      outstanding: sql<string>`coalesce(sum(${invoices.grand_total_cents} - ${invoices.paid_cents}) filter (where ${invoices.status} = 'Unpaid'), 0)::bigint`,
      overdue: sql<string>`coalesce(sum(${invoices.grand_total_cents} - ${invoices.paid_cents}) filter (where ${invoices.status} = 'Unpaid' and ${invoices.due_date} < ${today}), 0)::bigint`,
      paid: sql<string>`coalesce(sum(${invoices.paid_cents} - ${invoices.refunded_cents}), 0)::bigint`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.customer_id))
    .where(whereOf(f, today));
  return {
    count: Number(row!.count),
    invoiced_cents: Number(row!.invoiced),
    outstanding_cents: Number(row!.outstanding),
    overdue_cents: Number(row!.overdue),
    paid_cents: Number(row!.paid),
  };
}

/** Money kept (paid less refunded) per month of payment since `sinceDay`. */
export async function collectedByMonth(db: Db, sinceDay: string) {
  const found = await rows(
    db,
    rowSchema({ month: col.text(), amount: col.int() }),
    sql`select to_char(${paymentEntries.posting_date}, 'YYYY-MM') as month,
               sum(${paymentEntries.paid_amount_cents} - ${paymentEntries.refunded_cents})::bigint as amount
          from ${paymentEntries}
         where ${paymentEntries.posting_date} >= ${sinceDay}
         group by 1 order by 1`,
  );
  return new Map(found.map((r) => [r.month, r.amount]));
}

/** Payment terms when staff give no due date. */
export const DEFAULT_TERMS_DAYS = 30;

/** The firm's currency setting (ISO 4217), USD when unset. */
export async function currencyOf(tx: Tx): Promise<string> {
  const v = await getSetting(tx, 'currency');
  return typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? v : 'USD';
}
