import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { problemSchema, type Draft, type DraftLabel, type DraftList } from '@taxportal/contract';
import { api, ApiError, apiRequest, isApiError, readCsrfToken } from '../../lib/api/index.ts';

/** Under ['tickets', …]: a live status change of the ticket refreshes the drafts too. */
const draftsKey = (ticketId: string) => ['tickets', 'drafts', ticketId] as const;
const documentsKey = ['documents'] as const;

const path = (ticketId: string, rest = '') => `/tickets/${encodeURIComponent(ticketId)}${rest}`;

/** The vault's file route: inline for a preview, attachment for a download. */
export const documentFileUrl = (documentId: string, inline = false) =>
  `/api/v1/documents/${encodeURIComponent(documentId)}/file${inline ? '?disposition=inline' : ''}`;

/** multipart/form-data POST with the CSRF header; problem+json turned into ApiError. */
export async function postForm<T>(url: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = readCsrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  let res: Response;
  try {
    res = await fetch(`/api/v1${url}`, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Something Went Wrong');
  }
  if (!res.ok) {
    const parsed = problemSchema.safeParse(await res.json().catch(() => null));
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data.detail : 'Something Went Wrong',
      parsed.success ? (parsed.data.errors ?? []) : [],
    );
  }
  return (await res.json()) as T;
}

export function useDrafts(ticketId: string) {
  return useQuery({
    queryKey: draftsKey(ticketId),
    queryFn: ({ signal }) => api.get<DraftList>(path(ticketId, '/drafts'), signal),
  });
}

function useRefresh(ticketId: string) {
  const client = useQueryClient();
  return () => {
    // The ticket's status, timeline, conversation and the vault change with a draft decision.
    void client.invalidateQueries({ queryKey: ['tickets'] });
    void client.invalidateQueries({ queryKey: documentsKey });
    void client.invalidateQueries({ queryKey: draftsKey(ticketId) });
  };
}

export function useUploadDraft(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (v: { file: File; label: DraftLabel; note: string }) => {
      const form = new FormData();
      form.append('label', v.label);
      if (v.note.trim()) form.append('note', v.note.trim());
      form.append('file', v.file, v.file.name);
      return postForm<Draft>(path(ticketId, '/drafts'), form);
    },
    onSuccess: refresh,
  });
}

/** A 409 means the draft or the ticket moved on since the list was read: show what the server now says. */
const refreshOnConflict = (refresh: () => void) => (err: unknown) => {
  if (isApiError(err) && err.status === 409) refresh();
};

export function useApproveDraft(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (draftId: string) => api.post<Draft>(path(ticketId, `/drafts/${draftId}/approve`)),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

export function useRequestDraftChanges(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (v: { draftId: string; message: string }) =>
      api.post<Draft>(path(ticketId, `/drafts/${v.draftId}/request-changes`), { message: v.message }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

export function useUpdateDraftLabel(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (v: { draftId: string; label: DraftLabel }) =>
      apiRequest<Draft>(path(ticketId, `/drafts/${v.draftId}`), { method: 'PATCH', body: { label: v.label } }),
    onSuccess: refresh,
  });
}
