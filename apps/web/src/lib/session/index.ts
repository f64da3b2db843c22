export { loadSession, refreshSession, sessionIn, setSession, useSession } from './use-session.ts';
