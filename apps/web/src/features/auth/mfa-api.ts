import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type LoginBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { refreshSession } from '../../lib/session/index.ts';

/** The caller's second factors (the Security panel). */
const mfaKey = ['auth', 'mfa'] as const;

export function useMfaStatus() {
  return useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => call(endpoints.getMfaStatus, { signal }) });
}

/** A change to the factors refreshes the panel and the session (a staff member's set-up requirement). */
function useFactorChange<T, V>(fn: (v: V) => Promise<T>, toast = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: mfaKey });
      await refreshSession(client);
    },
    ...(toast ? { meta: toastOnError } : {}),
  });
}

export const useSetupTotp = () => useFactorChange(() => call(endpoints.setupMfa));
/** No toast: a wrong code is shown at the code field. */
export const useEnableTotp = () =>
  useFactorChange((code: string) => call(endpoints.enableMfa, { body: { code } }), false);
export const useDisableTotp = () =>
  useFactorChange((body: { password: string; code: string }) => call(endpoints.disableMfa, { body }), false);

export const useAddPasskey = () =>
  useFactorChange(async (name: string) => {
    const optionsJSON = await call(endpoints.passkeyRegisterOptions);
    // The WebAuthn helper loads when a passkey is used, not with the sign-in page.
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: optionsJSON as never });
    return call(endpoints.passkeyRegisterVerify, {
      body: { response: response as never, ...(name ? { name } : {}) },
    });
  });
export const useRenamePasskey = () =>
  useFactorChange(({ id, name }: { id: string; name: string }) =>
    call(endpoints.renamePasskey, { params: { id }, body: { name } }),
  );
export const useRemovePasskey = () =>
  useFactorChange((id: string) => call(endpoints.deletePasskey, { params: { id } }));

/** Signs in with password (and code when the account asks): no toast, the form shows what the server says. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      await call(endpoints.login, { body });
      return refreshSession(client);
    },
  });
}

/** Signs in with a passkey alone (discoverable credential, user verification: both factors). */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (trustDevice: boolean) => {
      const optionsJSON = await call(endpoints.passkeyLoginOptions);
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: optionsJSON as never });
      await call(endpoints.passkeyLoginVerify, { body: { response: response as never, trust_device: trustDevice } });
      return refreshSession(client);
    },
    meta: toastOnError,
  });
}
