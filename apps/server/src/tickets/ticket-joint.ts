import { and, eq, sql } from 'drizzle-orm';
import { HOUSEHOLD_MESSAGES as M, type TicketDetail, type TicketJointBody } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { signatures, signingRequests, tickets } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import { commitChange, viewerOf, visibleTicketRow, type TicketsDeps } from './tickets-context.ts';
import { jointSpouse, ticketDetailIn } from './tickets.service.ts';
import { lockTicket } from './tickets.repository.ts';

/** A ticket done with: what it was filed as stays. */
const CLOSED = new Set(['Completed', 'Closed', 'Cancelled']);

/** Whether anyone has signed the ticket's Form 8879 (signing's rows, read here: a signed form names its filers). */
async function hasSignature(tx: Tx, ticketId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(signatures)
    .innerJoin(signingRequests, eq(signingRequests.id, signatures.signing_request_id))
    .where(eq(signingRequests.ticket_id, ticketId))
    .limit(1);
  return row !== undefined;
}

/** Whether the ticket's Form 8879 request is pending (its signers are who the form names: they cannot change under it). */
async function hasPendingRequest(tx: Tx, ticketId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(signingRequests)
    .where(and(eq(signingRequests.ticket_id, ticketId), eq(signingRequests.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * POST /api/v1/tickets/:id/joint: the ticket's customer (not the spouse: 403) or staff make an open ticket a joint
 * return with the customer's current spouse, or a separate one (the spouse then sees it no more). Refused once the
 * ticket is done (409), its Form 8879 carries a signature (409): what was signed names who filed, or, for the customer, a
 * Form 8879 request is pending (409): a joint form signed after its spouse lost the ticket could never complete.
 */
export async function setTicketJoint(
  deps: TicketsDeps,
  auth: AuthContext,
  ref: string,
  body: TicketJointBody,
  ip: string,
): Promise<TicketDetail> {
  const seen = await visibleTicketRow(deps.db, auth, ref);
  if (!viewerOf(auth).isStaff && seen.customer_id !== auth.user.id) throw new AppError('forbidden', M.ownerOnly);
  if (CLOSED.has(seen.status)) throw new AppError('conflict', M.ticketClosed);
  const spouseId = body.joint ? await jointSpouse(deps.db, seen.customer_id) : null;
  return commitChange(deps, async (tx) => {
    const t = (await lockTicket(tx, seen.id))!;
    if (CLOSED.has(t.status)) throw new AppError('conflict', M.ticketClosed);
    if (t.spouse_id === spouseId) return { result: await ticketDetailIn(tx, auth, t.id) };
    if (await hasSignature(tx, t.id)) throw new AppError('conflict', M.ticketSigned);
    // Staff may: they prepare the form again, and a request whose spouse can no longer reach it can always be
    // replaced (signing.prepare.ts), even once the taxpayer signed it.
    if (!viewerOf(auth).isStaff && (await hasPendingRequest(tx, t.id))) {
      throw new AppError('conflict', M.signingPending);
    }
    await tx
      .update(tickets)
      .set({ spouse_id: spouseId, version: sql`${tickets.version} + 1`, updated_at: sql`now()` })
      .where(eq(tickets.id, t.id));
    await audit(tx, {
      actorId: auth.user.id,
      action: 'ticket.joint_changed',
      entityType: 'ticket',
      entityId: t.id,
      ip,
      meta: { joint: spouseId !== null, spouse_id: spouseId, previous_spouse_id: t.spouse_id },
    });
    return { result: await ticketDetailIn(tx, auth, t.id) };
  });
}
