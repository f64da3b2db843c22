import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizerEndpoints, type TicketOrganizer } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A ticket's organizer, under the ticket as the URL names it (its id or its name). */
export const organizerKey = (ticketRef: string) => ['organizer', 'ticket', ticketRef] as const;

/** GET /api/v1/tickets/:id/organizer: `organizer: null` means the ticket keeps the questionnaire. */
export function useTicketOrganizer(ticketRef: string) {
  return useQuery({
    queryKey: organizerKey(ticketRef),
    queryFn: ({ signal }) => call(organizerEndpoints.getTicketOrganizer, { params: { id: ticketRef }, signal }),
    // The form keeps its own answers while it is open; a refetch under it would fight the typing.
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export type Organizer = NonNullable<TicketOrganizer['organizer']>;

/**
 * PUT: all the answers, to the version shown, and the carried-forward answers confirmed since the last save; the
 * answer is the organizer as saved (SSNs masked, the answers still to confirm).
 */
export function useSaveOrganizer(ticketRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; answers: Record<string, unknown>; confirmed?: string[] }) =>
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
