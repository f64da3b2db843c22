import { HOUSEHOLD_DEPENDENT_MESSAGES, type HouseholdOffers } from '@taxportal/contract';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { notFound } from '../platform/errors.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { setDependentDeclined } from '../households/index.ts';
import { visibleTicket } from '../tickets/index.ts';
import { householdOffers, householdSideOf } from './organizer-household.ts';
import { currentOrganizer, refuseFinished } from './ticket-organizer.service.ts';

/**
 * "Not this year" to a household dependent the ticket's organizer offers (or offered again): whoever may change the
 * organizer (its customer, their spouse on a joint return, staff). Touches no answer, so no autosave races it.
 * 404 for a ticket the caller may not see, an organizer without a group of household dependents, or a dependent of
 * another household.
 */
export async function declineTicketDependent(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  dependentId: string,
  declined: boolean,
): Promise<HouseholdOffers> {
  const seen = await visibleTicket(deps.db, auth, ticketId);
  refuseFinished(seen);
  return deps.db.transaction(async (tx) => {
    const locked = await visibleTicket(tx, auth, seen.id, { lock: true });
    refuseFinished(locked);
    const ticket = householdSideOf(auth, locked);
    const current = await currentOrganizer(tx, ticket.id);
    const offersNow = () =>
      current ? householdOffers(tx, ticket, current.version.definition, current.answers, false) : null;
    if (!(await offersNow())) throw notFound(HOUSEHOLD_DEPENDENT_MESSAGES.notFound);
    await setDependentDeclined(tx, ticket, dependentId, declined);
    return (await offersNow())!;
  });
}
