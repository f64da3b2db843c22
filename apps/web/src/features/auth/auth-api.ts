import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ChangePasswordBody, type LoginBody, type RegisterBody } from '@taxportal/contract';
import { call, toastOnError } from '../../lib/api/index.ts';
import { setSession } from '../../lib/session/index.ts';

const authApi = {
  login: (body: LoginBody) => call(endpoints.login, { body }),
  register: (body: RegisterBody) => call(endpoints.register, { body }),
  logout: () => call(endpoints.logout),
  changePassword: (body: ChangePasswordBody) => call(endpoints.changePassword, { body }),
  requestPasswordReset: (email: string) => call(endpoints.requestPasswordReset, { body: { email } }),
  confirmPasswordReset: (token: string, new_password: string) =>
    call(endpoints.confirmPasswordReset, { body: { token, new_password } }),
};

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: authApi.register,
    onSuccess: (session) => setSession(client, session),
    meta: toastOnError,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: authApi.changePassword });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: authApi.requestPasswordReset, meta: toastOnError });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      authApi.confirmPasswordReset(token, password),
    meta: toastOnError,
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
