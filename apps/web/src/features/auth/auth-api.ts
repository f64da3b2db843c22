import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, LoginBody, RegisterBody, Session, StatusMessage } from '@taxportal/contract';
import { api } from '../../lib/api/index.ts';
import { refreshSession, setSession } from '../../lib/session/index.ts';

interface Message {
  message: string;
}

export const authApi = {
  login: (body: LoginBody) => api.post<unknown>('/auth/login', body),
  register: (body: RegisterBody) => api.post<Session>('/auth/register', body),
  logout: () => api.post<Message>('/auth/logout'),
  changePassword: (body: ChangePasswordBody) => api.post<StatusMessage>('/auth/change-password', body),
  requestPasswordReset: (email: string) => api.post<Message>('/auth/password-reset', { email }),
  confirmPasswordReset: (token: string, new_password: string) =>
    api.post<Message>('/auth/password-reset/confirm', { token, new_password }),
};

/** Signs in, then loads the full session (currency, statuses) the shell reads. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      await authApi.login(body);
      return refreshSession(client);
    },
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: authApi.register,
    onSuccess: (session) => setSession(client, session),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: authApi.changePassword });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: authApi.requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      authApi.confirmPasswordReset(token, password),
  });
}

/** Ends the session on the server and forgets everything the browser held. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await authApi.logout();
      } catch {
        // Already signed out on the server: still clear the browser side.
      }
      localStorage.clear();
      client.clear();
      setSession(client, null);
    },
  });
}
