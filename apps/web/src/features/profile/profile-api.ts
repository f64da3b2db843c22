import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type EndpointBody } from '@taxportal/contract';
import { call, endpointUrl, toastOnError } from '../../lib/api/index.ts';
import { refreshSession, setSession } from '../../lib/session/index.ts';

const keys = {
  profile: ['profile'] as const,
  sessions: ['profile', 'sessions'] as const,
  tokens: ['profile', 'tokens'] as const,
  preferences: ['profile', 'notification-preferences'] as const,
};

export function useProfile(enabled = true) {
  return useQuery({ queryKey: keys.profile, queryFn: ({ signal }) => call(endpoints.getProfile, { signal }), enabled });
}

/** Reads the profile again (after a change made through another feature, such as a verified phone). */
export function useRefreshProfile() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.profile });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.updateProfile>) => call(endpoints.updateProfile, { body }),
    onSuccess: async (profile) => {
      client.setQueryData(keys.profile, profile);
      await refreshSession(client); // the name in the shell
    },
    meta: toastOnError,
  });
}

export function useRequestEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.requestEmailChange>) =>
      call(endpoints.requestEmailChange, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.profile }),
    meta: toastOnError,
  });
}

export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(endpoints.confirmEmailChange, { body: { token } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.profile });
      await refreshSession(client);
    },
    meta: toastOnError,
  });
}

export function useCloseAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(endpoints.closeAccount, { body: { password } }),
    onSuccess: () => {
      localStorage.clear();
      client.clear();
      setSession(client, null);
    },
    meta: toastOnError,
  });
}

export const exportUrl = () => endpointUrl(endpoints.exportProfile);

export function useDeviceSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: ({ signal }) => call(endpoints.listDeviceSessions, { signal }),
    refetchInterval: 60_000,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.revokeDeviceSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.sessions }),
    meta: toastOnError,
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.revokeOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: keys.sessions }),
    meta: toastOnError,
  });
}

export function useApiTokens() {
  return useQuery({ queryKey: keys.tokens, queryFn: ({ signal }) => call(endpoints.listApiTokens, { signal }) });
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.createApiToken>) => call(endpoints.createApiToken, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tokens }),
    meta: toastOnError,
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.revokeApiToken, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.tokens }),
    meta: toastOnError,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: keys.preferences,
    queryFn: ({ signal }) => call(endpoints.getNotificationPreferences, { signal }),
  });
}

export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.updateNotificationPreferences>) =>
      call(endpoints.updateNotificationPreferences, { body }),
    onSuccess: (prefs) => client.setQueryData(keys.preferences, prefs),
    meta: toastOnError,
  });
}
