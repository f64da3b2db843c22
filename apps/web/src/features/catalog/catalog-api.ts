import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type DocumentType,
  type EndpointDef,
  type Service,
  type ServiceType,
  type TaxYear,
} from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface CatalogResources {
  'service-types': ServiceType;
  services: Service;
  years: TaxYear;
  'document-types': DocumentType;
}
export type CatalogResource = keyof CatalogResources;

/** Each resource's four endpoints and the name of its key in the path (years are keyed by year). */
const CATALOG = {
  'service-types': {
    list: endpoints.listServiceTypes,
    create: endpoints.createServiceType,
    update: endpoints.updateServiceType,
    remove: endpoints.deleteServiceType,
    key: 'id',
  },
  services: {
    list: endpoints.listServices,
    create: endpoints.createService,
    update: endpoints.updateService,
    remove: endpoints.deleteService,
    key: 'id',
  },
  years: {
    list: endpoints.listYears,
    create: endpoints.createYear,
    update: endpoints.updateYear,
    remove: endpoints.deleteYear,
    key: 'year',
  },
  'document-types': {
    list: endpoints.listDocumentTypes,
    create: endpoints.createDocumentType,
    update: endpoints.updateDocumentType,
    remove: endpoints.deleteDocumentType,
    key: 'id',
  },
} as const;

// The editors are generic over the resource, so the declarations' own types cannot follow: the result is
// typed by CatalogResources instead.
const callAny = call as unknown as <T>(
  endpoint: EndpointDef,
  options: { params?: Record<string, unknown>; body?: unknown; signal?: AbortSignal },
) => Promise<T>;

/** Everything in the catalogue, hidden and inactive entries too (staff read, Admins change). */
export function useCatalogList<R extends CatalogResource>(resource: R) {
  return useQuery({
    queryKey: [...queryKeys.catalog, 'admin', resource],
    queryFn: ({ signal }) => callAny<{ items: CatalogResources[R][] }>(CATALOG[resource].list, { signal }),
  });
}

/** Create (no key), change (PATCH by key) or delete an entry; every catalogue query refetches after. */
export function useCatalogSave<R extends CatalogResource>(resource: R) {
  const client = useQueryClient();
  const c = CATALOG[resource];
  return useMutation({
    mutationFn: ({ key, body }: { key?: string | number; body: Record<string, unknown> }) =>
      key === undefined
        ? callAny<CatalogResources[R]>(c.create, { body })
        : callAny<CatalogResources[R]>(c.update, { params: { [c.key]: key }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
