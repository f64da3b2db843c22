import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { engagementLetters } from './engagement.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Letters sent for many tickets at once (docs/decisions/0036, "Bulk sending"): what staff asked (a tax year, a service
 * type, a template, a deposit), by whom; `finished_at` once no ticket of it is pending. The tickets are its items.
 */
export const engagementLetterBatches = pgTable(
  'engagement_letter_batches',
  {
    id: text('id').primaryKey(),
    tax_year: integer('tax_year').notNull(),
    service_type_id: text('service_type_id'),
    template_id: text('template_id'),
    deposit_cents: integer('deposit_cents'),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    finished_at: ts('finished_at'),
  },
  (t) => [index('engagement_letter_batches_created_idx').on(t.created_at)],
);

/**
 * Each ticket of a batch: `outcome` queued → mailing (its letter made and the client told in the portal, in one
 * transaction; the mail still to queue) → sent; or skipped (`reason`: LETTER_BATCH_SKIP_REASONS) or failed. A
 * ticket id is kept as asked (no reference: an unknown one is skipped as not_found).
 */
export const engagementLetterBatchItems = pgTable(
  'engagement_letter_batch_items',
  {
    batch_id: text('batch_id')
      .notNull()
      .references(() => engagementLetterBatches.id, { onDelete: 'cascade' }),
    ticket_id: text('ticket_id').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    letter_id: text('letter_id').references(() => engagementLetters.id, { onDelete: 'set null' }),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batch_id, t.ticket_id] }),
    index('engagement_letter_batch_items_outcome_idx').on(t.batch_id, t.outcome),
  ],
);
