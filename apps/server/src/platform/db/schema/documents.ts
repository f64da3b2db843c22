import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { documentTypes } from './catalog.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A file in a customer's vault. The bytes live in storage (platform/storage), encrypted under their own
 * key; `wrapped_key` is that key sealed by the master key. `storage_key` never comes from the file name.
 * kind: upload (the customer's or staff's upload), draft (a tax draft version), signed_8879, final_return.
 * visibility: shared (the vault) or private (what staff send the customer: drafts, the final return).
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    ticket_id: text('ticket_id').references(() => tickets.id),
    document_type_id: text('document_type_id').references(() => documentTypes.id),
    kind: text('kind').notNull().default('upload'),
    visibility: text('visibility').notNull().default('shared'),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    wrapped_key: text('wrapped_key').notNull(),
    thumb_storage_key: text('thumb_storage_key'),
    thumb_wrapped_key: text('thumb_wrapped_key'),
    thumb_sha256: text('thumb_sha256'),
    request_id: text('request_id'),
    uploaded_by: text('uploaded_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_customer_idx').on(t.customer_id, t.created_at, t.id),
    index('documents_ticket_idx').on(t.ticket_id, t.created_at),
  ],
);

/**
 * Staff ask a customer for a document on a ticket (or the questionnaire does). status: open, fulfilled,
 * cancelled. Reminders: a job every 3 days while open (next_reminder_at).
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: text('id').primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    document_type_id: text('document_type_id').references(() => documentTypes.id),
    note: text('note'),
    status: text('status').notNull().default('open'),
    source: text('source').notNull().default('staff'),
    /** For questionnaire-made requests: the answer that made it, so re-answering never duplicates. */
    source_key: text('source_key'),
    requested_by: text('requested_by').references(() => users.id),
    fulfilled_document_id: text('fulfilled_document_id'),
    fulfilled_at: ts('fulfilled_at'),
    /** Who matched the file to the request, and how (the contract's DOCUMENT_REQUEST_MATCHES). */
    fulfilled_by: text('fulfilled_by').references(() => users.id),
    fulfilled_via: text('fulfilled_via'),
    reminders_sent: integer('reminders_sent').notNull().default(0),
    next_reminder_at: ts('next_reminder_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('document_requests_ticket_idx').on(t.ticket_id, t.created_at),
    index('document_requests_customer_open_idx')
      .on(t.customer_id)
      .where(sql`${t.status} = 'open'`),
    // The questionnaire's answers make requests: one per answer (source_key) and ticket, whatever the races.
    uniqueIndex('document_requests_source_key_idx')
      .on(t.ticket_id, t.source_key)
      .where(sql`${t.source_key} is not null`),
    index('document_requests_reminder_idx')
      .on(t.next_reminder_at)
      .where(sql`${t.status} = 'open'`),
    // Which requests a document fulfils (its deletion reopens them; a fulfilling upload is proposed for none).
    index('document_requests_fulfilled_document_idx')
      .on(t.fulfilled_document_id)
      .where(sql`${t.fulfilled_document_id} is not null`),
  ],
);

/**
 * An upload the customer said is not for a request the vault proposed it to: that pair is never proposed again
 * (staff taking a file off a request say the same).
 */
export const documentMatchDeclines = pgTable(
  'document_match_declines',
  {
    document_id: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    request_id: text('request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
    declined_by: text('declined_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.request_id] })],
);

/** Background work (mail, reminders, sweeping), claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    run_at: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    locked_until: ts('locked_until'),
    last_error: text('last_error'),
    done_at: ts('done_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.run_at)
      .where(sql`${t.done_at} is null`),
  ],
);
