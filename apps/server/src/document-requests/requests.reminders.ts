import type { JobHandler, JobRunner, JobScan } from '../platform/jobs.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { createJobRunner, enqueueJob } from '../platform/jobs.ts';
import { savedLanguage } from '../platform/users.ts';
import { findTicketRef } from '../tickets/index.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import * as repo from './requests.repository.ts';
import { FINISHED_STATUSES, reminderInterval, requestList, requestMailParams, ticketLink } from './requests.service.ts';

export const REMINDER_JOB = 'document_request_reminder';

/**
 * Finds tickets with open requests whose reminder is due (by the indexed next_reminder_at), claims each whole
 * ticket (an advisory lock: two runners never split one ticket's requests), moves the requests' next reminder
 * 3 days on and counts it, and enqueues one reminder mail per ticket (joining one already queued and not yet
 * taken), all in one transaction: two runners never pick the same request or the same ticket, and a crash
 * before the commit leaves the requests due. `limit` is tickets per batch.
 */
export function reminderScan(deps: Pick<DocumentsDeps, 'db'>, limit = 200): JobScan {
  const claimBatch = (now: Date) =>
    deps.db.transaction(async (tx) => {
      const due = await repo.claimDueReminders(tx, now, FINISHED_STATUSES, limit);
      if (!due.length) return { tickets: 0, requests: 0 };
      await repo.advanceReminders(
        tx,
        due.map((d) => d.id),
        new Date(now.getTime() + reminderInterval),
      );
      const byTicket = new Map<string, string[]>();
      for (const d of due) byTicket.set(d.ticket_id, [...(byTicket.get(d.ticket_id) ?? []), d.id]);
      for (const [ticketId, ids] of byTicket)
        if (!(await repo.addToQueuedReminder(tx, REMINDER_JOB, ticketId, ids)))
          await enqueueJob(tx, REMINDER_JOB, { ticket_id: ticketId, request_ids: ids }, now);
      return { tickets: byTicket.size, requests: due.length };
    });
  // A backlog (after downtime) is worked off in batches of `limit` tickets, each its own short transaction.
  return async ({ now }) => {
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const n = await claimBatch(now);
      total += n.requests;
      if (n.tickets < limit) break;
    }
    return total;
  };
}

/** Sends the reminder for the requests still open when the job runs (fulfilled meanwhile: nothing). */
export function reminderHandler(deps: Pick<DocumentsDeps, 'db' | 'mailer' | 'publicUrl'>): JobHandler {
  return async (payload) => {
    const ids = Array.isArray(payload.request_ids) ? payload.request_ids.map(String) : [];
    const open = (await repo.requestsByIds(deps.db, ids)).filter((r) => r.status === 'open');
    if (!open.length) return;
    const ticket = await findTicketRef(deps.db, open[0]!.ticket_id);
    if (!ticket) return;
    // In the customer's language (their saved choice, else the firm's).
    const t = textsIn(recipientLanguage(await savedLanguage(deps.db, ticket.customer_id)));
    await deps.mailer.send({
      to: ticket.customer_email,
      subject: t('notifications.documentsReminder.subject', { ticket: ticket.name }),
      text:
        `${t('mail.hello', { name: ticket.customer_name })}\n\n` +
        `${t('notifications.documentsReminder.text', requestMailParams(ticket))}\n\n` +
        `${requestList(open.map((r) => r.label))}\n\n` +
        `${t('notifications.documentsRequested.upload', { link: ticketLink(deps, ticket.name) })}\n`,
    });
  };
}

/** The document-requests feature's background work: reminder scan and reminder mails. */
export function createDocumentsJobRunner(
  deps: Pick<DocumentsDeps, 'db' | 'mailer' | 'publicUrl' | 'log' | 'now'>,
  opts: { pollMs?: number } = {},
): JobRunner {
  return createJobRunner({
    db: deps.db,
    log: deps.log,
    now: deps.now,
    handlers: { [REMINDER_JOB]: reminderHandler(deps) },
    scans: [reminderScan(deps)],
    pollMs: opts.pollMs ?? 60_000,
  });
}
