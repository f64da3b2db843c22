import { z } from 'zod';
import { multilineText, opaqueText, text } from '../common/text.ts';
import {
  DOCUMENT_REQUEST_MATCHES,
  DOCUMENT_REQUEST_STATUSES,
  DOCUMENT_REQUEST_SOURCES,
  REQUEST_CHECKLIST,
  REQUEST_CHECKLIST_KEYS,
} from './request-values.ts';
import { DOCUMENT_FIELD_MESSAGES } from './field-messages.ts';

/** A file of the vault as a request names it: the one that fulfilled it, or an upload proposed for it. */
export const requestFileSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  /** The attachment's relative URL (`?disposition=inline` for a preview). */
  file_url: z.string(),
  /** The file's document type (the checklist says so when it is not the request's); absent on a proposal. */
  document_type_name: z.string().nullable().optional(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

export const documentRequestSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  ticket_name: z.string(),
  customer_id: z.string(),
  label: z.string(),
  document_type_id: z.string().nullable(),
  document_type_name: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(DOCUMENT_REQUEST_STATUSES),
  source: z.enum(DOCUMENT_REQUEST_SOURCES),
  requested_by_name: z.string().nullable(),
  fulfilled_document_id: z.string().nullable(),
  fulfilled_at: z.string().nullable(),
  /** The file that fulfilled it (null unless fulfilled), how it was matched and by whom. */
  fulfilled_document: requestFileSchema.nullable(),
  matched_via: z.enum(DOCUMENT_REQUEST_MATCHES).nullable(),
  matched_by_name: z.string().nullable(),
  /**
   * To the customer only, on an open request: an upload of theirs that looks like what it asks for (same document
   * type, or a file name that names it), for them to confirm or decline. Null for staff.
   */
  proposed_document: requestFileSchema.nullable(),
  reminders_sent: z.number().int(),
  next_reminder_at: z.string().nullable(),
  created_at: z.string(),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const documentRequestListSchema = z.object({ items: z.array(documentRequestSchema) });
export type DocumentRequestList = z.infer<typeof documentRequestListSchema>;

const freeText = text()
  .min(1, { error: () => DOCUMENT_FIELD_MESSAGES.whichDocument })
  .max(120);
/**
 * A free-text request, with the Tax Document Type staff filed it under (the form preselects one by its text;
 * null: none). A bare string is a request without a type.
 */
const customRequestSchema = z.object({
  label: freeText,
  document_type_id: opaqueText().min(1).max(64).nullable().default(null),
});

/** Free-text documents asked for in one request (one per line of the form). */
export const MAX_CUSTOM_REQUESTS = 10;

/** POST /api/v1/tickets/:id/document-requests (staff): several at once, from the checklist and/or free text. */
export const createDocumentRequestsBodySchema = z
  .object({
    checklist: z.array(z.enum(REQUEST_CHECKLIST_KEYS)).max(REQUEST_CHECKLIST.length).default([]),
    custom: z
      .array(z.union([freeText, customRequestSchema]))
      .max(MAX_CUSTOM_REQUESTS, { error: () => DOCUMENT_FIELD_MESSAGES.tooManyOther })
      .default([]),
    note: multilineText().max(1000).optional(),
  })
  .refine((b) => b.checklist.length + b.custom.length > 0, {
    error: () => DOCUMENT_FIELD_MESSAGES.pickOrDescribe,
    path: ['checklist'],
  });
export type CreateDocumentRequestsBody = z.input<typeof createDocumentRequestsBodySchema>;

export const documentRequestParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

/** GET /api/v1/document-requests: the caller's own (customer) or a customer's (staff, customer_id). */
export const listDocumentRequestsQuerySchema = z.object({
  status: z.enum(DOCUMENT_REQUEST_STATUSES).default('open'),
  customer_id: opaqueText().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/**
 * A document for a request: the customer confirming a proposed upload (or declining it), staff choosing which of
 * the customer's documents fulfils it.
 */
export const requestDocumentBodySchema = z.object({ document_id: opaqueText().min(1).max(64) });

/** Staff take a file off a request (it is open again): why, for the ticket's audit trail. */
export const unmatchRequestBodySchema = z.object({
  reason: multilineText()
    .min(1, { error: () => DOCUMENT_FIELD_MESSAGES.unmatchReason })
    .max(500),
});
