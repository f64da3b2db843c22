// Values only, without zod: the browser's forms read them, and a module is bundled whole with whatever of it any
// chunk reads (drafts.ts holds the schemas).
import type { TicketStatus } from '../ticket-status.ts';

/** A draft's label: SPEC §4's displayed states (badge styles open, filing_in_progress, sample_only). */
export const DRAFT_LABELS = ['Draft', 'CPA Reviewed', 'Sample only'] as const;
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

export const DRAFT_MESSAGES = {
  notPdf: 'A draft must be a PDF file.',
  fileRequired: 'Choose the draft PDF to upload.',
  notCurrent: 'A newer version of this draft exists: review the latest one.',
  alreadyDecided: 'This draft has already been reviewed.',
  notReviewed: 'The ticket moved on before this draft was reviewed: it can no longer be approved or sent back.',
  ticketClosed: 'Drafts cannot be uploaded to this ticket at its current status.',
  draftNotFound: 'Draft not found.',
} as const;
