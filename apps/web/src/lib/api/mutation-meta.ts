/**
 * What a mutation asks of the one error handler (the QueryClient's MutationCache, set up by the shell):
 * `errorToast` shows a failure as the error toast, with the server's detail or 'Something Went Wrong'.
 */
export interface AppMutationMeta extends Record<string, unknown> {
  errorToast?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

/** `meta` for a mutation whose failure is told by the error toast, and nothing else. */
export const toastOnError = { errorToast: true } as const satisfies AppMutationMeta;
