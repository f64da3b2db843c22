import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useSession } from '../../lib/session/index.ts';

/**
 * SPEC §2: auth-guarded routes send a visitor without a session to '/'. Staff without a second factor see
 * only `/security` until they set one up (the API refuses them everything else meanwhile).
 */
export function RequireSession() {
  const { data: session, isPending, isError } = useSession();
  const { pathname } = useLocation();
  if (isPending) return <PageLoader />;
  if (isError || !session) return <Navigate to="/" replace />;
  if (session.factor_setup_required && pathname !== '/security') return <Navigate to="/security" replace />;
  return <Outlet />;
}
