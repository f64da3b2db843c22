import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Document, type DocumentListQuery } from '@taxportal/contract';
import { call, uploadFormTo } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { FETCHED_AHEAD_FRESH_MS } from '../../lib/ticket-data.ts';
import { documentsKey, documentsListKey, documentTypesQuery } from './ticket-data.ts';

export { documentsKey };

export type { Document } from '@taxportal/contract';

/** The vault lists' filters: GET /api/v1/documents's query as the contract declares it (paging adds the cursor). */
export type DocumentFilters = Omit<DocumentListQuery, 'cursor'>;

/** A keyset-paginated document list (GET /api/v1/documents); `fetchNextPage` loads more. */
export function useDocuments(filters: DocumentFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: documentsListKey(filters),
    staleTime: FETCHED_AHEAD_FRESH_MS,
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listDocuments, { query: { limit: 100, ...filters, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

/** The document types a document can be filed under (W-2, 1099-INT, ...). */
export function useDocumentTypes() {
  return useQuery(documentTypesQuery);
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.deleteDocument, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentsKey }),
  });
}

export interface UploadFields {
  document_type: string;
  ticket_id?: string;
  request_id?: string;
  customer_id?: string;
}

/** POST /api/v1/documents with upload progress. */
export async function uploadDocuments(
  fields: UploadFields,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Document[]> {
  const form = new FormData();
  // Fields before files: the server reads the parts in order.
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  return (await uploadFormTo(endpoints.uploadDocuments, form, { onProgress, signal })).items;
}

export function useUploadDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { fields: UploadFields; files: File[]; onProgress: (f: number) => void }) =>
      uploadDocuments(v.fields, v.files, v.onProgress),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentsKey }),
  });
}

/**
 * The customer's answer to a proposal (an upload that looks like what an open request asks for): yes, it fulfils the
 * request; or no, never propose that pair again. Either way the vault and the requests are read again.
 */
export function useProposalAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, documentId, accept }: { requestId: string; documentId: string; accept: boolean }) => {
      const args = { params: { id: requestId }, body: { document_id: documentId } };
      return accept ? call(endpoints.confirmRequestDocument, args) : call(endpoints.declineRequestDocument, args);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: documentsKey });
      void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
    },
  });
}

/** The inline URL of a document, for a preview in the page. */
export const inlineUrl = (doc: Pick<Document, 'file_url'>) => `${doc.file_url}?disposition=inline`;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
