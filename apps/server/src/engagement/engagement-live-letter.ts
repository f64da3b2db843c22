import { ENGAGEMENT_MESSAGES as M, STATUS_DEFINITIONS } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { isUniqueViolation } from '../platform/db/violations.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { findTicketRef } from '../tickets/index.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as repo from './engagement.repository.ts';
import { stateAt } from './engagement-view.ts';

/** The one-waiting-letter rule (docs/decisions/0036): a ticket's and a client's year's, and the index's refusal. */
/**
 * One live letter per ticket (docs/decisions/0036): a letter is made or sent for a ticket only while none of its
 * letters waits for signature (sent, viewed: void it first) or is signed, and only while the ticket is not cancelled
 * or done. Under the ticket's row lock, so two at once make one; an open letter past its expiry that the scan has not
 * reached yet is expired here first, as the scan would. The database's unique index on a ticket's open letters is the
 * last word (createLetter and sendLetter answer its refusal 409).
 */
export async function checkTicketTakesLetter(tx: Tx, deps: EngagementDeps, ticketId: string, exceptId: string | null) {
  const ticket = await findTicketRef(tx, ticketId, { lock: true });
  if (!ticket) throw notFound();
  const category = STATUS_DEFINITIONS.find((s) => s.name === ticket.status)?.category;
  if (category === 'cancelled' || category === 'done')
    throw new AppError('conflict', M.ticketEnded, { params: { status: ticket.status } });
  await refuseLiveLetters(tx, deps, await repo.liveLettersOfTicket(tx, ticketId), exceptId, {
    signed: M.signedLetterExists,
    open: M.openLetterExists,
  });
  // A client's-year letter for the ticket's year speaks for this ticket too: one waiting letter per client and year.
  await refuseLiveLetters(tx, deps, await repo.liveYearLetters(tx, ticket.customer_id, ticket.year), null, {
    signed: M.signedYearLetterExists,
    open: M.openYearLetterExists,
  });
}

type LiveLetter = Awaited<ReturnType<typeof repo.liveLettersOfTicket>>[number];

/**
 * The rule both checks share: a signed letter or one waiting for signature refuses another (409, the caller's texts);
 * one past its expiry that the scan has not reached yet is expired here first (audited), as the scan would.
 */
async function refuseLiveLetters(
  tx: Tx,
  deps: EngagementDeps,
  lives: readonly LiveLetter[],
  exceptId: string | null,
  say: { signed: string; open: string },
) {
  const now = deps.now();
  for (const live of lives) {
    if (live.id === exceptId) continue;
    if (live.state === 'signed') throw new AppError('conflict', say.signed);
    if (stateAt(live, now) !== 'expired') throw new AppError('conflict', say.open);
    await repo.updateLetter(tx, live.id, { state: 'expired' });
    await audit(tx, {
      actorId: null,
      action: 'engagement.expired',
      entityType: 'engagement_letter',
      entityId: live.id,
      ip: null,
      meta: { from: live.state },
    });
  }
}

/**
 * The same rule for a client's-year letter (no ticket; issue 33): made or sent only while none of that client's letters
 * for that year (year letters and their tickets' letters) waits for signature or is signed, under a lock of the
 * client and year; an open one past its expiry is expired here first. The unique index on open year letters is the
 * last word for year letters.
 */
export async function checkYearTakesLetter(
  tx: Tx,
  deps: EngagementDeps,
  customerId: string,
  year: number,
  exceptId: string | null,
) {
  const lives = [
    ...(await repo.liveYearLetters(tx, customerId, year)),
    // Nor beside a letter for one of that client's tickets of that year.
    ...(await repo.liveTicketLettersOfYear(tx, customerId, year)),
  ];
  await refuseLiveLetters(tx, deps, lives, exceptId, {
    signed: M.signedYearLetterExists,
    open: M.openYearLetterExists,
  });
}

/** The one-open-letter index said no (a letter sent for the ticket meanwhile): 409 as the service's own check. */
export async function oneOpenLetter<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string; constraint?: string } };
    const said = `${e.message ?? ''} ${e.cause?.message ?? ''} ${e.cause?.constraint ?? ''}`;
    if (isUniqueViolation(err) && said.includes(repo.ONE_OPEN_LETTER_INDEX)) {
      throw new AppError('conflict', M.openLetterExists, { cause: err });
    }
    if (isUniqueViolation(err) && said.includes(repo.ONE_OPEN_YEAR_LETTER_INDEX)) {
      throw new AppError('conflict', M.openYearLetterExists, { cause: err });
    }
    throw err;
  }
}
