import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type OidcProvider } from '@taxportal/contract';
import { call, endpointUrl, toastOnError } from '../../lib/api/index.ts';
import { refreshSession, setSession } from '../../lib/session/index.ts';

/** Which sign-in methods the server offers (phone, social providers): only those are shown. */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['auth', 'methods'],
    queryFn: ({ signal }) => call(endpoints.signInMethods, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The full-page address that starts a social sign-in (the server redirects to the provider). */
export const oidcStartUrl = (provider: OidcProvider) => endpointUrl(endpoints.oidcStart, { provider });

export function usePhoneSignInStart() {
  return useMutation({ mutationFn: (phone: string) => call(endpoints.phoneSignInStart, { body: { phone } }) });
}

export function usePhoneSignInVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { phone: string; code: string }) => {
      const session = await call(endpoints.phoneSignInVerify, { body });
      setSession(client, session);
      return session;
    },
  });
}

/** Proving a number for the signed-in account (after registration; the profile uses the same endpoints). */
export function usePhoneVerificationStart() {
  return useMutation({
    mutationFn: (phone: string) => call(endpoints.phoneVerificationStart, { body: { phone } }),
  });
}

export function usePhoneVerificationVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { phone: string; code: string }) => {
      const res = await call(endpoints.phoneVerificationVerify, { body });
      await refreshSession(client);
      return res;
    },
  });
}

export function usePendingLink(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'oidc-link'],
    queryFn: ({ signal }) => call(endpoints.oidcPendingLink, { signal }),
    enabled,
    retry: false,
  });
}

export function useConfirmLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      const session = await call(endpoints.oidcConfirmLink, { body: { password } });
      setSession(client, session);
      return session;
    },
    meta: toastOnError,
  });
}
