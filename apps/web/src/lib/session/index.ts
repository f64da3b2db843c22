export { fetchSession, refreshSession, SESSION_QUERY_KEY, setSession, useSession } from './use-session.ts';
