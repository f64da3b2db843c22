import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Language, NotificationKind } from '@taxportal/contract';
import type { Db, Tx } from '../platform/db/client.ts';
import { documentRequests } from '../platform/db/schema.ts';
import { recipientLanguage, statusLabelIn, textsIn } from '../platform/i18n.ts';
import type { Mailer, MailMessage } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { savedLanguage } from '../platform/users.ts';
import type { TicketActivity } from '../tickets/index.ts';
import * as repo from './notifications.repository.ts';
import { pushCreated, toNotification } from './notifications.service.ts';

/** A notification and its e-mail as one recipient reads them, in their language. */
interface Written {
  title: string;
  body: string;
  mail?: { subject: string; text: string };
}

interface Planned {
  userId: string;
  kind: NotificationKind;
  /** Sent when the recipient's preference (read in the transaction) allows; `to` empty: the recipient's address. */
  mail?: { pref: keyof repo.Preferences; to: string };
  write: (t: TFunction, language: Language) => Written;
}

/**
 * Who hears about what. Customers hear about status changes and staff
 * replies, never about internal notes; the assignee hears about the customer's
 * replies, assignments and moves others make. Nobody is told of their own act.
 */
function plan(a: TicketActivity, link: string, openRequests: string[] = []): Planned[] {
  const tk = a.ticket;
  const out: Planned[] = [];
  const customer = tk.customer;
  // What the customer is told, a joint return's spouse is told too, each greeted by name (docs/decisions/0032).
  const filers = [customer, ...(tk.spouse ? [tk.spouse] : [])];
  const ticket = tk.name;
  const service = tk.service_name;
  const hello = (t: TFunction, name: string) => `${t('mail.hello', { name })}\n\n`;
  const footer = (t: TFunction) =>
    `\n\n${t('notifications.mail.openTicket', { link })}\n\n${t('notifications.mail.stopMails')}\n`;
  if (a.kind === 'status_changed') {
    // Moved to Required More Information with documents still requested: list them.
    const wanted = (t: TFunction) =>
      openRequests.length
        ? `\n\n${t('notifications.statusChanged.stillNeeded')}\n${openRequests.map((l) => `  - ${l}`).join('\n')}`
        : '';
    // A move the customer reads as no change (preparation by another name) is no news to them.
    if (a.customer_sees_change)
      for (const filer of filers)
        out.push({
          userId: filer.id,
          kind: 'status_changed',
          mail: { pref: 'email_on_status_change', to: filer.email },
          write: (t, language) => {
            const status = statusLabelIn(language, a.to, 'customer', a.to_labels.customer);
            return {
              title: t('notifications.statusChanged.title', { ticket, status }),
              body: openRequests.length
                ? t('notifications.statusChanged.documentsNeeded', { documents: openRequests.join(', ') })
                : service,
              mail: {
                subject: `${ticket}: ${status}`,
                text: `${hello(t, filer.full_name)}${t('notifications.statusChanged.text', { ticket, service, status })}${wanted(t)}${footer(t)}`,
              },
            };
          },
        });
    if (tk.assignee_id) {
      out.push({
        userId: tk.assignee_id,
        kind: 'status_changed',
        write: (t, language) => ({
          title: t('notifications.statusChanged.movedTitle', {
            ticket,
            status: statusLabelIn(language, a.to, 'staff', a.to_labels.staff),
          }),
          body: t('notifications.statusChanged.movedBody', { name: a.actor.full_name }),
        }),
      });
    }
  } else if (a.kind === 'assigned') {
    if (a.assignee) {
      out.push({
        userId: a.assignee.id,
        kind: 'assigned',
        write: (t) => ({
          title: t('notifications.assigned.title', { ticket }),
          body: `${customer.full_name} · ${service}`,
        }),
      });
    }
  } else if (a.message.internal) {
    if (tk.assignee_id) {
      out.push({
        userId: tk.assignee_id,
        kind: 'message',
        write: (t) => ({
          title: t('notifications.internalNote.title', { name: a.actor.full_name, ticket }),
          body: service,
        }),
      });
    }
  } else if (a.actor.is_staff) {
    for (const filer of filers)
      out.push({
        userId: filer.id,
        kind: 'message',
        mail: { pref: 'email_on_staff_reply', to: filer.email },
        write: (t) => ({
          title: t('notifications.staffMessage.title', { ticket }),
          body: t('notifications.staffMessage.body', { name: a.actor.full_name }),
          mail: {
            subject: t('notifications.staffMessage.subject', { ticket }),
            text: `${hello(t, filer.full_name)}${t('notifications.staffMessage.text', { name: a.actor.full_name, ticket, service })}${footer(t)}`,
          },
        }),
      });
    if (tk.assignee_id) {
      out.push({
        userId: tk.assignee_id,
        kind: 'message',
        write: (t) => ({
          title: t('notifications.staffMessage.assigneeTitle', { name: a.actor.full_name, ticket }),
          body: service,
        }),
      });
    }
  } else if (tk.assignee_id) {
    out.push({
      userId: tk.assignee_id,
      kind: 'message',
      mail: { pref: 'email_on_customer_reply', to: '' },
      write: (t) => ({
        title: t('notifications.customerReply.title', { name: a.actor.full_name, ticket }),
        body: service,
        mail: {
          subject: t('notifications.customerReply.subject', { name: a.actor.full_name, ticket }),
          text: `${t('notifications.customerReply.text', { name: a.actor.full_name, ticket, service })}\n\n${t('notifications.mail.openTicket', { link })}\n`,
        },
      }),
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
      // Each recipient reads it in their own language (the customer's and the assignee's may differ).
      const language = recipientLanguage(await savedLanguage(tx, p.userId));
      const written = p.write(textsIn(language), language);
      const row = await repo.insertNotification(tx, {
        userId: p.userId,
        kind: p.kind,
        ticketId: activity.ticket.id,
        title: written.title,
        body: written.body,
      });
      created.push({ userId: p.userId, notification: toNotification(row) });
      if (p.mail && written.mail && (await repo.getPreferences(tx, p.userId))[p.mail.pref]) {
        const to = p.mail.to || (await repo.findUserEmail(tx, p.userId));
        if (to) mails.push({ to, subject: written.mail.subject, text: written.mail.text });
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
