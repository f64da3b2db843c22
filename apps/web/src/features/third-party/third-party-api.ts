import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  thirdPartyEndpoints as api,
  type CreateOfferBody,
  type CreateShareBody,
  type OfferAudienceBody,
} from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';

const sharesKey = (ticketId: string) => ['tickets', 'shares', ticketId] as const;

/** A ticket's share links (staff, and the ticket's client). */
export function useTicketShares(ticketId: string) {
  return useQuery({
    queryKey: sharesKey(ticketId),
    queryFn: ({ signal }) => call(api.listTicketShares, { params: { id: ticketId }, signal }),
  });
}

/** Whether the client's consent allows sending to this address now (asked when staff check it). */
export function useCheckShareConsent(ticketId: string) {
  return useMutation({
    mutationFn: (email: string) =>
      call(api.checkShareConsent, { params: { id: ticketId }, query: { recipient_email: email } }),
    meta: toastOnError,
  });
}

export function useCreateShare(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) => call(api.createTicketShare, { params: { id: ticketId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesKey(ticketId) }),
  });
}

export function useRevokeShare(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => call(api.revokeTicketShare, { params: { id: ticketId, shareId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesKey(ticketId) }),
    meta: toastOnError,
  });
}

/** The recipient's page: no retry (a dead link stays dead). */
export function useSharedDocuments(token: string) {
  return useQuery({
    queryKey: ['shared-documents', token],
    queryFn: ({ signal }) => call(api.getSharedDocuments, { params: { token }, signal }),
    retry: false,
  });
}

const offersKey = ['admin', 'offers'] as const;

export function useOffers() {
  return useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) => call(api.listOffers, { signal }),
    // A send goes on in the background: its counts move for a while.
    refetchInterval: (q) => (q.state.data?.items.some((o) => o.counts.queued > 0) ? 3000 : false),
  });
}

export function usePreviewOffer() {
  return useMutation({
    mutationFn: (body: OfferAudienceBody) => call(api.previewOffer, { body }),
    meta: toastOnError,
  });
}

export function useSendOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBody) => call(api.sendOffer, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: offersKey }),
  });
}
