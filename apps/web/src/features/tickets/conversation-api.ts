import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_PAGE_SIZE,
  type PostMessageBody,
  type TicketMessage,
  type TicketMessageList,
} from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { appendMessage } from '../../lib/realtime/index.ts';

/**
 * The conversation, SPEC §9's pages of 100: the first page is the newest, each next page
 * ("load older") is what came before it. Live messages are appended by the realtime client.
 */
export function useMessages(ticketId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.ticketMessages(ticketId),
    queryFn: ({ pageParam, signal }) =>
      api.get<TicketMessageList>(
        `/tickets/${ticketId}/messages?limit=${MESSAGE_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
        signal,
      ),
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
      api.post<TicketMessage>(`/tickets/${ticketId}/messages`, body),
    onSuccess: (message) => {
      appendMessage(client, message);
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
    },
  });
}

export function useMarkRead(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unread_count: 0 }>(`/tickets/${ticketId}/read`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
