import { and, eq, isNull } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Language, NotificationKind, TicketStatus } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { notifications, tickets } from '../platform/db/schema.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { MailMessage } from '../platform/mail/mail.ts';
import type { Audience, RealtimeEvent } from '../platform/realtime.ts';
import { savedLanguage } from '../platform/users.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { ticketAudience, type TicketRef as TicketRow } from '../tickets/index.ts';

/**
 * What drafts and signing do after their transaction commits, collected while it runs: notification rows
 * are written in the transaction (as billing does), mail and live events go out after the commit and never
 * fail the request.
 */
export class FollowUps {
  private readonly events: [Audience, RealtimeEvent][] = [];
  private readonly mails: MailMessage[] = [];
  private readonly notified: { userId: string; notification: Record<string, unknown> }[] = [];

  /** Everyone concerned by a ticket: its filers (a joint return's spouse too), its assignee, staff watching. */
  static audience(t: Pick<TicketRow, 'customer_id' | 'spouse_id' | 'assignee_id'>): Audience {
    return ticketAudience(t);
  }

  publish(audience: Audience, event: RealtimeEvent) {
    this.events.push([audience, event]);
  }

  statusChanged(
    ticket: TicketRow,
    move: { from: TicketStatus; to: TicketStatus },
    actor: { id: string; full_name: string },
    version: number,
  ) {
    this.publish(FollowUps.audience(ticket), {
      type: 'ticket.status_changed',
      ticket_id: ticket.id,
      ticket_name: ticket.name,
      from_status: move.from,
      status: move.to,
      version,
      changed_by: { id: actor.id, full_name: actor.full_name },
    });
  }

  /**
   * A notification row now (in `tx`), its live event and optional mail (to `mailTo`) after the commit: `write` gives
   * both in the recipient's language (their saved choice, else the firm's).
   */
  async notify(
    tx: Tx,
    n: {
      userId: string;
      ticket: TicketRow;
      kind: NotificationKind;
      mailTo?: string | null | undefined;
      write: (
        t: TFunction,
        language: Language,
      ) => { title: string; body: string; mail?: { subject: string; text: string } };
    },
  ) {
    const language = recipientLanguage(await savedLanguage(tx, n.userId));
    const written = n.write(textsIn(language), language);
    const [row] = await tx
      .insert(notifications)
      .values({ user_id: n.userId, kind: n.kind, ticket_id: n.ticket.id, title: written.title, body: written.body })
      .returning();
    this.notified.push({
      userId: n.userId,
      notification: {
        id: String(row!.id),
        kind: row!.kind,
        ticket_id: n.ticket.id,
        ticket_name: n.ticket.name,
        title: row!.title,
        body: row!.body,
        read: false,
        created_at: row!.created_at.toISOString(),
      },
    });
    if (n.mailTo && written.mail) this.mails.push({ to: n.mailTo, ...written.mail });
  }

  mail(m: MailMessage) {
    this.mails.push(m);
  }

  async run(deps: Pick<DocumentsDeps, 'db' | 'hub' | 'mailer' | 'log'>) {
    for (const [audience, event] of this.events) await deps.hub.publish(audience, event);
    for (const n of this.notified) {
      const count = await deps.db.$count(
        notifications,
        and(eq(notifications.user_id, n.userId), isNull(notifications.read_at)),
      );
      await deps.hub.publish(
        { users: [n.userId] },
        { type: 'notification.created', notification: n.notification, unread_count: count },
      );
    }
    for (const m of this.mails) {
      try {
        await deps.mailer.send(m);
      } catch (err) {
        deps.log.error({ err: (err as Error).message, subject: m.subject }, 'drafts/signing mail failed');
      }
    }
  }
}

/** The ticket's version after a move (the realtime event carries it). */
export async function ticketVersion(tx: Tx, ticketId: string): Promise<number> {
  const [row] = await tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.version ?? 0;
}

export const ticketLink = (publicUrl: string, t: Pick<TicketRow, 'name'>) =>
  `${publicUrl}/form/message/${encodeURIComponent(t.name)}`;
