import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

/** Item Group in the original product. */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    show_in_website: boolean('show_in_website').notNull().default(true),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_types_name_key').on(t.name)],
);

/** Item in the original product: a service with its price, in integer cents. */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    service_type_id: text('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price_cents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    active: boolean('active').notNull().default(true),
    /** The questionnaire sections whose answers ask for documents on this service's tickets (DOCUMENT_SECTIONS). */
    document_sections: text('document_sections')
      .array()
      .notNull()
      .default(sql`'{investment,expense,global_asset}'::text[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_type_name_key').on(t.service_type_id, t.name),
    index('services_type_idx').on(t.service_type_id),
  ],
);

export const taxYears = pgTable('tax_years', {
  year: integer('year').primaryKey(),
  active: boolean('active').notNull().default(true),
});

export const documentTypes = pgTable(
  'document_types',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('document_types_name_key').on(t.name)],
);

/** The pipeline's statuses, with labels and category (seeded from the contract). */
export const ticketStatuses = pgTable('ticket_statuses', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  badge: text('badge').notNull(),
  staff_label: text('staff_label').notNull(),
  customer_label: text('customer_label').notNull(),
  category: text('category').notNull(),
  is_pipeline: boolean('is_pipeline').notNull(),
});
