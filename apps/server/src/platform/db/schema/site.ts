import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The public site's content (docs/decisions/0018): website settings, pages, blog posts, categories, galleries,
 * events, job openings and web forms, one row each. `draft` is what editors work on, `published` what visitors
 * read (null until published); both are JSON checked by the contract's schema of the kind, so a second language
 * needs no migration.
 */
export const siteEntries = pgTable(
  'site_entries',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The draft's route or slug (unique per kind and variant among drafts). */
    key: text('key').notNull(),
    /** `web`, or `mobile` for the home page's phone variant. */
    variant: text('variant').notNull().default('web'),
    draft: jsonb('draft').notNull(),
    /** The published version's route or slug: a renamed draft does not move what is live. */
    published_key: text('published_key'),
    published: jsonb('published'),
    published_at: ts('published_at'),
    draft_revision_id: text('draft_revision_id'),
    published_revision_id: text('published_revision_id'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_entries_draft_key').on(t.kind, t.key, t.variant),
    uniqueIndex('site_entries_published_key')
      .on(t.kind, t.published_key, t.variant)
      .where(sql`${t.published_key} is not null`),
    index('site_entries_published_idx').on(t.kind, t.published_at),
  ],
);

/** Every saved, published, unpublished or restored version of an entry; any of them can be restored. */
export const siteRevisions = pgTable(
  'site_revisions',
  {
    id: text('id').primaryKey(),
    entry_id: text('entry_id')
      .notNull()
      .references(() => siteEntries.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    data: jsonb('data').notNull(),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('site_revisions_entry_idx').on(t.entry_id, t.created_at)],
);

/** Users an Admin allowed to edit the site (Admins always may). */
export const siteEditors = pgTable('site_editors', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  granted_by: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** SPEC's Contact Enquiry: what visitors send through the contact form, for staff to answer. */
export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    handled_at: ts('handled_at'),
    handled_by: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The customer and ticket staff turned the enquiry into (once: a second click finds them). */
    customer_id: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    ticket_id: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_enquiries_created_idx').on(t.created_at)],
);

/** The replies staff sent to an enquirer by e-mail (plain text), kept with the enquiry. */
export const contactEnquiryReplies = pgTable(
  'contact_enquiry_replies',
  {
    id: text('id').primaryKey(),
    enquiry_id: text('enquiry_id')
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_enquiry_replies_enquiry_idx').on(t.enquiry_id, t.created_at)],
);

/** A web form's submissions, checked against the form's definition when sent. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    entry_id: text('entry_id')
      .notNull()
      .references(() => siteEntries.id, { onDelete: 'cascade' }),
    form_key: text('form_key').notNull(),
    values: jsonb('values').notNull(),
    rows: jsonb('rows').notNull(),
    user_id: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    handled_at: ts('handled_at'),
    handled_by: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    /** The signed-in sender's last edit (docs/decisions/0021-c); null until then. */
    updated_at: ts('updated_at'),
  },
  (t) => [
    index('form_submissions_entry_idx').on(t.entry_id, t.created_at),
    // A visitor's own submissions, newest first (`forms`).
    index('form_submissions_user_idx').on(t.user_id, t.created_at),
  ],
);

/**
 * Files sent with a web form submission (a résumé): stored in the encrypted vault (`FileStore`, like documents; the
 * vault's sweeper keeps a stored file while a row here names it), readable by staff and the signed-in sender only.
 */
export const formSubmissionFiles = pgTable(
  'form_submission_files',
  {
    id: text('id').primaryKey(),
    submission_id: text('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    /** The field's path in the submission: `values.resume` or `rows.0.certificate`. */
    field: text('field').notNull(),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    wrapped_key: text('wrapped_key').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('form_submission_files_submission_idx').on(t.submission_id),
    index('form_submission_files_key_idx').on(t.storage_key),
  ],
);

/** The public media library: images editors uploaded, resized into responsive variants (decision 0020-c). */
export const siteMedia = pgTable('site_media', {
  id: text('id').primaryKey(),
  file_name: text('file_name').notNull(),
  /** The uploaded file's type, by content. */
  content_type: text('content_type').notNull(),
  /** The image's size upright (after its EXIF orientation), in pixels. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: jsonb('alt').notNull(),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Each stored variant of a media item (a width in a format), by its content-addressed key in the media store. */
export const siteMediaFiles = pgTable(
  'site_media_files',
  {
    media_id: text('media_id')
      .notNull()
      .references(() => siteMedia.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size_bytes: integer('size_bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.media_id, t.key] }), index('site_media_files_key_idx').on(t.key)],
);
