import { endpoints, type DocumentListQuery } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import type { TicketDataPart } from '../../lib/ticket-data.ts';

// The uploads panel's data, in a module of its own (no UI): the app starts it at navigation to a ticket
// (app/router/ticket-page-data.ts).

/** Every documents query starts with this key: an upload or delete refreshes them all. */
export const documentsKey = ['documents'] as const;

export const documentsListKey = (filters: Omit<DocumentListQuery, 'cursor'>) =>
  [...documentsKey, 'list', filters] as const;

/** A ticket's documents, its uploads panel's list (lib/ticket-data.ts). */
export const ticketDocumentsPart = {
  key: (ticketId) => documentsListKey({ ticket_id: ticketId }),
  load: (ref, signal) => call(endpoints.listDocuments, { query: { limit: 100, ticket_id: ref }, signal }),
  pages: true,
} satisfies TicketDataPart;

/** The document types a document can be filed under (W-2, 1099-INT, ...). */
export const documentTypesQuery = {
  queryKey: ['catalog', 'document-types'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(endpoints.listPublicDocumentTypes, { signal }),
  staleTime: 5 * 60_000,
};
