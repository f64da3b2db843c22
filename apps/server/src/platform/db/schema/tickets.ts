import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { services, serviceTypes, taxYears, ticketStatuses } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Tax Ticket. `number` comes from the column's own sequence, so concurrent
 * creates never collide (gaps are fine); `name` (TD.0001) is derived from it.
 * `search_text` is kept by triggers (see the tickets migration) from the
 * ticket, its customer and its service, for trigram search.
 * `version` rises with every status or assignment change: optimistic locking.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    name: text('name')
      .notNull()
      .generatedAlwaysAs(
        sql`'TD.' || case when "number" < 10000 then lpad("number"::text, 4, '0') else "number"::text end`,
      ),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    /**
     * A joint return's other filer (the customer's spouse in their household): they see the ticket as its customer
     * does (tickets/ticket-ref.ts, docs/decisions/0032). Null: a separate return, the customer's alone.
     */
    spouse_id: text('spouse_id').references(() => users.id),
    service_id: text('service_id')
      .notNull()
      .references(() => services.id),
    service_type_id: text('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    year: integer('year')
      .notNull()
      .references(() => taxYears.year),
    phone: text('phone'),
    status: text('status')
      .notNull()
      .default('Open')
      .references(() => ticketStatuses.name),
    assignee_id: text('assignee_id').references(() => users.id),
    version: integer('version').notNull().default(1),
    search_text: text('search_text').notNull().default(''),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    status_changed_at: ts('status_changed_at').notNull().defaultNow(),
    last_message_at: ts('last_message_at'),
    /** Messages in the conversation, all and without internal notes: kept by triggers on ticket_messages (0025). */
    message_count: integer('message_count').notNull().default(0),
    public_message_count: integer('public_message_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('tickets_name_key').on(t.name),
    uniqueIndex('tickets_number_key').on(t.number),
    // Keyset orders: (updated_at desc, id desc) within each filter, read by backward index scans.
    // The unfiltered one, tickets_recent_idx (updated_at, id) INCLUDE (search_text, status, customer_id,
    // assignee_id), is hand-written in migration 0004: Drizzle cannot express INCLUDE. It lets a search
    // scan the most recent tickets without touching the table.
    index('tickets_customer_updated_idx').on(t.customer_id, t.updated_at, t.id),
    // A spouse's list: the joint returns they file (few rows carry one).
    index('tickets_spouse_updated_idx')
      .on(t.spouse_id, t.updated_at, t.id)
      .where(sql`${t.spouse_id} is not null`),
    index('tickets_status_updated_idx').on(t.status, t.updated_at, t.id),
    index('tickets_assignee_updated_idx').on(t.assignee_id, t.updated_at, t.id),
    // "Assigned to me" counts: index-only.
    index('tickets_assignee_status_idx').on(t.assignee_id, t.status),
    // Open Request: unassigned first, oldest first.
    index('tickets_open_queue_idx')
      .on(sql`(${t.assignee_id} is not null)`, t.created_at, t.id)
      .where(sql`${t.status} = 'Open'`),
    // Open and unassigned, oldest first: the dashboard's queue and its count.
    index('tickets_open_unassigned_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.status} = 'Open' and ${t.assignee_id} is null`),
    index('tickets_created_idx').on(t.created_at),
    index('tickets_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

/** Every status change: who, when, from, to, note. `ended_at` is set when the next change happens. */
export const ticketStatusChanges = pgTable(
  'ticket_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    changed_by: text('changed_by').references(() => users.id),
    note: text('note'),
    created_at: ts('created_at').notNull().defaultNow(),
    ended_at: ts('ended_at'),
  },
  (t) => [
    index('ticket_status_changes_ticket_idx').on(t.ticket_id, t.id),
    index('ticket_status_changes_ended_idx')
      .on(t.to_status, t.ended_at, t.created_at)
      .where(sql`${t.ended_at} is not null`),
  ],
);

export const ticketAssignments = pgTable(
  'ticket_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    assignee_id: text('assignee_id').references(() => users.id),
    previous_assignee_id: text('previous_assignee_id').references(() => users.id),
    assigned_by: text('assigned_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_assignments_ticket_idx').on(t.ticket_id, t.id)],
);

/** The conversation. Bodies are plain text; `internal` notes are for staff only. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author_id: text('author_id').references(() => users.id),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    document_ids: text('document_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticket_id, t.id)],
);

/**
 * What each user has seen of a ticket's conversation: unread = the ticket's count − `seen_*`
 * (docs/decisions/0023). Reading sets `seen_*` to the ticket's counts; a message counts as seen by its
 * author (a trigger on ticket_messages adds it, creating the row with `last_read_at` null when the author
 * never opened the ticket).
 */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    last_read_at: ts('last_read_at').defaultNow(),
    seen_all: integer('seen_all').notNull().default(0),
    seen_public: integer('seen_public').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.ticket_id] })],
);

/** Tickets per status, kept by a trigger on tickets: the staff dashboard reads 12 rows, not 1M. */
export const ticketStatusCounts = pgTable('ticket_status_counts', {
  status: text('status')
    .primaryKey()
    .references(() => ticketStatuses.name),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/** Tickets opened per UTC day, kept by a trigger on tickets: "opened per week" reads 84 rows. */
export const ticketDailyCounts = pgTable('ticket_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * A service request sent with an `Idempotency-Key` (the web form sends one per request it fills): the same key
 * again from the same person answers the ticket it made instead of making another (a retried request on a flaky
 * network, a second tab's double send). Kept a day; older keys are refused as unknown and make a new ticket.
 */
export const ticketRequestKeys = pgTable(
  'ticket_request_keys',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);
