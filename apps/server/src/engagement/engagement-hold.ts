import { ENGAGEMENT_MESSAGES as M, type TicketStatus } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import type { TicketHold } from '../tickets/index.ts';
import { getSettings } from './engagement-templates.service.ts';
import * as repo from './engagement.repository.ts';

/** The statuses a held ticket may still go to: cancelling is not work on the return (a declined letter ends there). */
const RELEASED: readonly TicketStatus[] = ['Cancelled'];

/**
 * THE rule of the hold at Open (issue 33 item 2, docs/decisions/0036): with the firm's setting
 * `hold_at_open_until_signed` on, a ticket at Open moves on (to anything but Cancelled) only once an engagement letter
 * for it is signed: the ticket's own, or its customer's letter for the ticket's tax year sent without a ticket. No
 * letter at all holds it too (the reason says to send one); a voided, declined or expired letter releases nothing.
 * app.ts registers it with tickets (registerTicketHold), whose moveTicket asks it at every move, person or system.
 */
export async function engagementHold(tx: Tx, ticket: { id: string; status: TicketStatus }): Promise<TicketHold | null> {
  if (ticket.status !== 'Open') return null;
  if (!(await getSettings(tx)).hold_at_open_until_signed) return null;
  const standing = await repo.ticketLetterStanding(tx, ticket.id);
  if (standing.signed) return null;
  if (standing.pending) return { reason: 'letter_unsigned', message: M.heldUnsigned, allows: RELEASED };
  // A letter that came to nothing is named as such (a tester was told to send a letter when one had been declined).
  return standing.ended
    ? { reason: 'letter_ended', message: M.heldLetterEnded, allows: RELEASED }
    : { reason: 'letter_missing', message: M.heldNoLetter, allows: RELEASED };
}
