// Tax drafts and e-signatures (issue "Documents", items 8 and 9); migration drizzle/0007_drafts_signing.sql.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { documents } from './documents.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A version of a ticket's tax draft. The bytes are a `documents` row (kind draft, private). A new upload
 * supersedes the previous version (status superseded), which stays readable. status: pending (awaiting the
 * customer), approved, changes_requested, superseded; responses read a pending version whose ticket left Draft
 * Ready as not_reviewed (computed, decision 0007). label: Draft, CPA Reviewed, Sample only (SPEC §4).
 */
export const taxDrafts = pgTable(
  'tax_drafts',
  {
    id: text('id').primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    document_id: text('document_id')
      .notNull()
      .references(() => documents.id),
    version: integer('version').notNull(),
    label: text('label').notNull().default('Draft'),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    uploaded_by: text('uploaded_by').references(() => users.id),
    decided_by: text('decided_by').references(() => users.id),
    decided_at: ts('decided_at'),
    decision_message: text('decision_message'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tax_drafts_ticket_version_key').on(t.ticket_id, t.version)],
);

/**
 * A Form 8879 (IRS e-file signature authorisation) prepared for a ticket. `document_id` is the unsigned PDF
 * (generated or the firm's own), `unsigned_sha256` its digest as the signers saw it. status: pending,
 * completed (everyone signed), replaced (staff prepared a new one before anyone signed). A replaced request
 * keeps its row (who prepared what, and its digest) but not its PDF: the document is deleted with the
 * replacement and `document_id` is null; a pending or completed one always has it. Spouse codes are HMACs,
 * single use, with an expiry; failed confirmations are counted per signer.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: text('id').primaryKey(),
    ticket_id: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id')
      .notNull()
      .references(() => users.id),
    document_id: text('document_id').references(() => documents.id),
    unsigned_sha256: text('unsigned_sha256').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull().default('pending'),
    taxpayer_name: text('taxpayer_name').notNull(),
    joint: boolean('joint').notNull().default(false),
    spouse_name: text('spouse_name'),
    spouse_email: text('spouse_email'),
    /** E.164: the spouse confirms with a code texted there (docs/decisions/0021-a). */
    spouse_phone: text('spouse_phone'),
    /**
     * The spouse's own account (a joint ticket's spouse_id when staff prepared the form): they sign their part signed
     * in as themselves, with their own factor; null: a spouse without an account confirms by a code (0032).
     */
    spouse_user_id: text('spouse_user_id').references(() => users.id),
    spouse_code_hash: text('spouse_code_hash'),
    spouse_code_expires_at: ts('spouse_code_expires_at'),
    taxpayer_failures: integer('taxpayer_failures').notNull().default(0),
    spouse_failures: integer('spouse_failures').notNull().default(0),
    /**
     * The keyed hash of the code that last confirmed each signer, and when: the same code sent again (a double
     * submit) within its window is "already confirmed", not a failure toward the lock (signing.confirm.ts).
     */
    taxpayer_code_used_hash: text('taxpayer_code_used_hash'),
    taxpayer_code_used_at: ts('taxpayer_code_used_at'),
    spouse_code_used_hash: text('spouse_code_used_hash'),
    spouse_code_used_at: ts('spouse_code_used_at'),
    signed_document_id: text('signed_document_id').references(() => documents.id),
    created_by: text('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    completed_at: ts('completed_at'),
  },
  (t) => [index('signing_requests_ticket_idx').on(t.ticket_id, t.created_at)],
);

/**
 * One signature on a signing request (taxpayer or spouse), with the evidence of the audit page. The signed
 * PDF it produced is a `documents` row (kind signed_8879) kept until `retain_until` (3 years at least).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: text('id').primaryKey(),
    signing_request_id: text('signing_request_id')
      .notNull()
      .references(() => signingRequests.id, { onDelete: 'cascade' }),
    signer_role: text('signer_role').notNull(),
    signer_user_id: text('signer_user_id').references(() => users.id),
    signer_name: text('signer_name').notNull(),
    signer_email: text('signer_email').notNull(),
    method: text('method').notNull(),
    /** The factor (SIGNING_FACTORS): passkey, totp, recovery_code, sms_code, password, email_code. */
    confirmation: text('confirmation').notNull(),
    /** An SMS code's number: its last four digits only. */
    confirmation_phone_last4: text('confirmation_phone_last4'),
    /** Password or e-mailed code because the firm had switched the stricter check off. */
    stricter_check_off: boolean('stricter_check_off').notNull().default(false),
    ip: text('ip').notNull(),
    user_agent: text('user_agent').notNull(),
    signed_at: ts('signed_at').notNull(),
    signed_document_id: text('signed_document_id')
      .notNull()
      .references(() => documents.id),
    retain_until: ts('retain_until').notNull(),
  },
  (t) => [
    uniqueIndex('signatures_request_role_key').on(t.signing_request_id, t.signer_role),
    index('signatures_document_idx').on(t.signed_document_id),
  ],
);
