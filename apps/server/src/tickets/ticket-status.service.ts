import {
  customerStatusView,
  MESSAGES,
  type ChangeStatusBody,
  type StatusChange,
  type TicketDetail,
  type TicketStatus,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { labelFor } from './ticket-dto.ts';
import { moveTicket } from './ticket-moves.ts';
import {
  actorOf,
  commitChange,
  statusLabels,
  ticketAudience,
  ticketRefOf,
  viewerOf,
  visibleTicketRow,
  type TicketsDeps,
} from './tickets-context.ts';
import * as repo from './tickets.repository.ts';
import { ticketDetailIn } from './tickets.service.ts';

export const STALE_TICKET = TICKET_TEXTS.ticket.stale;

/** Raised when the version the caller saw is no longer the ticket's. */
export const staleTicket = () => new AppError('conflict', STALE_TICKET);

export async function changeStatus(
  deps: TicketsDeps,
  auth: AuthContext,
  idOrName: string,
  body: ChangeStatusBody,
  ip: string,
): Promise<TicketDetail> {
  const seen = await visibleTicketRow(deps.db, auth, idOrName);
  const labels = await statusLabels(deps.db);
  return commitChange(deps, async (tx, emit) => {
    const to = body.status;
    const outcome = await moveTicket(tx, {
      ticketId: seen.id,
      to,
      by: { id: auth.user.id, roles: auth.roles },
      note: body.note || null,
      expectedVersion: body.expected_version,
    });
    if (!outcome.moved) {
      if (outcome.reason === 'not_found') throw notFound(MESSAGES.ticketNotFound);
      if (outcome.reason === 'stale') throw staleTicket();
      if (outcome.reason === 'same') {
        const status = labelFor(viewerOf(auth), labels.get(to)!);
        throw new AppError('validation', TICKET_TEXTS.ticket.alreadyInStatus, {
          params: { status },
          errors: [{ field: 'status', message: TICKET_TEXTS.ticket.alreadyInStatus }],
        });
      }
      // Another feature's hold (a firm setting: at Open until the engagement letter is signed): its reason, 409.
      if (outcome.reason === 'held') throw new AppError('conflict', outcome.hold!.message);
      if (!viewerOf(auth).isStaff) throw new AppError('forbidden', MESSAGES.forbidden);
      throw new AppError('forbidden', TICKET_TEXTS.ticket.moveNotAllowed, {
        params: { from: String(outcome.from), to },
      });
    }
    const { ticket: t, from } = outcome;
    await audit(tx, {
      actorId: auth.user.id,
      action: 'ticket.status_changed',
      entityType: 'ticket',
      entityId: t.id,
      ip,
      meta: { from, to },
    });
    const toLabels = labels.get(to)!;
    // What the customer reads now: "Sign your Form 8879" where one waits for them, not the status's own label.
    const forCustomer = customerStatusView({ status: to, ...toLabels, ...(await repo.customerDues(tx, t.id)) });
    await emit({
      kind: 'status_changed',
      ticket: ticketRefOf(seen, t.assignee_id),
      actor: actorOf(auth),
      from,
      to,
      to_labels: { staff: toLabels.staff_label, customer: forCustomer.label },
      customer_sees_change: labels.get(from)?.customer_label !== forCustomer.label,
    });
    const detail = await ticketDetailIn(tx, auth, t.id);
    return {
      result: detail,
      events: [
        [
          ticketAudience(t),
          {
            type: 'ticket.status_changed',
            ticket_id: t.id,
            ticket_name: t.name,
            from_status: from,
            status: to,
            version: detail.version,
            changed_by: { id: auth.user.id, full_name: auth.user.full_name },
          },
        ],
      ],
    };
  });
}

/** The timeline. Customers read customer labels and only the notes they wrote: staff notes are internal. */
export async function statusHistory(
  deps: Pick<TicketsDeps, 'db'>,
  auth: AuthContext,
  idOrName: string,
): Promise<{ items: StatusChange[] }> {
  const ticket = await visibleTicketRow(deps.db, auth, idOrName);
  const viewer = viewerOf(auth);
  // A customer's timeline leaves out the moves they read as no change (Tax Preparation → Filing In Process are both
  // "In preparation"), so it tells what happened to their return, not to the firm's pipeline.
  const rows = (await repo.listStatusChanges(deps.db, ticket.id)).filter(
    (r) => viewer.isStaff || r.from_customer_label !== r.to_customer_label || r.changed_by === auth.user.id,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      from_status: r.from_status as TicketStatus | null,
      to_status: r.to_status as TicketStatus,
      from_label: r.from_status ? (viewer.isStaff ? r.from_staff_label : r.from_customer_label) : null,
      to_label: viewer.isStaff ? r.to_staff_label : r.to_customer_label,
      changed_by: r.changed_by
        ? { id: r.changed_by, full_name: r.changed_by_name ?? '', is_staff: r.changed_by_is_staff === true }
        : null,
      note: viewer.isStaff || r.changed_by === auth.user.id ? r.note : null,
      created_at: r.created_at.toISOString(),
    })),
  };
}
