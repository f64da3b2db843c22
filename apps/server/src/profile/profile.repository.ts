import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '@taxportal/contract';
import { savedLanguage } from '../platform/users.ts';
import type { Tx } from '../platform/db/client.ts';
import {
  documents,
  emailChanges,
  invoiceLines,
  invoices,
  ticketMessages,
  tickets,
  userRoles,
  users,
} from '../platform/db/schema.ts';

export async function findUser(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function emailInUse(db: Tx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!row;
}

export async function rolesOf(db: Tx, userId: string) {
  return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId))).map(
    (r) => r.role,
  );
}

export async function languageOf(db: Tx, userId: string) {
  return (await savedLanguage(db, userId)) ?? DEFAULT_LANGUAGE;
}

export async function setFullName(db: Tx, userId: string, fullName: string) {
  await db.update(users).set({ full_name: fullName, updated_at: new Date() }).where(eq(users.id, userId));
}

export async function pendingEmail(db: Tx, userId: string) {
  const [row] = await db
    .select({ new_email: emailChanges.new_email })
    .from(emailChanges)
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at), gt(emailChanges.expires_at, new Date())))
    .orderBy(sql`${emailChanges.created_at} desc`)
    .limit(1);
  return row?.new_email ?? null;
}

/** One open request per person: a new one replaces (expires) the ones before. */
export async function insertEmailChange(db: Tx, row: typeof emailChanges.$inferInsert) {
  await db
    .update(emailChanges)
    .set({ expires_at: new Date() })
    .where(and(eq(emailChanges.user_id, row.user_id), isNull(emailChanges.used_at)));
  await db.insert(emailChanges).values(row);
}

/** Marks the token used and returns it, only if it was unused and unexpired: single use under races. */
export async function consumeEmailChange(db: Tx, tokenHash: string) {
  const [row] = await db
    .update(emailChanges)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(emailChanges.token_hash, tokenHash),
        isNull(emailChanges.used_at),
        gt(emailChanges.expires_at, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setEmail(db: Tx, userId: string, email: string) {
  await db.update(users).set({ email, updated_at: new Date() }).where(eq(users.id, userId));
}

// The export: everything of the caller, and only of the caller (every query filters on customer_id).

export async function ticketsOf(db: Tx, customerId: string) {
  return db
    .select({
      id: tickets.id,
      name: tickets.name,
      year: tickets.year,
      status: tickets.status,
      phone: tickets.phone,
      created_at: tickets.created_at,
      updated_at: tickets.updated_at,
    })
    .from(tickets)
    .where(eq(tickets.customer_id, customerId))
    .orderBy(asc(tickets.number));
}

/** The conversation as the customer sees it: staff's internal notes are not theirs. */
export async function messagesOf(db: Tx, customerId: string) {
  return db
    .select({
      id: ticketMessages.id,
      ticket_id: ticketMessages.ticket_id,
      ticket: tickets.name,
      from: users.full_name,
      body: ticketMessages.body,
      document_ids: ticketMessages.document_ids,
      created_at: ticketMessages.created_at,
    })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticket_id))
    .leftJoin(users, eq(users.id, ticketMessages.author_id))
    .where(and(eq(tickets.customer_id, customerId), eq(ticketMessages.internal, false)))
    .orderBy(asc(ticketMessages.id));
}

/** Invoices the customer was sent (not staff's drafts), with their lines. */
export async function invoicesOf(db: Tx, customerId: string) {
  const rows = await db
    .select({
      id: invoices.id,
      name: invoices.name,
      ticket_id: invoices.ticket_id,
      status: invoices.status,
      currency: invoices.currency,
      posting_date: invoices.posting_date,
      due_date: invoices.due_date,
      subtotal_cents: invoices.subtotal_cents,
      tax_cents: invoices.tax_cents,
      grand_total_cents: invoices.grand_total_cents,
      paid_cents: invoices.paid_cents,
      refunded_cents: invoices.refunded_cents,
      paid_at: invoices.paid_at,
    })
    .from(invoices)
    .where(and(eq(invoices.customer_id, customerId), ne(invoices.status, 'Draft')))
    .orderBy(asc(invoices.name));
  const lines = rows.length
    ? await db
        .select()
        .from(invoiceLines)
        .where(
          inArray(
            invoiceLines.invoice_id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.invoice_id === r.id) }));
}

/** The customer's documents as their vault shows them (staff-internal files are not theirs). */
export async function documentsOf(db: Tx, customerId: string) {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.customer_id, customerId), ne(documents.visibility, 'internal')))
    .orderBy(asc(documents.created_at));
}
