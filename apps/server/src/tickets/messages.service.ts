import { type TicketMessage, type TicketMessageList, type PostMessageBody } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import * as messages from './messages.repository.ts';
import { toMessage } from './ticket-dto.ts';
import {
  actorOf,
  commitChange,
  STAFF_ONLY,
  ticketAudience,
  ticketRefOf,
  viewerOf,
  visibleTicketRow,
  type TicketsDeps,
} from './tickets-context.ts';

/** A page of the conversation, oldest to newest; internal notes exist only for staff. */
export async function listMessages(
  deps: Pick<TicketsDeps, 'db'>,
  auth: AuthContext,
  idOrName: string,
  q: { before?: string | undefined; limit: number },
): Promise<TicketMessageList> {
  const ticket = await visibleTicketRow(deps.db, auth, idOrName);
  const rows = await messages.listMessages(deps.db, ticket.id, {
    includeInternal: viewerOf(auth).isStaff,
    before: q.before,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit).reverse();
  return { items: page.map(toMessage), next_cursor: rows.length > q.limit ? (page[0]?.id ?? null) : null };
}

export async function postMessage(
  deps: TicketsDeps,
  auth: AuthContext,
  idOrName: string,
  body: PostMessageBody,
): Promise<TicketMessage> {
  const ticket = await visibleTicketRow(deps.db, auth, idOrName);
  const staff = viewerOf(auth).isStaff;
  if (body.internal && !staff) throw new AppError('forbidden', TICKET_TEXTS.ticket.internalNotesStaffOnly);
  return commitChange(deps, async (tx, emit) => {
    if (body.document_ids.length) {
      if (!deps.verifyAttachments) throw fieldError('document_ids', TICKET_TEXTS.ticket.attachmentsUnavailable);
      await deps.verifyAttachments(
        tx,
        { ticketId: ticket.id, customerId: ticket.customer_id, userId: auth.user.id, isStaff: staff },
        body.document_ids,
      );
    }
    const row = await messages.insertMessage(tx, {
      ticketId: ticket.id,
      authorId: auth.user.id,
      body: body.body,
      internal: body.internal,
      documentIds: body.document_ids,
    });
    await messages.touchTicketForMessage(tx, ticket.id);
    // Writing a message means having read the conversation up to it.
    await messages.markRead(tx, auth.user.id, ticket.id);
    await emit({
      kind: 'message_posted',
      ticket: ticketRefOf(ticket),
      actor: actorOf(auth),
      message: { id: row.id, internal: row.internal },
    });
    const message = toMessage(row);
    const event = { type: 'message.created', ticket_id: ticket.id, ticket_name: ticket.name, message };
    return { result: message, events: [[row.internal ? STAFF_ONLY : ticketAudience(ticket), event]] };
  });
}

export async function markRead(deps: Pick<TicketsDeps, 'db'>, auth: AuthContext, idOrName: string) {
  const ticket = await visibleTicketRow(deps.db, auth, idOrName);
  const at = await messages.markRead(deps.db, auth.user.id, ticket.id);
  return { ticket_id: ticket.id, unread_count: 0 as const, last_read_at: at.toISOString() };
}
