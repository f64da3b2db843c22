export { loadSession, refreshSession, sessionIn, setSession, useSession } from './use-session.ts';
export { safeReturnPath, signInThenReturn, useReturnPath } from './return-path.ts';
