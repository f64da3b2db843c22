import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * One part of what the ticket page draws (its messages, requests, drafts…): the query key the panel reads, keyed by
 * the ticket's id as live events are, and how it is fetched, by the ticket's id or its name (the server takes
 * either). The panel's hook and the page's start at navigation (app/router/ticket-page-data.ts) both use it, so
 * the request started ahead is the one the panel reads.
 */
export type TicketDataPart<T = unknown> = {
  key: (ticketId: string) => QueryKey;
  load: (ref: string, signal?: AbortSignal) => Promise<T>;
  /** An infinite query (pages of a list): what `load` answers is its first page. */
  pages?: boolean;
};

/**
 * How long an answer fetched ahead counts as fresh: the page that draws it, seconds later on a slow phone once its
 * code is there, uses it rather than asking again. Live events keep it current after that (lib/realtime/).
 */
export const FETCHED_AHEAD_FRESH_MS = 30_000;

/** A part's query for the panel's hook: the same key and request as the start at navigation. */
export const partQuery = <T>(part: TicketDataPart<T>, ticketId: string) => ({
  queryKey: part.key(ticketId),
  queryFn: ({ signal }: { signal?: AbortSignal }) => part.load(ticketId, signal),
  staleTime: FETCHED_AHEAD_FRESH_MS,
});

/**
 * Starts every part's request now, by the ticket's reference, and files each answer under the ticket's id once
 * `ticket` (the ticket's own request, started beside them) says which id that is. A part the cache already holds
 * for this ticket is not asked again (a page rendered with its data, a ticket seen a moment ago).
 */
export function startTicketParts(
  client: QueryClient,
  ref: string,
  knownId: string | undefined,
  ticket: Promise<{ id: string }>,
  parts: readonly TicketDataPart[],
): void {
  const held = (key: QueryKey) => {
    const state = client.getQueryState(key);
    return state !== undefined && (state.data !== undefined || state.fetchStatus === 'fetching');
  };
  for (const part of parts) {
    if (knownId && held(part.key(knownId))) continue;
    const answer = part.load(ref);
    answer.catch(() => undefined); // the panel's own query asks again and shows the error
    void ticket.then(
      ({ id }) => {
        const queryKey = part.key(id);
        if (held(queryKey)) return;
        return part.pages
          ? client.prefetchInfiniteQuery({ queryKey, queryFn: () => answer, initialPageParam: null })
          : client.prefetchQuery({ queryKey, queryFn: () => answer });
      },
      () => undefined,
    );
  }
}
