import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type CreateDocumentRequestsBody } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { partQuery } from '../../lib/ticket-data.ts';
import { requestKeys, ticketRequestsPart } from './ticket-data.ts';

export { requestKeys };

export function useTicketRequests(ticketId: string) {
  return useQuery(partQuery(ticketRequestsPart, ticketId));
}

/** The signed-in customer's open requests across tickets (the dashboard). */
/** The customer's open requests (the dashboard waits for this query before it shows: no layout shift). */
export const outstandingRequestsQuery = (enabled: boolean) => ({
  queryKey: requestKeys.outstanding,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(endpoints.listDocumentRequests, { query: { status: 'open' }, signal }),
  enabled,
});

export function useOutstandingRequests(enabled: boolean) {
  return useQuery(outstandingRequestsQuery(enabled));
}

export function useCreateRequests(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDocumentRequestsBody) =>
      call(endpoints.createDocumentRequests, { params: { id: ticketId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.cancelDocumentRequest, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** After staff change a request's file: the requests and the vault (its proposals) are read again. */
function useRefreshMatches() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: requestKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.documents });
  };
}

/** Staff: this document of the customer's fulfils the request (in place of its file, if it had one). */
export function useMatchRequestFile() {
  const onSuccess = useRefreshMatches();
  return useMutation({
    mutationFn: ({ requestId, documentId }: { requestId: string; documentId: string }) =>
      call(endpoints.matchRequestDocument, { params: { id: requestId }, body: { document_id: documentId } }),
    onSuccess,
  });
}

/** Staff: the request's file is not what it asks for (the reason goes to the ticket's audit trail). */
export function useUnmatchRequestFile() {
  const onSuccess = useRefreshMatches();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      call(endpoints.unmatchRequestDocument, { params: { id: requestId }, body: { reason } }),
    onSuccess,
  });
}
