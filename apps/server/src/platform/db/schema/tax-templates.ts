import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Item Tax Template: a named sales-tax rate in basis points (825 = 8.25 %), applied by billing. */
export const taxTemplates = pgTable(
  'tax_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rate_bp: integer('rate_bp').notNull(),
    active: boolean('active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tax_templates_name_key').on(t.name)],
);
