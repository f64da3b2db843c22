import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The public catalogue a ticket is opened from (service types shown on the site, active services and years). */
export function useServiceTypes() {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'service-types'],
    queryFn: ({ signal }) => call(endpoints.listPublicServiceTypes, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Asks useServices for the services of every type. */
export const ALL_TYPES = '*';

export function useServices(serviceTypeId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'services', serviceTypeId],
    queryFn: ({ signal }) =>
      call(endpoints.listPublicServices, {
        query: serviceTypeId === ALL_TYPES ? {} : { service_type: serviceTypeId },
        signal,
      }),
    enabled: !!serviceTypeId,
    staleTime: 5 * 60_000,
  });
}

export function useYears() {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'years'],
    queryFn: ({ signal }) => call(endpoints.listPublicYears, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Staff opening a ticket for a customer: customers matching what was typed. */
export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.contacts, 'picker', q],
    queryFn: ({ signal }) => call(endpoints.listContacts, { query: { limit: 20, q }, signal }),
    enabled,
    placeholderData: (prev) => prev,
  });
}
