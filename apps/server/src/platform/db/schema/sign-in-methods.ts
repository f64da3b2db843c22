import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A phone number its owner proved by a code (docs/decisions/0019-b). The number is verified only while it is
 * still the user's `users.phone`: a phone changed by any other path is unverified until proven again. One
 * account per verified number: proving a number moves it from an account that had it.
 */
export const userPhones = pgTable(
  'user_phones',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_phones_phone_key').on(t.phone)],
);

/**
 * An SMS code asked for: `purpose` 'sign_in' (anyone, by number) or 'verify' (a signed-in user proving a
 * number). Only the HMAC of the code is kept. A row is written for unknown numbers too (no SMS goes out), so
 * the answer, the cooldown and the limits are the same whether or not a number has an account.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    phone: text('phone').notNull(),
    /** 'verify': the signed-in user; 'sign_in': null. */
    user_id: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.created_at), index('phone_codes_ip_idx').on(t.ip, t.created_at)],
);

/** A social (OpenID Connect) identity linked to a portal account: the provider's subject, never its tokens. */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oidc_links_user_idx').on(t.user_id)],
);

/**
 * A social sign-in whose verified e-mail matches an existing account, waiting for the person to confirm with
 * the account's password. `id` is the HMAC of the random token in the browser's cookie; it lives minutes.
 */
export const oidcPendingLinks = pgTable('oidc_pending_links', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  user_id: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
