import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/v1/dashboard: one shape for customers, one for staff (told apart by `role`). */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => call(endpoints.getDashboard, { signal }),
  });
}
