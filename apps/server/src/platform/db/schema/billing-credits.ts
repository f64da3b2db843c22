import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { invoices } from './billing.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Account credit a customer holds (billing): referral rewards (source 'referral', key the referred customer) and
 * paid engagement-letter deposits (source 'deposit', key the deposit invoice; `ticket_id` set: only that ticket's
 * invoices take it). `(source, source_key)` is unique, so one reward or deposit exists once however many payments
 * or webhooks race. What is left of a credit is its amount less `withdrawn_cents` (a deposit refunded) less what
 * invoices not cancelled have taken of it (invoice_credit_lines), never below zero.
 */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: text('id').primaryKey(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    source: text('source').notNull(),
    source_key: text('source_key').notNull(),
    /** Set: only this ticket's invoices take the credit (a deposit); null: any invoice of the customer. */
    ticket_id: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** Taken back (a refunded deposit): the deposit invoice's refunded total, at most the amount. */
    withdrawn_cents: integer('withdrawn_cents').notNull().default(0),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_credits_source_key').on(t.source, t.source_key),
    index('customer_credits_customer_idx').on(t.customer_id, t.created_at),
    check('customer_credits_amount_check', sql`${t.amount_cents} > 0`),
    check(
      'customer_credits_withdrawn_check',
      sql`${t.withdrawn_cents} >= 0 and ${t.withdrawn_cents} <= ${t.amount_cents}`,
    ),
  ],
);

/** A credit taken by an issued invoice: shown on it as a negative line; its grand total is already net of it. */
export const invoiceCreditLines = pgTable(
  'invoice_credit_lines',
  {
    id: text('id').primaryKey(),
    invoice_id: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    credit_id: text('credit_id')
      .notNull()
      .references(() => customerCredits.id),
    amount_cents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_credit_lines_invoice_idx').on(t.invoice_id),
    index('invoice_credit_lines_credit_idx').on(t.credit_id),
    check('invoice_credit_lines_amount_check', sql`${t.amount_cents} > 0`),
  ],
);
