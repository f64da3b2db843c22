import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type ConfirmSignerBody,
  type PrepareSigningBody,
  type SignBody,
  type SigningState,
} from '@taxportal/contract';
import { call, postFormTo } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Under ['tickets', …]: a live status change of the ticket refreshes signing too. */
const signingKey = (ticketId: string) => ['tickets', 'signing', ticketId] as const;

export function useSigning(ticketId: string) {
  return useQuery({
    queryKey: signingKey(ticketId),
    queryFn: ({ signal }) => call(endpoints.getSigning, { params: { id: ticketId }, signal }),
  });
}

function useSigningUpdate(ticketId: string) {
  const client = useQueryClient();
  return (state: SigningState) => {
    client.setQueryData(signingKey(ticketId), state);
    void client.invalidateQueries({ queryKey: queryKeys.documents });
  };
}

export function usePrepareSigning(ticketId: string) {
  const update = useSigningUpdate(ticketId);
  return useMutation({
    mutationFn: (v: { body: PrepareSigningBody; file: File | null }) => {
      const params = { id: ticketId };
      if (!v.file) return call(endpoints.prepareSigning, { params, body: v.body });
      const form = new FormData();
      form.append('joint', String(!!v.body.joint));
      if (v.body.joint && v.body.spouse_name) form.append('spouse_name', v.body.spouse_name);
      if (v.body.joint && v.body.spouse_email) form.append('spouse_email', v.body.spouse_email);
      form.append('file', v.file, v.file.name);
      return postFormTo(endpoints.uploadSigningForm, form, { params });
    },
    onSuccess: update,
  });
}

export function useSpouseCode(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.sendSpouseCode, { params: { id: ticketId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: signingKey(ticketId) }),
  });
}

export function useConfirmSigner(ticketId: string) {
  return useMutation({
    mutationFn: (body: ConfirmSignerBody) => call(endpoints.confirmSigner, { params: { id: ticketId }, body }),
  });
}

export function useSign(ticketId: string) {
  const update = useSigningUpdate(ticketId);
  return useMutation({
    mutationFn: (body: SignBody) => call(endpoints.signForm, { params: { id: ticketId }, body }),
    onSuccess: update,
  });
}
