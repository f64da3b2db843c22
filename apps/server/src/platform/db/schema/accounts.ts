import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An account that may no longer sign in: `deactivated` (a staff member, by an Admin; reversible) or `closed` (the
 * person closed it; the records a tax firm must keep stay, the login does not). No row: active. A table of its own
 * rather than a column of `users`, so that every sign-in path asks one question (platform/auth/sessions.ts).
 */
export const accountStates = pgTable('account_states', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  changed_by: text('changed_by').references(() => users.id),
  changed_at: ts('changed_at').notNull().defaultNow(),
});

/** A person's own settings: the language of the interface (more to come). No row: the defaults. */
export const userSettings = pgTable('user_settings', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** A change of e-mail waiting for the link sent to the new address. `token_hash`: HMAC of the token. */
export const emailChanges = pgTable(
  'email_changes',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('email_changes_user_idx').on(t.user_id)],
);

/** An Admin's invitation of a staff member. `token_hash`: HMAC of the mailed token; single use, expiring. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: text('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    invited_by: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    accepted_at: ts('accepted_at'),
    accepted_user_id: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email)],
);
