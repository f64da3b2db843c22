import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A §7216 consent (issue 33 item 3, docs/decisions/0034): its own document, one per taxpayer who signs it (a joint
 * household's spouses each get their own, prepared together: `group_id`). `kind` 'use' | 'disclose'. `state` sent →
 * signed | declined | withdrawn (staff, before signing); signed → revoked (the client). Expiry is not a state: a
 * signed consent is expired once `expires_at` (set at signing: the stated `ends_on`'s end, else a year) has passed,
 * read against the caller's clock. `body`: the document's text as sent (the mandatory statements in it), which the
 * signature's `text_sha256` covers; a signed consent's rows other than its revocation never change.
 */
export const consents = pgTable(
  'consents',
  {
    id: text('id').primaryKey(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group_id: text('group_id'),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('sent'),
    language: text('language').notNull().default('en'),
    preparer_name: text('preparer_name').notNull(),
    taxpayer_names: text('taxpayer_names').notNull(),
    purpose: text('purpose').notNull(),
    information: text('information').notNull(),
    recipient_name: text('recipient_name'),
    recipient_email: text('recipient_email'),
    /** The last day staff stated (the firm's calendar date), or null: a year from signing. */
    ends_on: text('ends_on'),
    body: text('body').notNull(),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    signed_at: ts('signed_at'),
    expires_at: ts('expires_at'),
    signature_name: text('signature_name'),
    signature_factor: text('signature_factor'),
    signature_ip: text('signature_ip'),
    signature_user_agent: text('signature_user_agent'),
    text_sha256: text('text_sha256'),
    /** Wrong codes or passwords at signing: the fifth locks the consent (staff prepare it again). */
    sign_failures: integer('sign_failures').notNull().default(0),
    answered_at: ts('answered_at'),
    revoked_at: ts('revoked_at'),
    withdrawn_at: ts('withdrawn_at'),
    withdrawn_by: text('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('consents_customer_idx').on(t.customer_id, t.kind, t.state),
    index('consents_created_idx').on(t.created_at, t.id),
  ],
);
