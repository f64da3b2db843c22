import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TicketStatus } from '@taxportal/contract';
import type { Tx } from './db/client.ts';
import { ticketStatusChanges, tickets } from './db/schema.ts';

/**
 * A status move that follows from something another feature did (a payment, a draft uploaded or approved), not
 * from a person choosing it in the pipeline: the tickets service's table of allowed moves does not apply, the
 * caller names the statuses it may move from. Makes the two writes the tickets service makes (the ticket with
 * its version, the status-change row closing the previous one) in the caller's transaction, under a row lock.
 * Returns null, changing nothing, when the ticket is not in one of `from`.
 */
export async function moveTicketStatus(
  tx: Tx,
  move: { ticketId: string; to: TicketStatus; from: readonly TicketStatus[]; actorId: string | null; note: string },
): Promise<{ from: TicketStatus; to: TicketStatus } | null> {
  const [ticket] = await tx
    .select({ status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, move.ticketId))
    .for('update');
  if (!ticket || !(move.from as readonly string[]).includes(ticket.status)) return null;
  const now = new Date();
  await tx
    .update(tickets)
    .set({ status: move.to, version: sql`${tickets.version} + 1`, updated_at: now, status_changed_at: now })
    .where(eq(tickets.id, move.ticketId));
  await tx
    .update(ticketStatusChanges)
    .set({ ended_at: now })
    .where(and(eq(ticketStatusChanges.ticket_id, move.ticketId), isNull(ticketStatusChanges.ended_at)));
  await tx.insert(ticketStatusChanges).values({
    ticket_id: move.ticketId,
    from_status: ticket.status,
    to_status: move.to,
    changed_by: move.actorId,
    note: move.note,
    created_at: now,
  });
  return { from: ticket.status as TicketStatus, to: move.to };
}
