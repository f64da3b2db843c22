import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type PostMessageBody, type TicketMessage, type TicketMessageList } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { appendMessage } from '../../lib/realtime/index.ts';
import { FETCHED_AHEAD_FRESH_MS } from '../../lib/ticket-data.ts';
import { messagesPage, messagesPart } from './ticket-data.ts';

/**
 * The conversation, SPEC §9's pages of 100: the first page is the newest, each next page
 * ("load older") is what came before it. Live messages are appended by the realtime client.
 */
export function useMessages(ticketId: string) {
  return useInfiniteQuery({
    queryKey: messagesPart.key(ticketId),
    queryFn: ({ pageParam, signal }) => messagesPage(ticketId, pageParam, signal),
    staleTime: FETCHED_AHEAD_FRESH_MS,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Oldest to newest across every loaded page. */
export const flattenMessages = (pages: TicketMessageList[] | undefined): TicketMessage[] =>
  pages ? [...pages].reverse().flatMap((p) => p.items) : [];

export function usePostMessage(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<PostMessageBody, 'body'> & { internal?: boolean }) =>
      call(endpoints.postMessage, { params: { id: ticketId }, body }),
    onSuccess: (message) => {
      appendMessage(client, message);
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
    },
    meta: toastOnError,
  });
}

export function useMarkRead(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.markConversationRead, { params: { id: ticketId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
