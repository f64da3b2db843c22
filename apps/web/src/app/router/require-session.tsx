import { use } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { signInThenReturn, useSession } from '../../lib/session/index.ts';
import { RedirectSignal } from './redirect-signal.ts';

/**
 * Auth-guarded routes send a visitor without a session to sign in, and back to the page after it (SPEC §2 sent them
 * to '/', where a mailed link to a ticket was lost: issue 30). Staff without a second factor see only `/security`
 * until they set one up (the API refuses them everything else meanwhile).
 */
export function RequireSession() {
  const { data: session, isPending, isError } = useSession();
  const { pathname, search } = useLocation();
  const redirected = use(RedirectSignal);
  const goTo = (to: string) => {
    redirected?.(to);
    return <Navigate to={to} replace />;
  };
  if (isPending) return <PageLoader />;
  if (isError || !session) return goTo(signInThenReturn(pathname + search));
  if (session.factor_setup_required && pathname !== '/security') return goTo('/security');
  return <Outlet />;
}
