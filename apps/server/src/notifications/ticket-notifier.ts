import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { NotificationKind } from '@taxportal/contract';
import type { Db, Tx } from '../platform/db/client.ts';
import { documentRequests } from '../platform/db/schema.ts';
import type { Mailer, MailMessage } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import type { TicketActivity } from '../tickets/index.ts';
import * as repo from './notifications.repository.ts';
import { pushCreated, toNotification } from './notifications.service.ts';

interface Planned {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Sent when the recipient's preference (read in the transaction) allows. */
  mail?: { pref: keyof repo.Preferences; to: string; subject: string; text: string };
}

/**
 * Who hears about what. Customers hear about status changes and staff
 * replies, never about internal notes; the assignee hears about the customer's
 * replies, assignments and moves others make. Nobody is told of their own act.
 */
function plan(a: TicketActivity, link: string, openRequests: string[] = []): Planned[] {
  const t = a.ticket;
  const out: Planned[] = [];
  const customer = t.customer;
  const hello = `Hello ${customer.full_name},\n\n`;
  const footer = `\n\nOpen the ticket: ${link}\n\nTo stop these e-mails, change your notification preferences in the portal.\n`;
  if (a.kind === 'status_changed') {
    // Moved to Required More Information with documents still requested: list them.
    const wanted = openRequests.length
      ? `\n\nWe still need these documents from you:\n${openRequests.map((l) => `  - ${l}`).join('\n')}`
      : '';
    // A move the customer reads as no change (preparation by another name) is no news to them.
    if (a.customer_sees_change)
      out.push({
        userId: customer.id,
        kind: 'status_changed',
        title: `${t.name} is now: ${a.to_labels.customer}`,
        body: openRequests.length ? `Documents needed: ${openRequests.join(', ')}` : t.service_name,
        mail: {
          pref: 'email_on_status_change',
          to: customer.email,
          subject: `${t.name}: ${a.to_labels.customer}`,
          text: `${hello}Your ticket ${t.name} (${t.service_name}) is now: ${a.to_labels.customer}.${wanted}${footer}`,
        },
      });
    if (t.assignee_id) {
      out.push({
        userId: t.assignee_id,
        kind: 'status_changed',
        title: `${t.name} moved to ${a.to_labels.staff}`,
        body: `By ${a.actor.full_name}`,
      });
    }
  } else if (a.kind === 'assigned') {
    if (a.assignee) {
      out.push({
        userId: a.assignee.id,
        kind: 'assigned',
        title: `${t.name} was assigned to you`,
        body: `${customer.full_name} · ${t.service_name}`,
      });
    }
  } else if (a.message.internal) {
    if (t.assignee_id) {
      out.push({
        userId: t.assignee_id,
        kind: 'message',
        title: `${a.actor.full_name} added an internal note on ${t.name}`,
        body: t.service_name,
      });
    }
  } else if (a.actor.is_staff) {
    out.push({
      userId: customer.id,
      kind: 'message',
      title: `New message on ${t.name}`,
      body: `From ${a.actor.full_name}`,
      mail: {
        pref: 'email_on_staff_reply',
        to: customer.email,
        subject: `${t.name}: a new message from your tax team`,
        text: `${hello}${a.actor.full_name} wrote to you about your ticket ${t.name} (${t.service_name}).${footer}`,
      },
    });
    if (t.assignee_id) {
      out.push({
        userId: t.assignee_id,
        kind: 'message',
        title: `${a.actor.full_name} wrote on ${t.name}`,
        body: t.service_name,
      });
    }
  } else if (t.assignee_id) {
    out.push({
      userId: t.assignee_id,
      kind: 'message',
      title: `${customer.full_name} replied on ${t.name}`,
      body: t.service_name,
      mail: {
        pref: 'email_on_customer_reply',
        to: '',
        subject: `${t.name}: ${customer.full_name} replied`,
        text: `${customer.full_name} replied on ticket ${t.name} (${t.service_name}).\n\nOpen the ticket: ${link}\n`,
      },
    });
  }
  return out.filter((p) => p.userId !== a.actor.id);
}

export interface TicketNotifierDeps {
  db: Db;
  hub: RealtimeHub;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The tickets feature's activity sink: notification rows in the change's transaction, mail and live events after it. */
export function createTicketNotifier(deps: TicketNotifierDeps) {
  return async function onTicketActivity(tx: Tx, activity: TicketActivity): Promise<() => Promise<void>> {
    const link = `${deps.publicUrl}/form/message/${encodeURIComponent(activity.ticket.name)}`;
    const created: { userId: string; notification: ReturnType<typeof toNotification> }[] = [];
    const mails: MailMessage[] = [];
    const openRequests =
      activity.kind === 'status_changed' && activity.to === 'Required More Information'
        ? await openRequestLabels(tx, activity.ticket.id)
        : [];
    for (const p of plan(activity, link, openRequests)) {
      const row = await repo.insertNotification(tx, {
        userId: p.userId,
        kind: p.kind,
        ticketId: activity.ticket.id,
        title: p.title,
        body: p.body,
      });
      created.push({ userId: p.userId, notification: toNotification(row) });
      if (p.mail && (await repo.getPreferences(tx, p.userId))[p.mail.pref]) {
        const to = p.mail.to || (await repo.findUserEmail(tx, p.userId));
        if (to) mails.push({ to, subject: p.mail.subject, text: p.mail.text });
      }
    }
    return async () => {
      await pushCreated(deps, created);
      for (const m of mails) {
        try {
          await deps.mailer.send(m);
        } catch (err) {
          deps.log.error({ err: (err as Error).message, subject: m.subject }, 'notification mail failed');
        }
      }
    };
  };
}

/** The documents still requested on a ticket (document_requests is the document-requests feature's table). */
async function openRequestLabels(tx: Tx, ticketId: string): Promise<string[]> {
  const rows = await tx
    .select({ label: documentRequests.label })
    .from(documentRequests)
    .where(and(eq(documentRequests.ticket_id, ticketId), eq(documentRequests.status, 'open')))
    .orderBy(asc(documentRequests.created_at));
  return rows.map((r) => r.label);
}
