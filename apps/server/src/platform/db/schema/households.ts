import {
  date,
  foreignKey,
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
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A household: a taxpayer and their spouse, each with their own login (issue 32). The client import links the two
 * people of a row with a spouse; the households feature owns the rules of what they share.
 */
export const households = pgTable('households', {
  id: text('id').primaryKey(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Who belongs to which household: a person to one at most; `role` 'primary' | 'spouse'. */
export const householdMembers = pgTable(
  'household_members',
  {
    household_id: text('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('household_members_household_idx').on(t.household_id)],
);

/**
 * A customer's invitation of their spouse into their household (docs/decisions/0032). `invitee_id`: the customer
 * the e-mail named; null while the e-mail has no account (the account is made when its person follows the join link
 * and chooses a password) and for a staff account's e-mail (nobody can accept). `token_hash`: the HMAC of the join
 * link's token (invitations from before 0038: of a set-password link, auth's), cleared once used or ended. An invitation links nothing until the invitee, signed in, accepts it: `state` pending → accepted |
 * declined | revoked; `expires_at` ends a pending one (7 days).
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: text('id').primaryKey(),
    inviter_id: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitee_id: text('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    token_hash: text('token_hash'),
    state: text('state').notNull().default('pending'),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    answered_at: ts('answered_at'),
  },
  (t) => [
    index('household_invitations_inviter_idx').on(t.inviter_id, t.created_at),
    index('household_invitations_invitee_idx').on(t.invitee_id, t.state),
    uniqueIndex('household_invitations_token_idx').on(t.token_hash),
  ],
);

/**
 * The dependents a household keeps (issue 32 item 5; docs/decisions/0032-a): each row kept by the member who first
 * saved it (`owner_id`), the household's list being its members' rows (a customer without a household keeps their
 * own), so joining and leaving a household move nothing and lose nothing. `id`: the server's, or the organizer entry's
 * that made it (the entry that names it in every year's answers); unique per owner. `ssn`: `{ $sealed, last4 }`
 * (platform/sealed-values.ts), bound to the owner and the id; never in clear.
 */
export const householdDependents = pgTable(
  'household_dependents',
  {
    owner_id: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name'),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    relationship: text('relationship'),
    months_lived_with_you: integer('months_lived_with_you'),
    ssn: jsonb('ssn'),
    updated_by: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner_id, t.id] })],
);

/** A household dependent its filer said "not this year" to on a ticket's organizer: no longer offered there. */
export const householdDependentDeclines = pgTable(
  'household_dependent_declines',
  {
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    owner_id: text('owner_id').notNull(),
    dependent_id: text('dependent_id').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticket_id, t.owner_id, t.dependent_id] }),
    foreignKey({
      name: 'household_dependent_declines_dependent_fk',
      columns: [t.owner_id, t.dependent_id],
      foreignColumns: [householdDependents.owner_id, householdDependents.id],
    }).onDelete('cascade'),
  ],
);
