import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Second factors (docs/decisions/0019-a-second-factor-policy.md). The TOTP secret is sealed with the platform's
 * field crypto (platform/field-crypto.ts, bound to the user): a database dump alone does not give the codes.
 * `enabled_at` is null while set-up waits for its first code. `last_step` is the TOTP time step last accepted:
 * a code of that step or an earlier one is refused (no replay).
 */
export const userTotp = pgTable('user_totp', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_sealed: text('secret_sealed').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true }),
  last_step: integer('last_step'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as HMACs; `used_at` set once, under a condition (single use under races). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    code_hash: text('code_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
);

/** "Trust this device": an HMAC of the user and the device cookie's id; no code asked there until `expires_at`. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.user_id)],
);

/** WebAuthn credentials (passkeys). `id` is the credential id (base64url), `public_key` its COSE key (base64url). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    public_key: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports'),
    backed_up: boolean('backed_up').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.user_id)],
);

/** A WebAuthn challenge: single use (deleted when taken), short-lived. `user_id` null for a passwordless sign-in. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose').notNull(),
  user_id: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
