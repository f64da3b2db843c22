import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminEndpoints as endpoints, type ContentKind, type SiteSettings } from '@taxportal/contract';
import { call, toastOnError } from '../../../lib/api/index.ts';

// The site editor's calls (Admins and site editors): every kind of content has the same nine endpoints.
const KIND_ENDPOINTS = {
  pages: endpoints.adminSitePages,
  posts: endpoints.adminSitePosts,
  categories: endpoints.adminSiteCategories,
  galleries: endpoints.adminSiteGalleries,
  events: endpoints.adminSiteEvents,
  jobs: endpoints.adminSiteJobs,
  forms: endpoints.adminSiteForms,
} as const;

/** One shape for every kind: the declarations differ only in their data schema, which the forms read themselves. */
type Kind = (typeof KIND_ENDPOINTS)['pages'];
const of = (kind: ContentKind) => KIND_ENDPOINTS[kind] as unknown as Kind;

export type EntryData = Record<string, unknown>;
export interface Entry {
  id: string;
  key: string;
  variant: 'web' | 'mobile';
  title: string;
  status: 'draft' | 'published' | 'changed';
  published_at: string | null;
  updated_at: string;
  draft: EntryData;
  published: EntryData | null;
}

const root = ['site-editor'] as const;
export const editorKeys = {
  list: (kind: ContentKind | 'settings') => [...root, kind, 'list'] as const,
  entry: (kind: ContentKind | 'settings', id: string) => [...root, kind, 'entry', id] as const,
  revisions: (kind: ContentKind | 'settings', id: string) => [...root, kind, 'revisions', id] as const,
};

export const useEntries = (kind: ContentKind) =>
  useQuery({ queryKey: editorKeys.list(kind), queryFn: () => call(of(kind).list), retry: false });

export const useEntry = (kind: ContentKind, id: string) =>
  useQuery({
    queryKey: editorKeys.entry(kind, id),
    queryFn: async () => (await call(of(kind).get, { params: { id } })) as unknown as Entry,
    retry: false,
  });

export const useSettingsEntry = () =>
  useQuery({
    queryKey: editorKeys.entry('settings', 'site'),
    queryFn: async () => (await call(endpoints.getSiteSettingsDraft)) as unknown as Entry,
    retry: false,
  });

export const useRevisions = (kind: ContentKind | 'settings', id: string, enabled: boolean) =>
  useQuery({
    queryKey: editorKeys.revisions(kind, id),
    queryFn: () =>
      kind === 'settings' ? call(endpoints.listSiteSettingsRevisions) : call(of(kind).revisions, { params: { id } }),
    enabled,
  });

/** After any write: the entry, its list, its revisions and the public site's cached reads are stale. */
function useSettle(kind: ContentKind | 'settings') {
  const qc = useQueryClient();
  return (entry?: Entry) => {
    if (entry) qc.setQueryData(editorKeys.entry(kind, kind === 'settings' ? 'site' : entry.id), entry);
    void qc.invalidateQueries({ queryKey: [...root, kind] });
    void qc.invalidateQueries({ queryKey: ['site'] });
  };
}

export function useEntryMutations(kind: ContentKind, id: string) {
  const settle = useSettle(kind);
  const e = of(kind);
  const save = useMutation({
    mutationFn: async (data: EntryData) =>
      (await call(e.save, { params: { id }, body: { data: data as never } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  const publish = useMutation({
    mutationFn: async () => (await call(e.publish, { params: { id } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  const unpublish = useMutation({
    mutationFn: async () => (await call(e.unpublish, { params: { id } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  const remove = useMutation({
    mutationFn: () => call(e.remove, { params: { id } }),
    onSuccess: () => settle(),
    meta: toastOnError,
  });
  const restore = useMutation({
    mutationFn: async (revisionId: string) =>
      (await call(e.restore, { params: { id, revisionId } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  return { save, publish, unpublish, remove, restore };
}

export function useCreateEntry(kind: ContentKind) {
  const settle = useSettle(kind);
  return useMutation({
    mutationFn: async (data: EntryData) =>
      (await call(of(kind).create, { body: { data: data as never } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
}

/** Publishes an entry just created (its id is known only after the first save). */
export function usePublishById(kind: ContentKind) {
  const settle = useSettle(kind);
  return useMutation({
    mutationFn: async (id: string) => (await call(of(kind).publish, { params: { id } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
}

export function useSettingsMutations() {
  const settle = useSettle('settings');
  const save = useMutation({
    mutationFn: async (data: EntryData) =>
      (await call(endpoints.saveSiteSettings, { body: { data: data as SiteSettings } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  const publish = useMutation({
    mutationFn: async () => (await call(endpoints.publishSiteSettings)) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  const restore = useMutation({
    mutationFn: async (revisionId: string) =>
      (await call(endpoints.restoreSiteSettingsRevision, { params: { revisionId } })) as unknown as Entry,
    onSuccess: settle,
    meta: toastOnError,
  });
  return { save, publish, restore };
}
