import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { invoices } from './billing.ts';
import { serviceTypes } from './catalog.ts';
import { documents } from './documents.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Engagement letter templates (issue 33, docs/decisions/0036): Admin's rich text with merge fields, for a service type
 * (null: any), at most one default per service type. `version` is the current version's number.
 */
export const engagementTemplates = pgTable(
  'engagement_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    service_type_id: text('service_type_id').references(() => serviceTypes.id),
    is_default: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('engagement_templates_one_default_key')
      .on(sql`coalesce(${t.service_type_id}, '')`)
      .where(sql`${t.is_default}`),
  ],
);

/** A template's versions: its sanitised body each; a version never changes (editing makes the next). */
export const engagementTemplateVersions = pgTable(
  'engagement_template_versions',
  {
    id: text('id').primaryKey(),
    template_id: text('template_id')
      .notNull()
      .references(() => engagementTemplates.id),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('engagement_template_versions_key').on(t.template_id, t.version)],
);

/**
 * A letter for a ticket (or a client's year: `ticket_id` null). `body_html` is the letter as rendered when it was
 * made (never re-rendered), `sha256` its digest; `body_text` the same as plain text for the PDF. `state`: draft,
 * sent, viewed, signed, declined, expired, voided. `deposit_invoice_id`: billing's deposit invoice, made in the
 * transaction that marks the letter signed (one per letter: unique).
 * `reminders_sent`: how many of the 3- and 7-day reminders went out. `last_reminded_at`: the last reminder, the
 * scan's or staff's "Remind now" (at most one a day per letter).
 */
export const engagementLetters = pgTable(
  'engagement_letters',
  {
    id: text('id').primaryKey(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    /** A joint letter's other signer, who signs with their own account (docs/decisions/0032). */
    spouse_id: text('spouse_id').references(() => users.id),
    ticket_id: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    tax_year: integer('tax_year').notNull(),
    template_id: text('template_id').references(() => engagementTemplates.id),
    template_version: integer('template_version'),
    state: text('state').notNull().default('draft'),
    body_html: text('body_html').notNull(),
    body_text: text('body_text').notNull(),
    sha256: text('sha256').notNull(),
    services: jsonb('services').notNull().default([]),
    total_cents: integer('total_cents').notNull().default(0),
    deposit_cents: integer('deposit_cents'),
    deposit_invoice_id: text('deposit_invoice_id').references(() => invoices.id),
    sent_at: ts('sent_at'),
    viewed_at: ts('viewed_at'),
    signed_at: ts('signed_at'),
    declined_at: ts('declined_at'),
    decline_reason: text('decline_reason'),
    voided_at: ts('voided_at'),
    expires_at: ts('expires_at'),
    reminders_sent: integer('reminders_sent').notNull().default(0),
    last_reminded_at: ts('last_reminded_at'),
    signed_document_id: text('signed_document_id').references(() => documents.id),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('engagement_letters_customer_idx').on(t.customer_id, t.created_at),
    index('engagement_letters_spouse_idx')
      .on(t.spouse_id)
      .where(sql`${t.spouse_id} is not null`),
    index('engagement_letters_ticket_idx').on(t.ticket_id),
    uniqueIndex('engagement_letters_deposit_invoice_key')
      .on(t.deposit_invoice_id)
      .where(sql`${t.deposit_invoice_id} is not null`),
    // One letter waiting for signature per ticket (0036): the service refuses a second (409); this is the last word
    // when two are made at once (a hand-sent letter and a batch's).
    uniqueIndex('engagement_letters_one_open_per_ticket')
      .on(t.ticket_id)
      .where(sql`${t.ticket_id} is not null and ${t.state} in ('sent', 'viewed')`),
    // And one waiting client's-year letter (no ticket) per client and year (issue 33), the same rule's last word.
    uniqueIndex('engagement_letters_one_open_per_year')
      .on(t.customer_id, t.tax_year)
      .where(sql`${t.ticket_id} is null and ${t.state} in ('sent', 'viewed')`),
    // The reminder and expiry scans, and staff's unsigned list: open letters by when they were sent.
    index('engagement_letters_open_idx')
      .on(t.sent_at)
      .where(sql`${t.state} in ('sent', 'viewed')`),
  ],
);

/**
 * Each party's signature on a letter: the client (`taxpayer`) and, on a joint letter, the spouse. The evidence of the
 * certificate page (who, when, from where, which factor); a drawn signature's PNG (base64) until the PDF is made.
 */
export const engagementLetterSigners = pgTable(
  'engagement_letter_signers',
  {
    letter_id: text('letter_id')
      .notNull()
      .references(() => engagementLetters.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    signed_at: ts('signed_at'),
    method: text('method'),
    factor: text('factor'),
    phone_last4: text('phone_last4'),
    stricter_check_off: boolean('stricter_check_off').notNull().default(false),
    ip: text('ip'),
    user_agent: text('user_agent'),
    typed_signature: text('typed_signature'),
    signature_png: text('signature_png'),
  },
  (t) => [primaryKey({ columns: [t.letter_id, t.role] }), index('engagement_letter_signers_user_idx').on(t.user_id)],
);
