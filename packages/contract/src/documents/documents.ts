import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { UPLOAD_MESSAGES } from './uploads.ts';

/**
 * upload: the customer's or staff's upload; draft: a tax draft version; signed_8879: the signed e-file
 * authorisation; final_return: the filed return.
 */
/** engagement_letter: a signed engagement letter with its certificate page (docs/decisions/0036). */
export const DOCUMENT_KINDS = ['upload', 'draft', 'signed_8879', 'final_return', 'engagement_letter'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;
/**
 * A signed record: the signed e-file authorisation and the signed engagement letter. Kept (at least 3 years): no one
 * deletes one (409, `can_delete` false), whoever's it is.
 */
export const SIGNED_RECORD_KINDS = ['signed_8879', 'engagement_letter'] as const satisfies readonly DocumentKind[];
export const isSignedRecordKind = (kind: string): boolean => (SIGNED_RECORD_KINDS as readonly string[]).includes(kind);
/**
 * shared: the customer's vault; private: what staff send the customer (drafts, the final return: the vault's
 * "From your tax team" part); internal: staff only, a customer never sees it (404).
 */
export const DOCUMENT_VISIBILITIES = ['shared', 'private', 'internal'] as const;
export const documentVisibilitySchema = z.enum(DOCUMENT_VISIBILITIES);
export type DocumentVisibility = z.infer<typeof documentVisibilitySchema>;

export const documentSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  ticket_id: z.string().nullable(),
  ticket_name: z.string().nullable(),
  document_type_id: z.string().nullable(),
  document_type_name: z.string().nullable(),
  kind: documentKindSchema,
  visibility: documentVisibilitySchema,
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  has_thumbnail: z.boolean(),
  request_id: z.string().nullable(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
  /** Relative URLs: the attachment, and the thumbnail (null when there is none). */
  file_url: z.string(),
  thumbnail_url: z.string().nullable(),
  /** Whether the caller may delete it (own upload, ticket not completed; or staff). */
  can_delete: z.boolean(),
  /**
   * To the customer only, for an upload that fulfils no request: the open request it looks like it answers (its
   * document type, or for an upload without one its file name; the one on its own ticket first, then the oldest),
   * for them to confirm (POST /api/v1/document-requests/:id/confirm) or decline. Null for staff.
   */
  proposed_request: z
    .object({ id: z.string(), label: z.string(), ticket_id: z.string(), ticket_name: z.string() })
    .nullable(),
  /**
   * In the vault's list: the requests this file fulfils (deleting it opens them again, and the customer is asked
   * for them again), oldest first.
   */
  fulfils_requests: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
});
export type Document = z.infer<typeof documentSchema>;

export const documentListQuerySchema = z.object({
  ticket_id: opaqueText().min(1).max(64).optional(),
  /** Staff: whose vault. Ignored for customers (always their own). */
  customer_id: opaqueText().min(1).max(64).optional(),
  kind: documentKindSchema.optional(),
  cursor: opaqueText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentListSchema = z.object({
  items: z.array(documentSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

export const documentFileQuerySchema = z.object({
  /** inline: for a preview in the page (images and PDF only); attachment otherwise. */
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});

/** POST /api/v1/documents answers the stored documents, one per file. */
export const uploadDocumentsResponseSchema = z.object({ items: z.array(documentSchema) });

/** The multipart fields of POST /api/v1/documents besides `file` (one or several). */
export const uploadDocumentFieldsSchema = z.object({
  document_type: z
    .string({ error: UPLOAD_MESSAGES.documentTypeRequired })
    .trim()
    .min(1, { error: UPLOAD_MESSAGES.documentTypeRequired })
    .max(64),
  ticket_id: text().min(1).max(64).optional(),
  request_id: text().min(1).max(64).optional(),
  customer_id: text().min(1).max(64).optional(),
});
