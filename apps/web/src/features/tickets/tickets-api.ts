import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  householdsEndpoints,
  type AssignTicketBody,
  type ChangeStatusBody,
  type CreateTicketBody,
  type ListTicketsQuery,
  type TicketDetail,
  type TicketStatus,
} from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { refreshStatusChange } from '../../lib/realtime/index.ts';
import { partQuery } from '../../lib/ticket-data.ts';
import { historyPart, ticketQuery } from './ticket-data.ts';

/**
 * The lists' filters: GET /api/v1/tickets's query as the contract declares it (the cursor aside, paging adds it);
 * null is a cleared select. Empty values are left out of the URL.
 */
export type TicketFilters = { [K in Exclude<keyof ListTicketsQuery, 'cursor'>]?: ListTicketsQuery[K] | null };

/** A keyset-paginated ticket list; `fetchNextPage` is "load more". */
export function useTicketList(filters: TicketFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.ticketList({ ...filters }),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listTickets, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

export function useTicket(idOrName: string) {
  return useQuery(ticketQuery(idOrName));
}

export function useTicketHistory(ticketId: string) {
  return useQuery(partQuery(historyPart, ticketId));
}

export function useAssignmentHistory(idOrName: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ticketAssignments(idOrName),
    queryFn: ({ signal }) => call(endpoints.getAssignmentHistory, { params: { id: idOrName }, signal }),
    enabled,
  });
}

export function useStaffUsers(role: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.staffUsers(role),
    queryFn: ({ signal }) => call(endpoints.listStaffUsers, { query: { role }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** After a change: the detail is the server's answer; every list, timeline and dashboard refetches. */
function useTicketChanged() {
  const client = useQueryClient();
  return (ticket: TicketDetail) => {
    client.setQueryData(queryKeys.ticket(ticket.name), ticket);
    client.setQueryData(queryKeys.ticket(ticket.id), ticket);
    void client.invalidateQueries({
      queryKey: queryKeys.tickets,
      predicate: (q) => q.queryKey[1] !== 'messages' && q.queryKey[1] !== 'detail',
    });
    void client.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

/** Makes the ticket a joint return with the customer's spouse, or a separate one (docs/decisions/0032). */
export function useSetTicketJoint(ticketId: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (joint: boolean) =>
      call(householdsEndpoints.setTicketJoint, { params: { id: ticketId }, body: { joint } }),
    onSuccess: changed,
    meta: toastOnError,
  });
}

/**
 * Opens a ticket. `key` names the request the person filled (one per form, new after each ticket): sent again (a
 * retry on a flaky network, a second tap that got through), the server answers the ticket it made.
 */
export function useCreateTicket() {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: ({ key, ...body }: CreateTicketBody & { key: string }) =>
      call(endpoints.createTicket, { body, idempotencyKey: key }),
    onSuccess: changed,
  });
}

/**
 * After a status change: the detail is the server's answer; the lists showing the status it left or joined refetch
 * (on the board: two columns, not twelve), once: the change's live event, coming back to this tab, finds it done.
 * The mutation waits for the refetch, so that what moved is drawn where it now is.
 */
function useStatusChanged() {
  const client = useQueryClient();
  return (ticket: TicketDetail, from: TicketStatus | null) => {
    client.setQueryData(queryKeys.ticket(ticket.name), ticket);
    client.setQueryData(queryKeys.ticket(ticket.id), ticket);
    const change = { ticketId: ticket.id, ticketName: ticket.name, from, to: ticket.status, version: ticket.version };
    return refreshStatusChange(client, change).done;
  };
}

export function useChangeStatus(idOrName: string) {
  const client = useQueryClient();
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => call(endpoints.changeTicketStatus, { params: { id: idOrName }, body }),
    // The status it leaves, as the page read it (by id or by name).
    onMutate: () =>
      client
        .getQueriesData<TicketDetail>({ queryKey: queryKeys.ticketDetails })
        .find(([, t]) => t?.id === idOrName || t?.name === idOrName)?.[1]?.status ?? null,
    // The page has the answer: its status shows at once, the timeline and any list catch up.
    onSuccess: (ticket, _body, from) => void changed(ticket, from ?? null),
  });
}

/** The board moves tickets other than the one on screen: the id (and the status it leaves) come with the call. */
export function useMoveTicket() {
  const client = useQueryClient();
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: ({ id, from: _from, ...body }: ChangeStatusBody & { id: string; from?: TicketStatus }) =>
      call(endpoints.changeTicketStatus, { params: { id }, body }),
    // A read of the ticket still in flight (the board asks for the allowed moves when a drag starts) must not
    // land after the move and put the old status back in the cache; and whatever the answer, the next read
    // asks the server again.
    onMutate: ({ id }) => client.cancelQueries({ queryKey: queryKeys.ticket(id) }),
    onSuccess: (ticket, { from }) => changed(ticket, from ?? null),
    onSettled: (_data, _err, { id }) => client.invalidateQueries({ queryKey: queryKeys.ticket(id) }),
  });
}

export function useAssignTicket(idOrName: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: AssignTicketBody) => call(endpoints.assignTicket, { params: { id: idOrName }, body }),
    onSuccess: changed,
  });
}

/** Fetches a ticket's detail on demand (the board asks which moves are allowed). */
export function useFetchTicket() {
  const client = useQueryClient();
  return (id: string) =>
    client.fetchQuery({
      queryKey: queryKeys.ticket(id),
      queryFn: ({ signal }) => call(endpoints.getTicket, { params: { id }, signal }),
      staleTime: 5_000,
    });
}
