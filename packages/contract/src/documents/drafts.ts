import { z } from 'zod';
import { multilineText, opaqueText, text } from '../common/text.ts';
import { DRAFT_LABELS, DRAFT_STATUSES, DRAFT_NOTE_MAX, DRAFT_MESSAGE_MAX } from './draft-values.ts';
import { DOCUMENT_FIELD_MESSAGES } from './field-messages.ts';

export const draftLabelSchema = z.enum(DRAFT_LABELS, { error: () => DOCUMENT_FIELD_MESSAGES.draftLabel });

const person = z.object({ id: z.string(), full_name: z.string() });

/** One version of a ticket's tax draft; its bytes: GET /api/v1/documents/{document_id}/file. */
export const draftSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  version: z.number().int(),
  label: draftLabelSchema,
  status: z.enum(DRAFT_STATUSES),
  /** The newest version: the only one the customer can approve or send back. */
  is_current: z.boolean(),
  /** A superseded version: the version uploaded after it, which replaced it. */
  superseded_by_version: z.number().int().nullable(),
  note: z.string().nullable(),
  document_id: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  uploaded_by: person.nullable(),
  created_at: z.string(),
  decided_by: person.nullable(),
  decided_at: z.string().nullable(),
  decision_message: z.string().nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

/** GET /api/v1/tickets/:id/drafts (tax_draft): newest version first. */
export const draftListSchema = z.object({ items: z.array(draftSchema) });
export type DraftList = z.infer<typeof draftListSchema>;

export const ticketDraftParamsSchema = z.object({ id: text().min(1).max(64) });
export const draftParamsSchema = z.object({ id: text().min(1).max(64), draftId: opaqueText().min(1).max(64) });

/**
 * POST /api/v1/tickets/:id/drafts (staff): multipart, `file` (a PDF) and optional `label` and `note` fields,
 * sent before the file. The ticket moves to Draft Ready.
 */
export const uploadDraftFieldsSchema = z.object({
  label: draftLabelSchema.default('Draft'),
  note: multilineText().max(DRAFT_NOTE_MAX).optional(),
});

/** PATCH /api/v1/tickets/:id/drafts/:draftId (staff). */
export const updateDraftBodySchema = z.object({ label: draftLabelSchema });
export type UpdateDraftBody = z.infer<typeof updateDraftBodySchema>;

/** POST …/drafts/:draftId/request-changes (the ticket's customer): posted on the conversation too. */
export const requestDraftChangesBodySchema = z.object({
  message: multilineText()
    .min(1, { error: () => DOCUMENT_FIELD_MESSAGES.changeRequired })
    .max(DRAFT_MESSAGE_MAX),
});
export type RequestDraftChangesBody = z.infer<typeof requestDraftChangesBodySchema>;
