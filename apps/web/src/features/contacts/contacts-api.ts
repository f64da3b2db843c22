import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactDetail, ContactList, PhoneLookup } from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useContacts(q: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.contacts, 'list', q],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ContactList>(`/contacts?${params.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: (prev) => prev,
  });
}

export function useContact(id: string) {
  return useQuery({
    queryKey: [...queryKeys.contacts, 'detail', id],
    queryFn: ({ signal }) => api.get<ContactDetail>(`/contacts/${encodeURIComponent(id)}`, signal),
  });
}

/** phone_no_checking: whether a number belongs to a customer. */
export function usePhoneLookup() {
  return useMutation({
    mutationFn: (phone: string) => api.get<PhoneLookup>(`/contacts/phone-lookup?phone=${encodeURIComponent(phone)}`),
  });
}
