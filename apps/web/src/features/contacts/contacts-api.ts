import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { endpoints } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useContacts(q: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.contacts, 'list', q],
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listContacts, { query: { limit: 25, q, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: (prev) => prev,
  });
}

export function useContact(id: string) {
  return useQuery({
    queryKey: [...queryKeys.contacts, 'detail', id],
    queryFn: ({ signal }) => call(endpoints.getContact, { params: { id }, signal }),
  });
}

/** Staff's note on the customer (from a client import): staff only, never shown to the customer. */
export function useClientNotes(id: string) {
  return useQuery({
    queryKey: [...queryKeys.contacts, 'notes', id],
    queryFn: ({ signal }) => call(endpoints.getClientNotes, { params: { id }, signal }),
  });
}

/** phone_no_checking: whether a number belongs to a customer. */
export function usePhoneLookup() {
  return useMutation({
    mutationFn: (phone: string) => call(endpoints.lookupPhone, { query: { phone } }),
  });
}

/** Admin: removes a customer's second factors (a lost phone and lost recovery codes) and ends their sessions. */
export function useResetFactors() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.resetStaffFactors, { params: { id } }),
    meta: toastOnError,
  });
}
