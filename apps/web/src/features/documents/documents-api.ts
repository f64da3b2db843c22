import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  problemSchema,
  type Document,
  type DocumentListQuery,
  type DocumentList,
  type DocumentType,
  type UploadDocumentsResponse,
} from '@taxportal/contract';
import { api, ApiError, readCsrfToken } from '../../lib/api/index.ts';

export type { Document } from '@taxportal/contract';

/** Every documents query starts with this key: an upload or delete refreshes them all. */
export const documentsKey = ['documents'] as const;

/** The vault lists' filters: GET /api/v1/documents's query as the contract declares it (paging adds the cursor). */
export type DocumentFilters = Omit<DocumentListQuery, 'cursor'>;

export function documentsQueryString(filters: DocumentFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A keyset-paginated document list (GET /api/v1/documents); `fetchNextPage` loads more. */
export function useDocuments(filters: DocumentFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...documentsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<DocumentList>(`/documents${documentsQueryString({ limit: 100, ...filters }, pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

/** The document types a document can be filed under (W-2, 1099-INT, ...). */
export function useDocumentTypes() {
  return useQuery({
    queryKey: ['catalog', 'document-types'],
    queryFn: ({ signal }) => api.get<{ items: DocumentType[] }>('/catalog/document-types', signal),
    staleTime: 5 * 60_000,
  });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/documents/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentsKey }),
  });
}

export interface UploadFields {
  document_type: string;
  ticket_id?: string;
  request_id?: string;
  customer_id?: string;
}

/**
 * POST /api/v1/documents through XMLHttpRequest, for its upload progress (fetch has none). Same-origin
 * cookies and the CSRF header, as the api client sends them; problem+json turned into ApiError.
 */
export function uploadDocuments(
  fields: UploadFields,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Document[]> {
  const form = new FormData();
  // Fields before files: the server reads the parts in order.
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = readCsrfToken();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 201) return resolve((body as UploadDocumentsResponse).items);
      const problem = problemSchema.safeParse(body);
      reject(
        problem.success
          ? new ApiError(xhr.status, problem.data.detail, problem.data.errors ?? [])
          : new ApiError(xhr.status, 'Something Went Wrong'),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'Something Went Wrong'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export function useUploadDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { fields: UploadFields; files: File[]; onProgress: (f: number) => void }) =>
      uploadDocuments(v.fields, v.files, v.onProgress),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentsKey }),
  });
}

/** The inline URL of a document, for a preview in the page. */
export const inlineUrl = (doc: Pick<Document, 'file_url'>) => `${doc.file_url}?disposition=inline`;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
