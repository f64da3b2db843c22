export { refreshSession, setSession, useSession } from './use-session.ts';
