import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ENGAGEMENT_MESSAGES as M,
  STATUS_DEFINITIONS,
  LETTER_BATCH_SKIP_REASONS,
  type LetterBatch,
  type letterBatchBodySchema,
  type LetterBatchPreview,
  type LetterBatchSkipReason,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { fieldError, notFound } from '../platform/errors.ts';
import { enqueueJob } from '../platform/jobs.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as repo from './engagement.repository.ts';
import * as batches from './engagement-batches.repository.ts';

/**
 * Letters for many tickets at once (docs/decisions/0036, "Bulk sending"): staff name a tax year (and a service type)
 * or the tickets; each ticket is classified now (the preview writes nothing), the batch and one item per ticket are
 * written with the jobs that send the queued ones, 100 tickets a job (engagement-batches.send.ts), and the request is
 * answered at once (202). Audited once here; each letter as any letter is.
 */
type Body = z.output<typeof letterBatchBodySchema>;

/** The tickets of a job of the batch's runner. */
export const BATCH_JOB = 'engagement_letter_batch';
export const BATCH_JOB_TICKETS = 100;

type Candidate = Awaited<ReturnType<typeof batches.ticketsFor>>[number];

/** Why this ticket gets no letter now, or null: it gets one. */
export function skipReason(
  t: Candidate,
  templates: { given: boolean; defaults: Set<string | null> },
  depositCents: number | null = null,
): LetterBatchSkipReason | null {
  const category = STATUS_DEFINITIONS.find((s) => s.name === t.status)?.category;
  if (category === 'cancelled') return 'cancelled';
  if (category === 'done') return 'ticket_done';
  if (t.signed) return 'signed_letter';
  if (t.open) return 'open_letter';
  if (t.draft) return 'draft_letter';
  if (!templates.given && !templates.defaults.has(t.service_type_id) && !templates.defaults.has(null))
    return 'no_template';
  // writeLetter refuses a deposit above the letter's total fees (422): such a ticket is left out, not the batch.
  if (depositCents && depositCents > Number(t.fee_cents)) return 'deposit_over_fees';
  return null;
}

/** Every ticket asked for with its outcome now: null (gets a letter) or why not. Checks the body's ids first. */
async function classify(tx: Tx, deps: EngagementDeps, body: Body) {
  if (body.service_type_id && !(await repo.serviceTypeExists(tx, body.service_type_id)))
    throw fieldError('service_type_id', M.chooseServiceType);
  if (body.template_id && !(await repo.findTemplate(tx, body.template_id)))
    throw fieldError('template_id', M.templateNotFound);
  const asked = body.ticket_ids ? [...new Set(body.ticket_ids)] : undefined;
  const found = await batches.ticketsFor(
    tx,
    { year: body.tax_year, serviceTypeId: body.service_type_id, ticketIds: asked },
    deps.now(),
  );
  const templates = { given: !!body.template_id, defaults: await batches.defaultTemplateTypes(tx) };
  const outcome = new Map<string, LetterBatchSkipReason | null>();
  // Named tickets not of this year (and service type), or none at all: not found, in the order asked.
  for (const id of asked ?? []) outcome.set(id, 'not_found');
  for (const t of found) outcome.set(t.id, skipReason(t, templates, body.deposit_cents));
  return outcome;
}

const skippedList = (counts: Map<LetterBatchSkipReason, number>) =>
  LETTER_BATCH_SKIP_REASONS.filter((r) => counts.get(r)).map((reason) => ({ reason, count: counts.get(reason)! }));

/** POST …/batches/preview: the counts a batch would have now. */
export async function previewBatch(deps: EngagementDeps, body: Body): Promise<LetterBatchPreview> {
  const outcome = await classify(deps.db, deps, body);
  const counts = new Map<LetterBatchSkipReason, number>();
  let toSend = 0;
  for (const reason of outcome.values()) {
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    else toSend++;
  }
  return { total: outcome.size, to_send: toSend, skipped: skippedList(counts) };
}

/** POST …/batches: the batch written with its items and jobs; `kick` wakes the runner once it commits. */
export async function createBatch(
  deps: EngagementDeps,
  auth: AuthContext,
  body: Body,
  ip: string,
  kick: () => void,
): Promise<LetterBatch> {
  const id = randomUUID();
  const queued = await deps.db.transaction(async (tx) => {
    const outcome = await classify(tx, deps, body);
    const now = deps.now();
    await batches.insertBatch(tx, {
      id,
      tax_year: body.tax_year,
      service_type_id: body.service_type_id ?? null,
      template_id: body.template_id ?? null,
      deposit_cents: body.deposit_cents,
      created_by: auth.user.id,
      created_at: now,
    });
    const toSend: string[] = [];
    const items = [...outcome].map(([ticketId, reason]) => {
      if (!reason) toSend.push(ticketId);
      return { batch_id: id, ticket_id: ticketId, outcome: reason ? 'skipped' : 'queued', reason };
    });
    await batches.insertItems(tx, items);
    for (let i = 0; i < toSend.length; i += BATCH_JOB_TICKETS)
      await enqueueJob(tx, BATCH_JOB, { batch_id: id, ticket_ids: toSend.slice(i, i + BATCH_JOB_TICKETS) });
    if (!toSend.length) await batches.finishIfDone(tx, id, now);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.batch_sent',
      entityType: 'engagement_letter_batch',
      entityId: id,
      ip,
      meta: {
        tax_year: body.tax_year,
        service_type_id: body.service_type_id ?? null,
        template_id: body.template_id ?? null,
        deposit_cents: body.deposit_cents,
        tickets: items.length,
        to_send: toSend.length,
      },
    });
    return toSend.length;
  });
  if (queued) kick();
  return getBatch(deps, id);
}

/** GET …/batches/:id (any staff member): the batch and its progress. */
export async function getBatch(deps: EngagementDeps, id: string): Promise<LetterBatch> {
  const found = await batches.findBatch(deps.db, id);
  if (!found) throw notFound(M.batchNotFound);
  const { batch } = found;
  const counts = await batches.countItems(deps.db, id);
  const sum = (outcomes: string[]) =>
    counts.filter((c) => outcomes.includes(c.outcome)).reduce((n, c) => n + c.count, 0);
  const skipped = new Map<LetterBatchSkipReason, number>();
  for (const c of counts)
    if (c.outcome === 'skipped') {
      const reason = c.reason as LetterBatchSkipReason;
      skipped.set(reason, (skipped.get(reason) ?? 0) + c.count);
    }
  return {
    id: batch.id,
    state: batch.finished_at ? 'done' : 'running',
    tax_year: batch.tax_year,
    service_type_id: batch.service_type_id,
    template_id: batch.template_id,
    deposit_cents: batch.deposit_cents,
    created_by_name: found.created_by_name,
    total: sum(['queued', 'mailing', 'sent', 'skipped', 'failed']),
    pending: sum(['queued', 'mailing']),
    sent: sum(['sent']),
    skipped: skippedList(skipped),
    failed: sum(['failed']),
    created_at: batch.created_at.toISOString(),
    finished_at: batch.finished_at?.toISOString() ?? null,
  };
}
