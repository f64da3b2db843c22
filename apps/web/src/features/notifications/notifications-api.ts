import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The bell's number; live events set it directly (realtime client), this fetch is the start value. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notificationUnread,
    queryFn: async ({ signal }) => (await api.get<NotificationList>('/notifications?limit=1', signal)).unread_count,
    enabled,
    staleTime: 30_000,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: queryKeys.notificationList,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationList>(`/notifications?limit=30${pageParam ? `&cursor=${pageParam}` : ''}`, signal),
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
    mutationFn: (id: string) => api.post<{ unread_count: number }>(`/notifications/${id}/read`),
    onSuccess,
  });
}

export function useMarkAllNotificationsRead() {
  const onSuccess = useOnRead();
  return useMutation({
    mutationFn: () => api.post<{ unread_count: number }>('/notifications/read-all'),
    onSuccess,
  });
}
