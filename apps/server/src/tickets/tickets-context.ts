import type { FastifyBaseLogger } from 'fastify';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Audience, RealtimeEvent, RealtimeHub } from '../platform/realtime.ts';
import type { LabelMap } from './ticket-dto.ts';
import { filersOf, seenBy, type Filers } from './ticket-ref.ts';
import type { ActorRef, AttachmentVerifier, TicketActivity, TicketActivitySink, TicketRef } from './ticket-events.ts';
import * as repo from './tickets.repository.ts';

export interface TicketsDeps {
  db: Db;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
  /** Notifications and mail, handed in by app.ts. */
  onActivity?: TicketActivitySink | undefined;
  /** The documents feature's check; without it, attaching documents is refused. */
  verifyAttachments?: AttachmentVerifier | undefined;
}

export const viewerOf = (auth: AuthContext): repo.Viewer => ({ userId: auth.user.id, isStaff: isStaff(auth) });
export const actorOf = (auth: AuthContext): ActorRef => ({
  id: auth.user.id,
  full_name: auth.user.full_name,
  is_staff: isStaff(auth),
});

/** The ticket in full (labels, names, the caller's unread count) if the caller may see it (seenBy); 404 otherwise. */
export async function visibleTicketRow(db: Tx, auth: AuthContext, idOrName: string): Promise<repo.TicketRow> {
  return seenBy(auth, await repo.findTicket(db, viewerOf(auth), idOrName));
}

export const ticketRefOf = (r: repo.TicketRow, assigneeId: string | null = r.assignee_id): TicketRef => ({
  id: r.id,
  name: r.name,
  customer: { id: r.customer_id, full_name: r.customer_name, email: r.customer_email },
  spouse: r.spouse_id ? { id: r.spouse_id, full_name: r.spouse_name ?? '', email: r.spouse_email ?? '' } : null,
  assignee_id: assigneeId,
  service_name: r.service_name,
});

export async function statusLabels(db: Tx): Promise<LabelMap> {
  const rows = await repo.listStatuses(db);
  return new Map(
    rows.map((s) => [s.name, { staff_label: s.staff_label, customer_label: s.customer_label, category: s.category }]),
  );
}

/** Everyone concerned by a ticket: its filers (customer and joint spouse: filersOf), its assignee and staff watching. */
export const ticketAudience = (t: Filers & { assignee_id: string | null }): Audience => ({
  users: [...filersOf(t), ...(t.assignee_id ? [t.assignee_id] : [])],
  staff: true,
});
export const STAFF_ONLY: Audience = { staff: true, staffOnly: true };

/**
 * Runs a change in one transaction, lets the activity sink write its rows in
 * it, and after the commit runs the sink's follow-ups and publishes live
 * events. Follow-ups never fail the request: the change itself is done.
 */
export async function commitChange<T>(
  deps: TicketsDeps,
  work: (
    tx: Tx,
    emit: (a: TicketActivity) => Promise<void>,
  ) => Promise<{ result: T; events?: [Audience, RealtimeEvent][] }>,
): Promise<T> {
  const followUps: (() => Promise<void>)[] = [];
  const { result, events } = await deps.db.transaction(async (tx) =>
    work(tx, async (activity) => {
      if (deps.onActivity) followUps.push(await deps.onActivity(tx, activity));
    }),
  );
  for (const [audience, event] of events ?? []) await deps.hub.publish(audience, event);
  for (const f of followUps) {
    try {
      await f();
    } catch (err) {
      deps.log.error({ err }, 'ticket follow-up failed');
    }
  }
  return result;
}
