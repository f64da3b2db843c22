import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role, TicketStatus } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { ticketStatusChanges, tickets } from '../platform/db/schema.ts';
import { holdOn, holdRefuses, type TicketHold } from './ticket-holds.ts';
import { lockTicket } from './tickets.repository.ts';
import { canMove, SYSTEM_MOVES, type SystemMove } from './ticket-transitions.ts';

/** A person moves a ticket through the pipeline: `canMove` decides, by their roles. */
export interface PersonMove {
  ticketId: string;
  to: TicketStatus;
  by: { id: string; roles: readonly Role[] };
  note?: string | null | undefined;
  /** The version the person saw: another version means someone changed the ticket meanwhile. */
  expectedVersion?: number | undefined;
}
/** A move that follows from another feature's fact: one of SYSTEM_MOVES, by whoever caused the fact. */
export interface SystemMoveRequest {
  ticketId: string;
  system: SystemMove;
  actorId: string | null;
  note: string;
}

export interface MovedTicket {
  id: string;
  name: string;
  customer_id: string;
  spouse_id: string | null;
  assignee_id: string | null;
  version: number;
}
export type MoveOutcome =
  | { moved: true; from: TicketStatus; to: TicketStatus; ticket: MovedTicket }
  | {
      moved: false;
      /**
       * not_found; stale: expectedVersion is not the ticket's; same: already there; refused: not allowed; held: a
       * feature's hold keeps the ticket where it is (`hold` says why: ticket-holds.ts).
       */
      reason: 'not_found' | 'stale' | 'same' | 'refused' | 'held';
      from?: TicketStatus;
      hold?: TicketHold;
    };

/**
 * THE writer of ticket statuses: row-locks the ticket, checks the move (canMove for a person, the named system
 * move's starting statuses otherwise), then the holds other features registered (ticket-holds.ts: a system move
 * held is not made, and the fact that asked for it stands), and writes the ticket (status, version, times) and its
 * status-change rows (closing the stay in the previous status, opening the next) in the caller's transaction. One
 * clock for all of it: the database's `now()`, the transaction's time, as every other ticket row (0010).
 */
export async function moveTicket(tx: Tx, move: PersonMove | SystemMoveRequest): Promise<MoveOutcome> {
  const t = await lockTicket(tx, move.ticketId);
  if (!t) return { moved: false, reason: 'not_found' };
  const from = t.status as TicketStatus;
  let to: TicketStatus;
  if ('system' in move) {
    const rule = SYSTEM_MOVES[move.system];
    if (!(rule.from as readonly TicketStatus[]).includes(from)) return { moved: false, reason: 'refused', from };
    to = rule.to;
  } else {
    if (move.expectedVersion !== undefined && move.expectedVersion !== t.version) {
      return { moved: false, reason: 'stale', from };
    }
    if (from === move.to) return { moved: false, reason: 'same', from };
    if (!canMove(move.by.roles, from, move.to)) return { moved: false, reason: 'refused', from };
    to = move.to;
  }
  const hold = await holdOn(tx, { id: t.id, status: from });
  if (holdRefuses(hold, to)) return { moved: false, reason: 'held', from, hold };
  await tx
    .update(tickets)
    .set({ status: to, version: sql`${tickets.version} + 1`, updated_at: sql`now()`, status_changed_at: sql`now()` })
    .where(eq(tickets.id, t.id));
  await writeStatusChange(tx, {
    ticketId: t.id,
    from,
    to,
    by: 'system' in move ? move.actorId : move.by.id,
    note: move.note ?? null,
  });
  return { moved: true, from, to, ticket: { ...t, version: t.version + 1 } };
}

/**
 * A status-change row; the stay in the previous status ends now (its duration feeds the dashboard's medians).
 * Also the first row of a new ticket (from null to Open), written by createTicket.
 */
export async function writeStatusChange(
  tx: Tx,
  c: { ticketId: string; from: TicketStatus | null; to: TicketStatus; by: string | null; note: string | null },
) {
  await tx
    .update(ticketStatusChanges)
    .set({ ended_at: sql`now()` })
    .where(and(eq(ticketStatusChanges.ticket_id, c.ticketId), isNull(ticketStatusChanges.ended_at)));
  await tx.insert(ticketStatusChanges).values({
    ticket_id: c.ticketId,
    from_status: c.from,
    to_status: c.to,
    changed_by: c.by,
    note: c.note,
    created_at: sql`now()`,
  });
}
