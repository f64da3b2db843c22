import {
  isCancelledStatus,
  MESSAGES,
  type Assignment,
  type AssignTicketBody,
  type StaffUser,
  type TicketDetail,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import * as assignments from './assignment.repository.ts';
import { staleTicket } from './ticket-status.service.ts';
import {
  actorOf,
  commitChange,
  ticketAudience,
  ticketRefOf,
  viewerOf,
  visibleTicketRow,
  type TicketsDeps,
} from './tickets-context.ts';
import * as repo from './tickets.repository.ts';
import { ticketDetailIn } from './tickets.service.ts';

const requireStaffCaller = (auth: AuthContext) => {
  if (!viewerOf(auth).isStaff) throw new AppError('forbidden', MESSAGES.forbidden);
};

export async function listStaffUsers(
  deps: Pick<TicketsDeps, 'db'>,
  role: string | undefined,
): Promise<{ items: StaffUser[] }> {
  const rows = await assignments.listStaffUsers(deps.db, role);
  return { items: rows.map((r) => ({ id: r.id, full_name: r.full_name, email: r.email, roles: r.roles ?? [] })) };
}

/** Any staff member may assign a ticket to any staff member, or unassign it (user_id null). */
export async function assignTicket(
  deps: TicketsDeps,
  auth: AuthContext,
  idOrName: string,
  body: AssignTicketBody,
  ip: string,
): Promise<TicketDetail> {
  // Not found before forbidden: a customer learns nothing about other customers' tickets.
  const seen = await visibleTicketRow(deps.db, auth, idOrName);
  requireStaffCaller(auth);
  const assignee = body.user_id ? await assignments.findStaffUser(deps.db, body.user_id) : null;
  if (body.user_id && !assignee) throw fieldError('user_id', TICKET_TEXTS.ticket.chooseAssignee);

  return commitChange(deps, async (tx, emit) => {
    const t = await repo.lockTicket(tx, seen.id);
    if (!t) throw notFound(MESSAGES.ticketNotFound);
    if (body.expected_version !== undefined && body.expected_version !== t.version) throw staleTicket();
    const newId = assignee?.id ?? null;
    // Unassigning a cancelled ticket clears someone's list; assigning it gives them nothing to do.
    if (newId && isCancelledStatus(t.status)) throw new AppError('conflict', MESSAGES.ticketCancelledNoAssignee);
    if (t.assignee_id === newId) return { result: await ticketDetailIn(tx, auth, t.id) };
    if (!(await repo.updateTicketVersioned(tx, t.id, t.version, { assignee_id: newId }))) throw staleTicket();
    await assignments.insertAssignment(tx, {
      ticketId: t.id,
      assigneeId: newId,
      previousId: t.assignee_id,
      by: auth.user.id,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: newId ? 'ticket.assigned' : 'ticket.unassigned',
      entityType: 'ticket',
      entityId: t.id,
      ip,
      meta: { assignee_id: newId, previous_assignee_id: t.assignee_id },
    });
    await emit({ kind: 'assigned', ticket: ticketRefOf(seen, newId), actor: actorOf(auth), assignee });
    const detail = await ticketDetailIn(tx, auth, t.id);
    const audience = ticketAudience(t);
    return {
      result: detail,
      events: [
        [
          { ...audience, users: [...(audience.users ?? []), ...(newId ? [newId] : [])] },
          {
            type: 'ticket.assigned',
            ticket_id: t.id,
            ticket_name: t.name,
            assignee: assignee ? { id: assignee.id, full_name: assignee.full_name } : null,
            version: detail.version,
          },
        ],
      ],
    };
  });
}

export async function assignmentHistory(
  deps: Pick<TicketsDeps, 'db'>,
  auth: AuthContext,
  idOrName: string,
): Promise<{ items: Assignment[] }> {
  const ticket = await visibleTicketRow(deps.db, auth, idOrName);
  requireStaffCaller(auth);
  const rows = await assignments.listAssignments(deps.db, ticket.id);
  const ref = (id: string | null, name: string | null) => (id ? { id, full_name: name ?? '' } : null);
  return {
    items: rows.map((r) => ({
      id: r.id,
      assignee: ref(r.assignee_id, r.assignee_name),
      previous_assignee: ref(r.previous_id, r.previous_name),
      assigned_by: ref(r.by_id, r.by_name),
      created_at: r.created_at.toISOString(),
    })),
  };
}
