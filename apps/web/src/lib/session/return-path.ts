import { useSearchParams } from 'react-router';

/** Longest `next` kept: a ticket page with its query is far shorter. */
const MAX_RETURN_PATH = 512;

/**
 * A place on this site to return to after signing in (`/register?next=…`): a path of ours only, never an address
 * elsewhere (`//host`, `/\host`, a scheme) nor the sign-in page itself; anything else is dropped (null).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_PATH) return null;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/.test(raw)) return null;
  const path = raw.split(/[?#]/, 1)[0]!;
  if (path === '/register' || path.startsWith('/register/')) return null;
  return raw;
}

/** Where a guarded page sends a signed-out reader: sign in, then back to `path`. */
export const signInThenReturn = (path: string): string => {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `/register?next=${encodeURIComponent(next)}` : '/register';
};

/** The `next` of this page's address, when it is safe (see above). */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('next'));
}
