import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

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
