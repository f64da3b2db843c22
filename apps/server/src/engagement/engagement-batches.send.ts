import { z } from 'zod';
import { ENGAGEMENT_MESSAGES as M, type LetterBatchSkipReason } from '@taxportal/contract';
import { AppError } from '../platform/errors.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../platform/jobs.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as repo from './engagement.repository.ts';
import * as batches from './engagement-batches.repository.ts';
import { BATCH_JOB, skipReason } from './engagement-batches.service.ts';
import { writeLetter } from './engagement-letters.service.ts';
import { LetterFollowUps } from './engagement-notify.ts';

const payloadSchema = z.object({ batch_id: z.string().max(64), ticket_ids: z.array(z.string().max(64)).max(1000) });
/** The job runner's own limit: the last try marks what still fails as failed. */
const MAX_ATTEMPTS = 5;

/** What a refusal of writeLetter means for a batch's ticket: skipped with a reason, or null (a failure). */
function refusalReason(err: unknown): LetterBatchSkipReason | null {
  if (!(err instanceof AppError)) return null;
  if (err.text === M.noTemplate || err.text === M.templateNotFound) return 'no_template';
  // writeLetter's one-live-letter rule (a letter sent meanwhile; a ticket done or cancelled).
  if (err.text === M.openLetterExists) return 'open_letter';
  if (err.text === M.signedLetterExists) return 'signed_letter';
  if (err.text === M.ticketEnded) return 'ticket_done';
  if (err.errors?.some((e) => e.message === M.depositOverFees)) return 'deposit_over_fees';
  if (err.code === 'not_found') return 'not_found';
  return null;
}

/**
 * Sends a job's tickets of a batch (docs/decisions/0036, "Bulk sending"), each in its own transaction: the queued item
 * claimed (SKIP LOCKED), its ticket's row locked and read again (a letter sent since, by hand or by another batch,
 * makes it skipped: a ticket never gets two open letters), the letter made and sent as POST …/engagement-letters
 * does, the client told in the portal, the item `mailing`. After the job's tickets, the pushes and the mails (the
 * outbox), then `sent`. A crash leaves items queued (sent by the job's next try: its lease ends) or mailing (the mail
 * queued then, once more at worst). An unexpected error fails the job, retried with the runner's backoff; on the last
 * try those tickets are failed.
 */
export function sendBatchHandler(deps: EngagementDeps): JobHandler {
  return async (payload, ctx) => {
    const { batch_id: batchId, ticket_ids: ticketIds } = payloadSchema.parse(payload);
    const found = await batches.findBatch(deps.db, batchId);
    if (!found) return;
    const { batch } = found;
    const follow = new LetterFollowUps();
    const mailing: string[] = [];
    const failed: string[] = [];

    // Left mailing by a crash: their portal notice went out with the letter; the mail only.
    const left = await batches.itemsIn(deps.db, batchId, ticketIds, 'mailing');
    if (left.length)
      await deps.db.transaction(async (tx) => {
        for (const item of left) {
          const letter = item.letter_id ? await repo.findLetter(tx, item.letter_id) : null;
          if (letter) await follow.toSigners(tx, deps, letter, 'sent', { inApp: false });
          mailing.push(item.ticket_id);
        }
      });

    for (const ticketId of ticketIds) {
      try {
        await deps.db.transaction(async (tx) => {
          if (!(await batches.claimQueued(tx, batchId, ticketId))) return;
          const [ticket] = await batches.ticketsFor(
            tx,
            { year: batch.tax_year, serviceTypeId: batch.service_type_id ?? undefined, ticketIds: [ticketId] },
            deps.now(),
            { lock: true },
          );
          const reason = ticket
            ? skipReason(
                ticket,
                { given: !!batch.template_id, defaults: await batches.defaultTemplateTypes(tx) },
                batch.deposit_cents,
              )
            : 'not_found';
          if (reason) {
            await batches.setItems(tx, batchId, [ticketId], { outcome: 'skipped', reason }, 'queued');
            return;
          }
          const letterId = await writeLetter(
            tx,
            deps,
            batch.created_by,
            {
              ticket_id: ticketId,
              ...(batch.template_id ? { template_id: batch.template_id } : {}),
              deposit_cents: batch.deposit_cents,
              send: true,
            },
            null,
            follow,
            { batchId },
          );
          await batches.setItems(tx, batchId, [ticketId], { outcome: 'mailing', letter_id: letterId }, 'queued');
          mailing.push(ticketId);
        });
      } catch (err) {
        const reason = refusalReason(err);
        if (reason) {
          await batches.setItems(deps.db, batchId, [ticketId], { outcome: 'skipped', reason }, 'queued');
          continue;
        }
        ctx.log.warn({ batch_id: batchId, ticket_id: ticketId, err: (err as Error).message }, 'batch letter failed');
        failed.push(ticketId);
      }
    }

    await follow.run(deps);
    await batches.setItems(deps.db, batchId, mailing, { outcome: 'sent' }, 'mailing');
    if (failed.length && ctx.attempt < MAX_ATTEMPTS) throw new Error(`${failed.length} letters of the batch failed`);
    await batches.setItems(deps.db, batchId, failed, { outcome: 'failed', reason: 'error' }, 'queued');
    await batches.finishIfDone(deps.db, batchId, deps.now());
  };
}

/** The batches' runner (app.ts's routes start it; a new batch wakes it at once). */
export function createLetterBatchRunner(deps: EngagementDeps, opts: { pollMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    log: deps.log,
    handlers: { [BATCH_JOB]: sendBatchHandler(deps) },
    pollMs: opts.pollMs ?? 15_000,
    maxAttempts: MAX_ATTEMPTS,
  });
}
