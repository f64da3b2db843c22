import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmSignerBody,
  PrepareSigningBody,
  SignBody,
  SignerConfirmation,
  SigningState,
} from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { postForm } from '../drafts/index.ts';

/** Under ['tickets', …]: a live status change of the ticket refreshes signing too. */
const signingKey = (ticketId: string) => ['tickets', 'signing', ticketId] as const;

const path = (ticketId: string, rest = '') => `/tickets/${encodeURIComponent(ticketId)}${rest}`;

export function useSigning(ticketId: string) {
  return useQuery({
    queryKey: signingKey(ticketId),
    queryFn: ({ signal }) => api.get<SigningState>(path(ticketId, '/signing'), signal),
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
      if (!v.file) return api.post<SigningState>(path(ticketId, '/signing'), v.body);
      const form = new FormData();
      form.append('joint', String(!!v.body.joint));
      if (v.body.joint && v.body.spouse_name) form.append('spouse_name', v.body.spouse_name);
      if (v.body.joint && v.body.spouse_email) form.append('spouse_email', v.body.spouse_email);
      form.append('file', v.file, v.file.name);
      return postForm<SigningState>(path(ticketId, '/signing/upload'), form);
    },
    onSuccess: update,
  });
}

export function useSpouseCode(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ sent_to: string; expires_at: string }>(path(ticketId, '/signing/spouse-code')),
    onSuccess: () => void client.invalidateQueries({ queryKey: signingKey(ticketId) }),
  });
}

export function useConfirmSigner(ticketId: string) {
  return useMutation({
    mutationFn: (body: ConfirmSignerBody) => api.post<SignerConfirmation>(path(ticketId, '/signing/confirm'), body),
  });
}

export function useSign(ticketId: string) {
  const update = useSigningUpdate(ticketId);
  return useMutation({
    mutationFn: (body: SignBody) => api.post<SigningState>(path(ticketId, '/signing/sign'), body),
    onSuccess: update,
  });
}
