import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  textIn,
  type ContactEnquiryBody,
  type FormSubmissionBody,
  type LocalizedText,
  type MySubmissionEditBody,
  type PageVariant,
} from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { call, postFormTo, toastOnError } from '../../lib/api/index.ts';
import { siteSettingsQuery } from './firm-brand.ts';

// The public site's reads: what is published, cached a minute (the settings also by ETag on the server).
const site = ['site'] as const;
const fresh = { staleTime: 60_000 };

export const useSite = () => useQuery(siteSettingsQuery);

export const usePage = (route: string, app: PageVariant = 'web') =>
  useQuery({
    queryKey: [...site, 'page', route, app],
    queryFn: () => call(endpoints.getPage, { params: { route }, query: { app } }),
    retry: false,
    ...fresh,
  });

export const usePosts = (category?: string, limit = 20) =>
  useQuery({
    queryKey: [...site, 'posts', category ?? null, limit],
    queryFn: () => call(endpoints.listPosts, { query: { limit, ...(category ? { category } : {}) } }),
    ...fresh,
  });
export const usePost = (slug: string) =>
  useQuery({
    queryKey: [...site, 'post', slug],
    queryFn: () => call(endpoints.getPost, { params: { slug } }),
    enabled: slug !== '',
    retry: false,
    ...fresh,
  });
export const useGalleries = () =>
  useQuery({ queryKey: [...site, 'galleries'], queryFn: () => call(endpoints.listGalleries, { query: {} }), ...fresh });
export const useGallery = (slug: string) =>
  useQuery({
    queryKey: [...site, 'gallery', slug],
    queryFn: () => call(endpoints.getGallery, { params: { slug } }),
    retry: false,
    ...fresh,
  });
export const useEvents = () =>
  useQuery({ queryKey: [...site, 'events'], queryFn: () => call(endpoints.listSiteEvents, { query: {} }), ...fresh });
export const useEvent = (slug: string) =>
  useQuery({
    queryKey: [...site, 'event', slug],
    queryFn: () => call(endpoints.getSiteEvent, { params: { slug } }),
    retry: false,
    ...fresh,
  });
export const useJobs = () =>
  useQuery({ queryKey: [...site, 'jobs'], queryFn: () => call(endpoints.listJobs, { query: {} }), ...fresh });
export const useJob = (slug: string) =>
  useQuery({
    queryKey: [...site, 'job', slug],
    queryFn: () => call(endpoints.getJob, { params: { slug } }),
    retry: false,
    ...fresh,
  });
export const useWebForm = (slug: string) =>
  useQuery({
    queryKey: [...site, 'form', slug],
    queryFn: () => call(endpoints.getForm, { params: { slug } }),
    retry: false,
    ...fresh,
  });
/** `forms`: the published web forms (SPEC §9: a link list of 250). */
export const useWebForms = () =>
  useQuery({
    queryKey: [...site, 'forms'],
    queryFn: () => call(endpoints.listForms, { query: { limit: 250 } }),
    ...fresh,
  });

// A signed-in visitor's own submissions: theirs, so never cached as the site's content is.
const mine = ['my-form-submissions'] as const;
export const useMySubmissions = () => useQuery({ queryKey: mine, queryFn: () => call(endpoints.listMySubmissions) });
export const useMySubmission = (id: string) =>
  useQuery({
    queryKey: [...mine, id],
    queryFn: () => call(endpoints.getMySubmission, { params: { id } }),
    retry: false,
  });
export const useEditMySubmission = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MySubmissionEditBody) => call(endpoints.editMySubmission, { params: { id }, body }),
    onSuccess: (data) => {
      client.setQueryData([...mine, id], data);
      return client.invalidateQueries({ queryKey: mine, exact: true });
    },
    meta: toastOnError,
  });
};

export const usePublicServices = () =>
  useQuery({
    queryKey: ['catalog', 'public-services'],
    queryFn: () => call(endpoints.listPublicServices, { query: {} }),
    ...fresh,
  });

export const useSendEnquiry = () =>
  useMutation({
    mutationFn: (body: ContactEnquiryBody) => call(endpoints.sendContactEnquiry, { body }),
    meta: toastOnError,
  });
/** Sent as multipart: the answers as one JSON `payload` part, then each file under its field's path. */
export const useSubmitWebForm = (slug: string) =>
  useMutation({
    mutationFn: ({ body, files }: { body: FormSubmissionBody; files: Record<string, File> }) => {
      const form = new FormData();
      form.append('payload', JSON.stringify(body));
      for (const [path, file] of Object.entries(files)) form.append(path, file, file.name);
      return postFormTo(endpoints.submitForm, form, { params: { slug } });
    },
    meta: toastOnError,
  });

/** Content's text in the interface's language (English when that language has none). */
export function useText() {
  const { i18n } = useTranslation();
  const lang = i18n.language?.startsWith('es') ? 'es' : 'en';
  return (text: LocalizedText | undefined) => textIn(text, lang);
}
