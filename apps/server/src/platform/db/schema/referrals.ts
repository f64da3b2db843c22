import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Who referred whom (the referrals feature). One row per referred customer, written once at registration through
 * the referrer's link: the primary key makes a second referral of the same person impossible, the check a
 * self-referral. `first_paid_at` is set by the first card payment of the referred customer, exactly once (an
 * `update … where first_paid_at is null` under the row lock): that moment grants the referrer's reward.
 */
export const referrals = pgTable(
  'referrals',
  {
    referred_id: text('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrer_id: text('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    first_paid_at: ts('first_paid_at'),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrer_id, t.created_at),
    check('referrals_not_self_check', sql`${t.referred_id} <> ${t.referrer_id}`),
  ],
);

/** The reward rule Admin sets: a credit in cents for the referrer when a referred customer first pays; 0 = off. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer('id').primaryKey(),
    reward_cents: integer('reward_cents').notNull().default(0),
    updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('referral_settings_one_row_check', sql`${t.id} = 1`),
    check('referral_settings_reward_check', sql`${t.reward_cents} >= 0 and ${t.reward_cents} <= 100000000`),
  ],
);

/**
 * An e-mail invitation a customer sent from the referral page. The invitee's address is kept only as an HMAC
 * (to count each address once per referrer), never readable.
 */
export const referralInvitations = pgTable(
  'referral_invitations',
  {
    id: text('id').primaryKey(),
    referrer_id: text('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email_hash: text('email_hash').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_invitations_referrer_email_key').on(t.referrer_id, t.email_hash),
    index('referral_invitations_referrer_created_idx').on(t.referrer_id, t.created_at),
  ],
);
