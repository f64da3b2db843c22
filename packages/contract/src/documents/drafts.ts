import { z } from 'zod';
import { multilineText, opaqueText, text } from '../common/text.ts';
import type { TicketStatus } from '../ticket-status.ts';

/** A draft's label: SPEC §4's displayed states (badge styles open, filing_in_progress, sample_only). */
export const DRAFT_LABELS = ['Draft', 'CPA Reviewed', 'Sample only'] as const;
export const draftLabelSchema = z.enum(DRAFT_LABELS, { error: 'Choose Draft, CPA Reviewed or Sample only' });
export type DraftLabel = (typeof DRAFT_LABELS)[number];

/**
 * What is stored of a version: pending (no decision yet), approved, changes_requested, superseded (a newer
 * version was uploaded while it was pending; it stays readable).
 */
export const STORED_DRAFT_STATUSES = ['pending', 'approved', 'changes_requested', 'superseded'] as const;
/**
 * What a version reads as in responses. `pending` means the customer can decide now: the current version of a
 * ticket in Draft Ready. A pending version whose ticket has moved on without a decision (staff moved it by
 * hand) reads `not_reviewed`: computed, never stored, refused if approved or sent back (409), pending again if
 * the ticket comes back to Draft Ready.
 */
export const DRAFT_STATUSES = [...STORED_DRAFT_STATUSES, 'not_reviewed'] as const;
/** The only ticket status in which the customer reviews a draft. */
export const DRAFT_REVIEW_STATUS = 'Draft Ready' satisfies TicketStatus;

export const DRAFT_NOTE_MAX = 2000;
export const DRAFT_MESSAGE_MAX = 5000;

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
  message: multilineText().min(1, { error: 'Tell us what should change' }).max(DRAFT_MESSAGE_MAX),
});
export type RequestDraftChangesBody = z.infer<typeof requestDraftChangesBodySchema>;

export const DRAFT_MESSAGES = {
  notPdf: 'A draft must be a PDF file.',
  fileRequired: 'Choose the draft PDF to upload.',
  notCurrent: 'A newer version of this draft exists: review the latest one.',
  alreadyDecided: 'This draft has already been reviewed.',
  notReviewed: 'The ticket moved on before this draft was reviewed: it can no longer be approved or sent back.',
  ticketClosed: 'Drafts cannot be uploaded to this ticket at its current status.',
  draftNotFound: 'Draft not found.',
} as const;
