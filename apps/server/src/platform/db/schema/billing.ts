import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { services } from './catalog.ts';
import { taxTemplates } from './tax-templates.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Gap-free numbering per series and year (SINV-2026-00001, ACC-PAY-2026-00001):
 * `insert ... on conflict do update set last_value = last_value + 1 returning`
 * takes a row lock, so concurrent invoices never share a number.
 */
export const billingSequences = pgTable(
  'billing_sequences',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last_value: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * A Sales Invoice. Stored status is Draft, Unpaid, Paid, Cancelled or Refunded;
 * Overdue is computed (Unpaid past its due date). Money is integer cents in
 * `currency`; totals are computed by the server and frozen once issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('Draft'),
    /** 'invoice', or 'deposit': an engagement letter's deposit, made and issued when the letter is signed (0036). */
    kind: text('kind').notNull().default('invoice'),
    currency: text('currency').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    tax_template_id: text('tax_template_id').references(() => taxTemplates.id),
    tax_name: text('tax_name'),
    tax_rate_bp: integer('tax_rate_bp').notNull().default(0),
    subtotal_cents: integer('subtotal_cents').notNull(),
    tax_cents: integer('tax_cents').notNull(),
    grand_total_cents: integer('grand_total_cents').notNull(),
    paid_cents: integer('paid_cents').notNull().default(0),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    /** The provider's intent currently offered to the customer, and how many were made (idempotency keys). */
    payment_intent_id: text('payment_intent_id'),
    payment_attempt: integer('payment_attempt').notNull().default(0),
    last_payment_error: text('last_payment_error'),
    created_by: text('created_by').references(() => users.id),
    issued_at: ts('issued_at'),
    paid_at: ts('paid_at'),
    cancelled_at: ts('cancelled_at'),
    refunded_at: ts('refunded_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_name_key').on(t.name),
    // One live invoice per ticket (the ticket's sales_invoice); cancelled or refunded ones may be replaced. A
    // deposit (an engagement letter's, taken off this one as a credit) is not the ticket's invoice.
    uniqueIndex('invoices_live_ticket_key')
      .on(t.ticket_id)
      .where(sql`${t.status} not in ('Cancelled', 'Refunded') and ${t.kind} = 'invoice'`),
    index('invoices_created_idx').on(t.created_at, t.id),
    index('invoices_customer_created_idx').on(t.customer_id, t.created_at, t.id),
    index('invoices_status_due_idx').on(t.status, t.due_date),
    index('invoices_posting_date_idx').on(t.posting_date),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'deposit')`),
    check('invoices_status_check', sql`${t.status} in ('Draft', 'Unpaid', 'Paid', 'Cancelled', 'Refunded')`),
    check(
      'invoices_amounts_check',
      sql`${t.subtotal_cents} >= 0 and ${t.tax_cents} >= 0 and ${t.grand_total_cents} >= 0 and ${t.paid_cents} >= 0 and ${t.refunded_cents} >= 0`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: text('id').primaryKey(),
    invoice_id: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    service_id: text('service_id').references(() => services.id),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unit_amount_cents: integer('unit_amount_cents').notNull(),
    amount_cents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoice_id, t.position),
    check(
      'invoice_lines_amounts_check',
      sql`${t.quantity} > 0 and ${t.unit_amount_cents} >= 0 and ${t.amount_cents} >= 0`,
    ),
  ],
);

/**
 * Payment Entry: money received against an invoice. `reference_number` is the
 * provider's PaymentIntent id and is unique: the confirm call and the webhook,
 * whichever comes first, write exactly one entry per payment.
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    invoice_id: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    party: text('party')
      .notNull()
      .references(() => users.id),
    party_name: text('party_name').notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    paid_amount_cents: integer('paid_amount_cents').notNull(),
    currency: text('currency').notNull(),
    reference_number: text('reference_number').notNull(),
    reference_date: date('reference_date', { mode: 'string' }).notNull(),
    mode_of_payment: text('mode_of_payment').notNull().default('Card'),
    reference_name: text('reference_name').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('Submitted'),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    refund_reference: text('refund_reference'),
    refunded_at: ts('refunded_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_entries_name_key').on(t.name),
    uniqueIndex('payment_entries_reference_number_key').on(t.reference_number),
    index('payment_entries_invoice_idx').on(t.invoice_id),
    index('payment_entries_created_idx').on(t.created_at, t.id),
    index('payment_entries_posting_date_idx').on(t.posting_date),
    check('payment_entries_status_check', sql`${t.status} in ('Submitted', 'Partly Refunded', 'Refunded')`),
    check(
      'payment_entries_amounts_check',
      sql`${t.paid_amount_cents} > 0 and ${t.refunded_cents} >= 0 and ${t.refunded_cents} <= ${t.paid_amount_cents}`,
    ),
  ],
);

/** Every provider event applied, recorded in the same transaction as its effect: a redelivery does nothing. */
export const paymentEvents = pgTable('payment_events', {
  event_id: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  invoice_id: text('invoice_id'),
  outcome: text('outcome').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
});

/** A share link (SPEC's invoice hash key). The token is HMAC-signed; the row lets it expire and be revoked. */
export const invoiceShareLinks = pgTable(
  'invoice_share_links',
  {
    id: text('id').primaryKey(),
    invoice_id: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    created_by: text('created_by').references(() => users.id),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_share_links_invoice_idx').on(t.invoice_id)],
);

/**
 * The built-in test provider's PaymentIntents (no Stripe keys configured):
 * kept in the database so every app server and a restart see the same state.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    client_secret: text('client_secret').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    last_payment_error: text('last_payment_error'),
    amount_refunded: integer('amount_refunded').notNull().default(0),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_payment_intents_idempotency_key').on(t.idempotency_key)],
);
