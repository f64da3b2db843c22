import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type DraftLabel } from '@taxportal/contract';
import { call, endpointUrl, isApiError, postFormTo } from '../../lib/api/index.ts';
import { partQuery } from '../../lib/ticket-data.ts';
import { draftsKey, draftsPart } from './ticket-data.ts';

const documentsKey = ['documents'] as const;

/** The vault's file route: inline for a preview, attachment for a download. */
export const documentFileUrl = (documentId: string, inline = false) =>
  endpointUrl(endpoints.getDocumentFile, { id: documentId }, inline ? { disposition: 'inline' } : undefined);

export function useDrafts(ticketId: string) {
  return useQuery(partQuery(draftsPart, ticketId));
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
      return postFormTo(endpoints.uploadDraft, form, { params: { id: ticketId } });
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
    mutationFn: (draftId: string) => call(endpoints.approveDraft, { params: { id: ticketId, draftId } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

export function useRequestDraftChanges(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (v: { draftId: string; message: string }) =>
      call(endpoints.requestDraftChanges, {
        params: { id: ticketId, draftId: v.draftId },
        body: { message: v.message },
      }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

export function useUpdateDraftLabel(ticketId: string) {
  const refresh = useRefresh(ticketId);
  return useMutation({
    mutationFn: (v: { draftId: string; label: DraftLabel }) =>
      call(endpoints.updateDraftLabel, { params: { id: ticketId, draftId: v.draftId }, body: { label: v.label } }),
    onSuccess: refresh,
  });
}
