export { loadSession, refreshSession, sessionIn, setSession, useSession } from './use-session.ts';
export { signInThenReturn, useReturnPath } from './return-path.ts';
