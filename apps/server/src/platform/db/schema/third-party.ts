import { bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { consents } from './consents.ts';
import { documents } from './documents.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A share of a ticket's documents with an outside e-mail (§7216 disclosure; issue 33 item 4, docs/decisions/0035).
 * Made under the ticket's customer's consent to disclose naming that recipient (`consent_id`): the link opens only
 * while that consent is in force, before `expires_at` and until `revoked_at`. The token is never stored: it is the
 * id, the expiry and an HMAC (platform/share-tokens.ts). `purpose` is the consent's, as it read when the link was made;
 * `expires_at` is never past the consent's own expiry.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: text('id').primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consent_id: text('consent_id')
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    recipient_email: text('recipient_email').notNull(),
    recipient_name: text('recipient_name'),
    purpose: text('purpose').notNull(),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    revoked_by: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the consent it was made under was revoked (consents' onConsentEnded), if it was. */
    consent_ended_at: ts('consent_ended_at'),
  },
  (t) => [index('document_shares_ticket_idx').on(t.ticket_id, t.created_at)],
);

/** The files of a share: a document deleted later leaves the share with it (cascade). */
export const documentShareFiles = pgTable(
  'document_share_files',
  {
    share_id: text('share_id')
      .notNull()
      .references(() => documentShares.id, { onDelete: 'cascade' }),
    document_id: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.share_id, t.document_id] }),
    index('document_share_files_doc_idx').on(t.document_id),
  ],
);

/** Each open of a share's page and each download of one of its files, with where from (also in the audit log). */
export const documentShareEvents = pgTable(
  'document_share_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    share_id: text('share_id')
      .notNull()
      .references(() => documentShares.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    file_name: text('file_name'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('document_share_events_share_idx').on(t.share_id, t.at)],
);

/** An offer or newsletter Admin sent by e-mail, beyond tax preparation: only to clients with a consent to use. */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: text('audience').notNull(),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('offers_created_idx').on(t.created_at, t.id)],
);

/** One client of an offer: queued → sent | skipped (no consent to use, at preview or at send) | failed. */
export const offerRecipients = pgTable(
  'offer_recipients',
  {
    id: text('id').primaryKey(),
    offer_id: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    sent_at: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('offer_recipients_offer_customer_idx').on(t.offer_id, t.customer_id),
    index('offer_recipients_offer_state_idx').on(t.offer_id, t.state),
  ],
);
