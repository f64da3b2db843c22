import { useQuery } from '@tanstack/react-query';
import type { ContactList, Service, ServiceType, TaxYear } from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The public catalogue a ticket is opened from (service types shown on the site, active services and years). */
export function useServiceTypes() {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'service-types'],
    queryFn: ({ signal }) => api.get<{ items: ServiceType[] }>('/catalog/service-types', signal),
    staleTime: 5 * 60_000,
  });
}

export function useServices(serviceTypeId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'services', serviceTypeId],
    queryFn: ({ signal }) =>
      api.get<{ items: Service[] }>(`/catalog/services?service_type=${encodeURIComponent(serviceTypeId!)}`, signal),
    enabled: !!serviceTypeId,
    staleTime: 5 * 60_000,
  });
}

export function useYears() {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'public', 'years'],
    queryFn: ({ signal }) => api.get<{ items: TaxYear[] }>('/catalog/years', signal),
    staleTime: 5 * 60_000,
  });
}

/** Staff opening a ticket for a customer: customers matching what was typed. */
export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.contacts, 'picker', q],
    queryFn: ({ signal }) =>
      api.get<ContactList>(`/contacts?limit=20${q ? `&q=${encodeURIComponent(q)}` : ''}`, signal),
    enabled,
    placeholderData: (prev) => prev,
  });
}
