import { z } from 'zod';
import { opaqueText } from '../common/text.ts';

/**
 * Letters for many tickets at once (issue 33, the season's first day; docs/decisions/0036 "Bulk sending"): staff name
 * a tax year (and a service type), or the tickets; the server answers 202 with a batch and sends in the background,
 * one letter per eligible ticket, each as POST /api/v1/engagement-letters would.
 */

/** The most tickets a batch may name (a whole season needs none: leave `ticket_ids` out). */
export const LETTER_BATCH_MAX_TICKETS = 5000;

/**
 * Why a ticket of a batch gets no letter: not found (or not of the year and service type asked), cancelled or done
 * (its work is over), it has a draft, an open (sent or viewed, not expired) or a signed letter already, no template
 * fits its service type, or the batch's deposit is more than the ticket's fees.
 */
export const LETTER_BATCH_SKIP_REASONS = [
  'not_found',
  'cancelled',
  'ticket_done',
  'draft_letter',
  'open_letter',
  'signed_letter',
  'no_template',
  'deposit_over_fees',
] as const;
export type LetterBatchSkipReason = (typeof LETTER_BATCH_SKIP_REASONS)[number];

export const LETTER_BATCH_STATES = ['running', 'done'] as const;

export const letterBatchBodySchema = z.object({
  tax_year: z.number().int().min(2000).max(2100),
  /** Only tickets of this service type. */
  service_type_id: opaqueText().min(1).max(64).optional(),
  /** These tickets only (of the year); none: every ticket of the year (and service type). */
  ticket_ids: z.array(opaqueText().min(1).max(64)).min(1).max(LETTER_BATCH_MAX_TICKETS).optional(),
  /** One template for every letter (its current version); none: each ticket's service type's default. */
  template_id: opaqueText().min(1).max(64).optional(),
  deposit_cents: z.number().int().min(1).max(100_000_000).nullable().default(null),
});
export type LetterBatchBody = z.input<typeof letterBatchBodySchema>;

const skippedSchema = z.array(z.object({ reason: z.enum(LETTER_BATCH_SKIP_REASONS), count: z.number().int() }));

/** POST …/batches/preview: what a batch with this body would do now (nothing is written). */
export const letterBatchPreviewSchema = z.object({
  /** The tickets looked at. */
  total: z.number().int(),
  /** Those that would get a letter. */
  to_send: z.number().int(),
  skipped: skippedSchema,
});
export type LetterBatchPreview = z.infer<typeof letterBatchPreviewSchema>;

export const letterBatchParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

/** A batch and its progress: total = pending + sent + skipped + failed. */
export const letterBatchSchema = z.object({
  id: z.string(),
  state: z.enum(LETTER_BATCH_STATES),
  tax_year: z.number().int(),
  service_type_id: z.string().nullable(),
  template_id: z.string().nullable(),
  deposit_cents: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  total: z.number().int(),
  /** Still to send (queued, or made and its mail not yet queued). */
  pending: z.number().int(),
  sent: z.number().int(),
  skipped: skippedSchema,
  /** Letters that could not be made after every retry. */
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LetterBatch = z.infer<typeof letterBatchSchema>;
