import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, Service, ServiceType, TaxYear } from '@taxportal/contract';
import { api, apiRequest } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const BASE = '/admin/catalog';

export interface CatalogResources {
  'service-types': ServiceType;
  services: Service;
  years: TaxYear;
  'document-types': DocumentType;
}
export type CatalogResource = keyof CatalogResources;

/** Everything in the catalogue, hidden and inactive entries too (staff read, Admins change). */
export function useCatalogList<R extends CatalogResource>(resource: R) {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'admin', resource],
    queryFn: ({ signal }) => api.get<{ items: CatalogResources[R][] }>(`${BASE}/${resource}`, signal),
  });
}

/** Create (no key), change (PATCH by key) or delete an entry; every catalogue query refetches after. */
export function useCatalogSave<R extends CatalogResource>(resource: R) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key?: string | number; body: Record<string, unknown> }) =>
      key === undefined
        ? api.post<CatalogResources[R]>(`${BASE}/${resource}`, body)
        : apiRequest<CatalogResources[R]>(`${BASE}/${resource}/${encodeURIComponent(String(key))}`, {
            method: 'PATCH',
            body,
          }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}

export function useCatalogDelete(resource: CatalogResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string | number) => api.delete<void>(`${BASE}/${resource}/${encodeURIComponent(String(key))}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
