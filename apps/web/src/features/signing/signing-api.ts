import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type ConfirmSignerBody,
  type PrepareSigningBody,
  type SignerRole,
  type SignBody,
  type SigningSettings,
  type SigningState,
} from '@taxportal/contract';
import { call, postFormTo, toastOnError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { partQuery } from '../../lib/ticket-data.ts';
import { signingKey, signingPart } from './ticket-data.ts';
import { passkeyAnswer } from './signing-passkey.ts';

export function useSigning(ticketId: string) {
  return useQuery(partQuery(signingPart, ticketId));
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
      if (v.body.joint && v.body.spouse_phone) form.append('spouse_phone', v.body.spouse_phone);
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

/** The taxpayer's texted code (to their verified phone). */
export function useSigningSmsCode(ticketId: string) {
  return useMutation({
    mutationFn: () => call(endpoints.sendSigningSmsCode, { params: { id: ticketId } }),
  });
}

/**
 * Confirms the signer: a body as typed, or `'passkey'`: the server's options, the browser's passkey prompt
 * (the WebAuthn helper loads only now, as for the passkey sign-in), and its answer.
 */
export function useConfirmSigner(ticketId: string, role: SignerRole = 'taxpayer') {
  const params = { id: ticketId };
  return useMutation({
    mutationFn: async (body: ConfirmSignerBody | 'passkey') => {
      if (body !== 'passkey') return call(endpoints.confirmSigner, { params, body });
      const response = await passkeyAnswer(await call(endpoints.signingPasskeyOptions, { params }));
      return call(endpoints.confirmSigner, {
        params,
        body: { signer: role, factor: 'passkey', response: response as never },
      });
    },
  });
}

const settingsKey = ['admin', 'signing-settings'] as const;

/** Admin: the firm's identity check at signing. */
export function useSigningSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(endpoints.getSigningSettings, { signal }),
  });
}

export function useUpdateSigningSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SigningSettings) => call(endpoints.updateSigningSettings, { body }),
    onSuccess: (data) => client.setQueryData(settingsKey, data),
    meta: toastOnError,
  });
}

export function useSign(ticketId: string) {
  const update = useSigningUpdate(ticketId);
  return useMutation({
    mutationFn: (body: SignBody) => call(endpoints.signForm, { params: { id: ticketId }, body }),
    onSuccess: update,
  });
}
