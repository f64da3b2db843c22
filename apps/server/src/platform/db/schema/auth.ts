import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', { name: text('name').primaryKey() });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    full_name: text('full_name').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash'),
    login_role: text('login_role')
      .notNull()
      .references(() => roles.name),
    referral_code: text('referral_code'),
    referred_by: text('referred_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referral_code),
    index('users_phone_idx').on(t.phone),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role')
      .notNull()
      .references(() => roles.name),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role] }), index('user_roles_role_idx').on(t.role)],
);

/** A browser session. `id` is an HMAC of the cookie token: the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrf_hash: text('csrf_hash').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    secret_hash: text('secret_hash').notNull(),
    /** 'read' (safe methods only) or 'write'; tokens made before scopes existed keep what they had. */
    scope: text('scope').notNull().default('write'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_key_key').on(t.key), index('api_tokens_user_idx').on(t.user_id)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
);

/** Failed sign-ins per account, for the per-account lockout (shared by every app server). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip'),
    /** The signed device cookie's id the attempt came with (a browser that signed in before), else null. */
    device: text('device'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.created_at)],
);
