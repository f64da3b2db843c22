import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { services } from './catalog.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Organizers (issue 32): Admin's templates, each for a service (null: any) and a tax year (null: any). Archived
 * templates are given to no new ticket; tickets that hold answers to one keep them.
 */
export const organizerTemplates = pgTable(
  'organizer_templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    service_id: text('service_id').references(() => services.id),
    tax_year: integer('tax_year'),
    archived_at: ts('archived_at'),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('organizer_templates_applies_idx').on(t.service_id, t.tax_year)],
);

/**
 * A template's versions: one definition each (the contract's organizerDefinitionSchema). At most one draft
 * (published_at null) per template; publishing freezes it, and a published version never changes.
 */
export const organizerVersions = pgTable(
  'organizer_versions',
  {
    id: text('id').primaryKey(),
    template_id: text('template_id')
      .notNull()
      .references(() => organizerTemplates.id),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    published_at: ts('published_at'),
    published_by: text('published_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('organizer_versions_template_version_key').on(t.template_id, t.version),
    uniqueIndex('organizer_versions_one_draft_key')
      .on(t.template_id)
      .where(sql`${t.published_at} is null`),
  ],
);

/**
 * A ticket's organizer: the version its answers were first saved to (pinned) and the answers. SSNs and ITINs are
 * `{ "$sealed": "<field-crypto>", "last4": "1234" }` (platform/sealed-values.ts), never in clear. `answered` /
 * `required`: the progress of the last save (questions shown only).
 */
export const ticketOrganizers = pgTable(
  'ticket_organizers',
  {
    ticket_id: text('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    template_id: text('template_id')
      .notNull()
      .references(() => organizerTemplates.id),
    version_id: text('version_id')
      .notNull()
      .references(() => organizerVersions.id),
    answers: jsonb('answers').notNull().default({}),
    /** The earlier ticket whose answers this one started from (issue 32 item 3), and its questions not confirmed. */
    carried_from_ticket_id: text('carried_from_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    carried: jsonb('carried').notNull().default([]),
    answered: integer('answered').notNull().default(0),
    required: integer('required').notNull().default(0),
    /** Counts the saves (0: never saved by a person): the precondition a save names, so a stale tab gets a 409. */
    revision: integer('revision').notNull().default(0),
    updated_by: text('updated_by').references(() => users.id),
    updated_at: ts('updated_at').notNull().defaultNow(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_organizers_template_idx').on(t.template_id)],
);
