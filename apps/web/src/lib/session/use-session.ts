import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpoints, type Session } from '@taxportal/contract';
import { call, hasCsrfCookie, isApiError } from '../api/index.ts';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** The signed-in user, or null when the server answers 401. The session itself lives only in the HttpOnly cookie. */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  // The server sets and clears the CSRF cookie with the session: without it there is none to ask about, and a
  // visitor's page makes no request that answers 401 (an error in the browser's console).
  if (!hasCsrfCookie()) return null;
  return askSession(signal);
}

async function askSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await call(endpoints.getSession, { signal });
  } catch (err) {
    if (isApiError(err) && err.status === 401) return null;
    throw err;
  }
}

/**
 * The session asked of the server whatever cookies this code can see: a signed-in page rendered on the server
 * (entry-server.tsx), whose API calls carry the session's cookie, which no script can read.
 */
export const loadSession = (client: QueryClient): Promise<void> =>
  client.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: ({ signal }) => askSession(signal) });

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
    retry: 1,
  });
}

export const setSession = (client: QueryClient, session: Session | null): void => {
  client.setQueryData(SESSION_QUERY_KEY, session);
};

export const refreshSession = (client: QueryClient): Promise<Session | null> =>
  client.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: ({ signal }) => fetchSession(signal), staleTime: 0 });

/** The session `client` holds (undefined before it has been asked). */
export const sessionIn = (client: QueryClient): Session | null | undefined =>
  client.getQueryData<Session | null>(SESSION_QUERY_KEY);
