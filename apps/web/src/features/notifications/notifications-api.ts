import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The bell's number; live events set it directly (realtime client), this fetch is the start value. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notificationUnread,
    queryFn: async ({ signal }) =>
      (await call(endpoints.listNotifications, { query: { limit: 1 }, signal })).unread_count,
    enabled,
    staleTime: 30_000,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: queryKeys.notificationList,
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listNotifications, { query: { limit: 30, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

function useOnRead() {
  const client = useQueryClient();
  return ({ unread_count }: { unread_count: number }) => {
    client.setQueryData(queryKeys.notificationUnread, unread_count);
    void client.invalidateQueries({ queryKey: queryKeys.notificationList });
  };
}

export function useMarkNotificationRead() {
  const onSuccess = useOnRead();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.markNotificationRead, { params: { id } }),
    onSuccess,
  });
}

export function useMarkAllNotificationsRead() {
  const onSuccess = useOnRead();
  return useMutation({
    mutationFn: () => call(endpoints.markAllNotificationsRead),
    onSuccess,
  });
}
