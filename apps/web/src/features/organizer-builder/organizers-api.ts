import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, organizerEndpoints, type OrganizerDefinition, type OrganizerDetail } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The Admin's organizer templates (issue 32): list, one template, and its writes; the catalogue lists it names. */

const keys = {
  all: ['organizer-templates'] as const,
  list: ['organizer-templates', 'list'] as const,
  one: (id: string) => ['organizer-templates', 'detail', id] as const,
};

export const useOrganizers = () =>
  useQuery({ queryKey: keys.list, queryFn: ({ signal }) => call(organizerEndpoints.listOrganizers, { signal }) });

export const useOrganizer = (id: string) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => call(organizerEndpoints.getOrganizer, { params: { id }, signal }),
  });

/** The catalogue's services, tax years and document types (under its key: a catalogue change refreshes them). */
export const useCatalogChoices = () => {
  const services = useQuery({
    queryKey: [...queryKeys.catalog, 'organizer-builder', 'services'],
    queryFn: ({ signal }) => call(endpoints.listServices, { signal }),
  });
  const years = useQuery({
    queryKey: [...queryKeys.catalog, 'organizer-builder', 'years'],
    queryFn: ({ signal }) => call(endpoints.listYears, { signal }),
  });
  const documentTypes = useQuery({
    queryKey: [...queryKeys.catalog, 'organizer-builder', 'document-types'],
    queryFn: ({ signal }) => call(endpoints.listDocumentTypes, { signal }),
  });
  return {
    services: services.data?.items ?? [],
    years: years.data?.items ?? [],
    documentTypes: documentTypes.data?.items ?? [],
  };
};

export interface TemplateFields {
  name: string;
  service_id: string | null;
  tax_year: number | null;
}

/** After a write: the template's own query gets the answer at once; the list asks again. */
function useDetailWrite<V>(write: (v: V) => Promise<OrganizerDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      client.setQueryData(keys.one(detail.id), detail);
      void client.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** A new template, empty or starting from a definition (a copy: the standard questionnaire's). */
export const useCreateOrganizer = () =>
  useDetailWrite((body: TemplateFields & { definition?: OrganizerDefinition }) =>
    call(organizerEndpoints.createOrganizer, { body }),
  );

export const useUpdateOrganizer = (id: string) =>
  useDetailWrite((body: TemplateFields) => call(organizerEndpoints.updateOrganizer, { params: { id }, body }));

export const useSaveDraft = (id: string) =>
  useDetailWrite((definition: OrganizerDefinition) =>
    call(organizerEndpoints.saveOrganizerDraft, { params: { id }, body: { definition } }),
  );

export const usePublish = (id: string) =>
  useDetailWrite(() => call(organizerEndpoints.publishOrganizer, { params: { id } }));

export const useArchive = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(organizerEndpoints.archiveOrganizer, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
};
