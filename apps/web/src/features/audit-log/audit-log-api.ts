import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { endpoints, type EndpointQuery } from '@taxportal/contract';
import { call, endpointUrl, toastOnError } from '../../lib/api/index.ts';

export type AuditFilters = Omit<NonNullable<EndpointQuery<typeof endpoints.listAuditLog>>, 'cursor' | 'limit'>;

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit-log', filters],
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listAuditLog, { query: { ...filters, limit: 50, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: (prev) => prev,
  });
}

export function useVerifyAuditLog() {
  return useMutation({
    mutationFn: () => call(endpoints.verifyAuditLog, {}),
    meta: toastOnError,
  });
}

export const auditCsvUrl = (filters: AuditFilters) => endpointUrl(endpoints.exportAuditLog, undefined, filters);
