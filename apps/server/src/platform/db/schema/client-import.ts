import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An Admin's CSV of clients (issue 32): the file stays in the vault's encrypted store (storage_key, wrapped_key,
 * sha256; the sweeper keeps what a row here names), with what was read of it at upload, the Admin's column mapping
 * and, after a dry run, its counts. `status`: uploaded → mapped → checked → committed.
 */
export const clientImports = pgTable(
  'client_imports',
  {
    id: text('id').primaryKey(),
    created_by: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    storage_key: text('storage_key').notNull(),
    wrapped_key: text('wrapped_key').notNull(),
    sha256: text('sha256').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    row_count: integer('row_count').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    sample_rows: jsonb('sample_rows').$type<string[][]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, number | null>>(),
    status: text('status').notNull(),
    to_create: integer('to_create'),
    duplicates: integer('duplicates'),
    invalid: integer('invalid'),
    created: integer('created'),
    created_at: ts('created_at').notNull().defaultNow(),
    checked_at: ts('checked_at'),
    committed_at: ts('committed_at'),
  },
  (t) => [
    index('client_imports_owner_idx').on(t.created_by, t.created_at),
    index('client_imports_sha_idx').on(t.sha256),
  ],
);

/**
 * Each data row of an import as the dry run read it: `line` (the physical line it starts on), `outcome` create |
 * duplicate | invalid, `reasons` (every reason it is left out: invalid ones first, then what it duplicates: email,
 * file_email, phone, file_phone) and `reason` their first, the values taken (sanitised), and once committed the
 * people made.
 */
export const clientImportRows = pgTable(
  'client_import_rows',
  {
    import_id: text('import_id')
      .notNull()
      .references(() => clientImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    duplicate_line: integer('duplicate_line'),
    full_name: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    spouse_name: text('spouse_name'),
    spouse_email: text('spouse_email'),
    language: text('language'),
    notes: text('notes'),
    user_id: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    spouse_user_id: text('spouse_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.import_id, t.line] }),
    index('client_import_rows_outcome_idx').on(t.import_id, t.outcome, t.line),
  ],
);

/**
 * An invitation of an imported client to set their password: by e-mail or text. `token_hash` is the HMAC of the
 * link's token (the password-reset row it made names the same hash; a resend replaces both). `state`: queued, sent,
 * bounced (the transport refused it); opened is `opened_at`, joined is read from the account.
 */
export const clientInvitations = pgTable(
  'client_invitations',
  {
    id: text('id').primaryKey(),
    import_id: text('import_id')
      .notNull()
      .references(() => clientImports.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    state: text('state').notNull(),
    token_hash: text('token_hash').unique(),
    sends: integer('sends').notNull().default(0),
    created_at: ts('created_at').notNull().defaultNow(),
    sent_at: ts('sent_at'),
    opened_at: ts('opened_at'),
    bounced_at: ts('bounced_at'),
    expires_at: ts('expires_at'),
    /** Why a not_sent invitation was not: no transport (null), or our mail server unreachable (retried). */
    not_sent_reason: text('not_sent_reason'),
  },
  (t) => [
    index('client_invitations_import_idx').on(t.import_id, t.state),
    index('client_invitations_user_idx').on(t.user_id),
  ],
);

/** Staff's own note on a client (imported, or typed later): staff read it, never the client. */
export const clientNotes = pgTable('client_notes', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
