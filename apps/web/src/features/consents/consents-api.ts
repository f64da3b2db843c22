import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consentsEndpoints as endpoints,
  type ConsentStatus,
  type CreateConsentBody,
  type SignConsentBody,
} from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { passkeyAnswer } from '../signing/index.ts';

/** §7216 consents (docs/decisions/0034): every change refreshes every list and view under this key. */
const key = ['consents'] as const;

export function useConsents(q: { customer_id?: string; status?: ConsentStatus } = {}) {
  return useQuery({
    queryKey: [...key, 'list', q],
    queryFn: ({ signal }) => call(endpoints.listConsents, { query: q, signal }),
  });
}

export function useConsent(id: string) {
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => call(endpoints.getConsent, { params: { id }, signal }),
    enabled: id.length > 0,
  });
}

function useConsentChange<V, R>(fn: (v: V) => Promise<R>, toast: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    ...(toast ? { meta: toastOnError } : {}),
  });
}

/** The forms show a refusal's field messages under their fields: no toast for them. */
export const usePrepareConsent = () =>
  useConsentChange((body: CreateConsentBody) => call(endpoints.createConsent, { body }), false);
/** Signs; with a passkey, first this consent's WebAuthn options and the browser's prompt (signing's), then its answer. */
export const useSignConsent = (id: string) =>
  useConsentChange(async (body: SignConsentBody) => {
    if (body.factor !== 'passkey') return call(endpoints.signConsent, { params: { id }, body });
    const response = await passkeyAnswer(await call(endpoints.consentPasskeyOptions, { params: { id } }));
    return call(endpoints.signConsent, { params: { id }, body: { ...body, response: response as never } });
  }, false);
export const useSendConsentCode = (id: string) =>
  useConsentChange(() => call(endpoints.sendConsentCode, { params: { id } }), true);
export const useDeclineConsent = (id: string) =>
  useConsentChange(() => call(endpoints.declineConsent, { params: { id } }), true);
export const useRevokeConsent = (id: string) =>
  useConsentChange(() => call(endpoints.revokeConsent, { params: { id } }), true);
export const useWithdrawConsent = (id: string) =>
  useConsentChange(() => call(endpoints.withdrawConsent, { params: { id } }), true);
