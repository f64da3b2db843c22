import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The taxpayer questionnaire (SPEC's Tax Ticket Profile): one row per ticket and section (tax_payer,
 * investment, expense, global_asset). `answers` is the section's JSON as the contract's zod schema accepts
 * it, except that SSN, ITIN and account numbers are replaced by `{ "$sealed": "<AES-256-GCM, per-field key
 * wrapped by the master key>", "last4": "1234" }` (platform/field-crypto.ts): never in clear in the table.
 * `answered` / `required` are the section's progress, kept on every save.
 *
 * The migration (0006_questionnaire.sql) also adds a partial unique index on document_requests
 * (ticket_id, source_key) where source_key is not null, so questionnaire-made requests never duplicate; it
 * is not declared on the document_requests table (schema/documents.ts belongs to the vault).
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    answers: jsonb('answers').notNull().default({}),
    answered: integer('answered').notNull().default(0),
    required: integer('required').notNull().default(0),
    prefilled_from_ticket_id: text('prefilled_from_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    updated_by: text('updated_by').references(() => users.id),
    updated_at: ts('updated_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticket_id, t.section] }),
    index('questionnaire_answers_customer_idx').on(t.customer_id, t.created_at),
  ],
);
