import { z } from 'zod';
import { multilineText, opaqueText, text } from '../common/text.ts';
import { emailSchema } from '../common/fields.ts';
import {
  categoryDataSchema,
  eventDataSchema,
  formDataSchema,
  galleryDataSchema,
  jobDataSchema,
  PAGE_VARIANTS,
  pageDataSchema,
  postDataSchema,
  type ContentKind,
} from './content.ts';
import { siteSettingsSchema } from './settings.ts';
import { slugSchema } from './text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { SITE_FIELD_MESSAGES } from './field-messages.ts';

/** The schema of each kind's content, as an editor saves it. */
export const CONTENT_SCHEMAS = {
  pages: pageDataSchema,
  posts: postDataSchema,
  categories: categoryDataSchema,
  galleries: galleryDataSchema,
  events: eventDataSchema,
  jobs: jobDataSchema,
  forms: formDataSchema,
} as const satisfies Record<ContentKind, z.ZodType>;

const published = { id: z.string(), published_at: z.iso.datetime() };

// Public reads: only what is published.
export const pageQuerySchema = z.object({ app: z.enum(PAGE_VARIANTS).default('web') });
export const pageRouteParamsSchema = z.object({ route: slugSchema });
export const publicPageSchema = z.object({ ...published, ...pageDataSchema.shape });
export type PublicPage = z.infer<typeof publicPageSchema>;

export const listQuerySchema = z.object({
  /** SPEC §9: link lists are 250 long. */
  limit: z.coerce.number().int().min(1).max(250).default(20),
  cursor: opaqueText().max(400).optional(),
});
const listOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const blogQuerySchema = listQuerySchema.extend({ category: slugSchema.optional() });
export const publicPostSchema = z.object({ ...published, ...postDataSchema.shape });
export const postSummarySchema = publicPostSchema.omit({ body: true });
export const postListSchema = listOf(postSummarySchema);
export const publicCategorySchema = z.object({ ...published, ...categoryDataSchema.shape });
export const categoryListSchema = z.object({ items: z.array(publicCategorySchema) });

export const publicGallerySchema = z.object({ ...published, ...galleryDataSchema.shape });
export const gallerySummarySchema = publicGallerySchema.omit({ images: true });
export const galleryListSchema = listOf(gallerySummarySchema);

export const publicEventSchema = z.object({ ...published, ...eventDataSchema.shape });
export const eventListSchema = listOf(publicEventSchema.omit({ body: true }));
export const eventsQuerySchema = listQuerySchema.extend({
  /** Upcoming (the default) or past events. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});

export const publicJobSchema = z.object({ ...published, ...jobDataSchema.shape });
export const jobListSchema = listOf(publicJobSchema.omit({ body: true }));

export const publicFormSchema = z.object({ ...published, ...formDataSchema.shape });
export const slugParamsSchema = z.object({ slug: slugSchema });

/** A web form submission: field name → value; the server checks it against the form's definition. */
const fieldValue = z.union([multilineText().max(5000), z.number(), z.boolean(), z.null()]);
export const formSubmissionBodySchema = z.object({
  values: z.record(opaqueText().max(40), fieldValue),
  rows: z
    .array(z.record(opaqueText().max(40), fieldValue))
    .max(50)
    .default([]),
  /** Spam checks: a field people never see, and when the form was shown (epoch ms). */
  website: text().max(200).default(''),
  started_at: z.number().int().nonnegative(),
});
export type FormSubmissionBody = z.input<typeof formSubmissionBodySchema>;
export const submittedSchema = z.object({ status: z.literal('Success'), message: z.string() });

/** SPEC's Contact Enquiry. `website` is a honeypot people never see; `started_at` when the form was shown. */
export const contactEnquiryBodySchema = z.object({
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(120),
  email: emailSchema,
  phone: text().max(40).default(''),
  subject: text().max(200).default(''),
  message: multilineText()
    .min(1, { error: () => SITE_FIELD_MESSAGES.messageRequired })
    .max(5000),
  website: text().max(200).default(''),
  started_at: z.number().int().nonnegative(),
});
export type ContactEnquiryBody = z.input<typeof contactEnquiryBodySchema>;

// Editors.
export const ENTRY_STATUSES = ['draft', 'published', 'changed'] as const;
export const entrySummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  variant: z.enum(PAGE_VARIANTS),
  title: z.string(),
  /** draft: never published; published: live as saved; changed: live, with unpublished edits. */
  status: z.enum(ENTRY_STATUSES),
  published_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export const entryListSchema = z.object({ items: z.array(entrySummarySchema) });
export const entryIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
export const revisionParamsSchema = entryIdParamsSchema.extend({ revisionId: opaqueText().min(1).max(64) });
export const REVISION_ACTIONS = ['saved', 'published', 'unpublished', 'restored'] as const;
export const revisionSchema = z.object({
  id: z.string(),
  action: z.enum(REVISION_ACTIONS),
  author_name: z.string().nullable(),
  created_at: z.iso.datetime(),
  data: z.unknown(),
});
export const revisionListSchema = z.object({ items: z.array(revisionSchema) });

/** One entry as the editor sees it: the draft being edited and what is live. */
export const entrySchemaOf = <S extends z.ZodType>(data: S) =>
  entrySummarySchema.extend({ draft: data, published: data.nullable() });
export const settingsEntrySchema = entrySchemaOf(siteSettingsSchema);

export const ENQUIRY_STATUSES = ['new', 'handled'] as const;
/** SPEC §9: list pages of 250. */
export const INBOX_PAGE_SIZE = 250;
/** A reply staff sent to an enquirer by e-mail: plain text, kept with the enquiry. */
export const enquiryReplySchema = z.object({
  id: z.string(),
  text: z.string(),
  author_name: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export const enquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  created_at: z.iso.datetime(),
  handled_at: z.iso.datetime().nullable(),
  handled_by_name: z.string().nullable(),
  /** Set once staff turned the enquiry into a customer and a ticket. */
  customer_id: z.string().nullable(),
  ticket_id: z.string().nullable(),
  ticket_name: z.string().nullable(),
  replies: z.array(enquiryReplySchema),
});
export type Enquiry = z.infer<typeof enquirySchema>;
const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);
/** The inbox lists the unhandled first, then newest first, a page of INBOX_PAGE_SIZE at a time. */
export const enquiryListQuerySchema = z.object({ status: z.enum(ENQUIRY_STATUSES).optional(), page: pageQuery });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export const enquiryListSchema = pageOf(enquirySchema);
export const enquiryReplyBodySchema = z.object({
  text: multilineText()
    .trim()
    .min(1, { error: () => SITE_FIELD_MESSAGES.replyRequired })
    .max(5000),
});
export type EnquiryReplyBody = z.input<typeof enquiryReplyBodySchema>;
/** Turning an enquiry into a ticket: the service and tax year staff chose; the phone when the enquiry has none. */
export const enquiryTicketBodySchema = z.object({
  service_id: opaqueText().min(1).max(64),
  year: z.coerce
    .number({ error: () => COMMON_FIELD_MESSAGES.yearRequired })
    .int()
    .min(1900)
    .max(2200),
  phone: text().max(32).optional(),
});
export type EnquiryTicketBody = z.input<typeof enquiryTicketBodySchema>;
export const enquiryTicketSchema = z.object({
  customer_id: z.string(),
  ticket_id: z.string(),
  ticket_name: z.string(),
  /** False when the e-mail already belonged to a customer (or the enquiry was converted before). */
  created_customer: z.boolean(),
});

export const submissionFileSchema = z.object({
  id: z.string(),
  /** `values.resume` or `rows.0.certificate`. */
  field: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});
export const submissionSchema = z.object({
  id: z.string(),
  form: z.string(),
  form_title: z.string().optional(),
  values: z.record(z.string(), fieldValue),
  rows: z.array(z.record(z.string(), fieldValue)),
  /** Files sent with it (stored in the vault); `url` downloads one (staff, or the signed-in sender). */
  files: z.array(submissionFileSchema),
  status: z.enum(ENQUIRY_STATUSES),
  created_at: z.iso.datetime(),
  handled_at: z.iso.datetime().nullable().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.object({ items: z.array(submissionSchema) });
export const submissionInboxQuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** A form's key (its route). */
  form: slugSchema.optional(),
  page: pageQuery,
});
export const submissionPageSchema = pageOf(submissionSchema);

export const editorSchema = z.object({ user_id: z.string(), full_name: z.string(), email: z.string() });
export const editorListSchema = z.object({ items: z.array(editorSchema) });
export const grantEditorBodySchema = z.object({ user_id: opaqueText().min(1).max(64) });
export const editorParamsSchema = z.object({ userId: opaqueText().min(1).max(64) });

/** The public list of web forms (`forms`): what a visitor can fill, without the fields. */
export const formSummarySchema = publicFormSchema.pick({
  id: true,
  published_at: true,
  slug: true,
  title: true,
  description: true,
});
export const formListSchema = listOf(formSummarySchema);

/**
 * A signed-in visitor's own web form submissions (`forms`, `forms/{form}/{id}`; docs/decisions/0021-c). `updated_at`
 * is set by the visitor's last edit; `editable` is false once staff handled it (or the form is no longer published).
 */
export const mySubmissionSummarySchema = z.object({
  id: z.string(),
  /** The form's slug (its route). */
  form: z.string(),
  form_title: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime().nullable(),
  handled_at: z.iso.datetime().nullable(),
  editable: z.boolean(),
});
export const mySubmissionListSchema = z.object({ items: z.array(mySubmissionSummarySchema) });
export const mySubmissionSchema = mySubmissionSummarySchema.extend({
  values: z.record(z.string(), fieldValue),
  rows: z.array(z.record(z.string(), fieldValue)),
  /** Files sent with it; `url` downloads one (GET /api/v1/site/submissions/:id/files/:fileId). */
  files: z.array(submissionFileSchema),
});
export type MySubmission = z.infer<typeof mySubmissionSchema>;
export const mySubmissionParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
/**
 * An edit of one's own submission: every value and child row again, checked against the form's current published
 * definition like a new submission. A file field's value is the id of a file already sent with it (kept, moved to
 * that field's path) or null (the file is removed); an edit sends no new files.
 */
export const mySubmissionEditBodySchema = formSubmissionBodySchema.pick({ values: true, rows: true });
export type MySubmissionEditBody = z.input<typeof mySubmissionEditBodySchema>;
