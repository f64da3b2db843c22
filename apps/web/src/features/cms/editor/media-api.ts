import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminEndpoints as endpoints, type LocalizedText } from '@taxportal/contract';
import { call, postFormTo, toastOnError } from '../../../lib/api/index.ts';

// The media library's calls (Admins and site editors; decision 0020-c).
const key = ['site-editor', 'media'] as const;

export const useMediaLibrary = () =>
  useQuery({ queryKey: key, queryFn: () => call(endpoints.listSiteMedia), retry: false });

export function useMediaMutations() {
  const qc = useQueryClient();
  const settle = () => void qc.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: ({ file, alt }: { file: File; alt: string }) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('file', file, file.name);
      return postFormTo(endpoints.uploadSiteMedia, form);
    },
    onSuccess: settle,
    meta: toastOnError,
  });
  const setAlt = useMutation({
    mutationFn: ({ id, alt }: { id: string; alt: LocalizedText }) =>
      call(endpoints.updateSiteMedia, { params: { id }, body: { alt } }),
    onSuccess: settle,
    meta: toastOnError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.deleteSiteMedia, { params: { id } }),
    onSuccess: settle,
    meta: toastOnError,
  });
  return { upload, setAlt, remove };
}
