import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useSession } from '../../lib/session/index.ts';

/** SPEC §2: auth-guarded routes send a visitor without a session to '/'. */
export function RequireSession() {
  const { data: session, isPending, isError } = useSession();
  if (isPending) return <PageLoader />;
  if (isError || !session) return <Navigate to="/" replace />;
  return <Outlet />;
}
