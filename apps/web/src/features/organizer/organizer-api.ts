import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizerEndpoints, type TicketOrganizer } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A ticket's organizer, under the ticket as the URL names it (its id or its name). */
export const organizerKey = (ticketRef: string) => ['organizer', 'ticket', ticketRef] as const;

/** GET /api/v1/tickets/:id/organizer: `organizer: null` means the ticket keeps the questionnaire. */
export const organizerQuery = (ticketRef: string) =>
  queryOptions({
    queryKey: organizerKey(ticketRef),
    queryFn: ({ signal }) => call(organizerEndpoints.getTicketOrganizer, { params: { id: ticketRef }, signal }),
    // The form keeps its own answers while it is open; a refetch under it would fight the typing.
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useTicketOrganizer(ticketRef: string) {
  return useQuery(organizerQuery(ticketRef));
}

export type Organizer = NonNullable<TicketOrganizer['organizer']>;

/**
 * PUT: all the answers, to the version shown and from the revision last read, and the carried-forward answers
 * confirmed since the last save; the answer is the organizer as saved (SSNs masked, the answers still to confirm).
 */
export function useSaveOrganizer(ticketRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; revision: number; answers: Record<string, unknown>; confirmed?: string[] }) =>
      call(organizerEndpoints.saveTicketOrganizer, { params: { id: ticketRef }, body }),
    onSuccess: (saved) => {
      client.setQueryData(organizerKey(ticketRef), saved);
      // The answers make and cancel the ticket's document requests.
      void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
    },
  });
}

/** One SSN or ITIN in clear (`question` or `group.entryId.question`); audited on the server. */
export function useRevealOrganizerField(ticketRef: string) {
  return useMutation({
    mutationFn: (path: string) =>
      call(organizerEndpoints.revealTicketOrganizerField, { params: { id: ticketRef }, body: { path } }),
  });
}

/**
 * "Not this year" to a household dependent the organizer offers (or offered again): the answer is the offers, put
 * into the organizer as cached (the answers are not touched, so the form's autosave is not either).
 */
export function useDeclineDependent(ticketRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { dependentId: string; declined: boolean }) =>
      call(organizerEndpoints.declineTicketDependent, {
        params: { id: ticketRef, dependentId: v.dependentId },
        body: { declined: v.declined },
      }),
    onSuccess: (household) =>
      client.setQueryData<TicketOrganizer>(organizerKey(ticketRef), (old) =>
        old?.organizer ? { ...old, organizer: { ...old.organizer, household } } : old,
      ),
    meta: toastOnError,
  });
}
