import { Alert } from '@mantine/core';
import { lazy } from 'react';
import { useSession } from '../../app/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CustomerDashboard } from './customer-dashboard.tsx';
import { useDashboard } from './dashboard-api.ts';

// The charts (recharts) are staff-only: customers never download them.
const StaffDashboard = lazy(() => import('./staff-dashboard.tsx').then((m) => ({ default: m.StaffDashboard })));

/** /dashboard: the customer's tickets and what waits on them, or the staff's pipeline figures. */
export function DashboardPage() {
  const { data: session } = useSession();
  const dashboard = useDashboard();
  if (!session || dashboard.isPending) return <PageLoader />;
  if (dashboard.isError) return <Alert color="red">{dashboard.error.message}</Alert>;
  const data = dashboard.data;
  return data.role === 'customer' ? (
    <CustomerDashboard session={session} data={data} />
  ) : (
    <StaffDashboard session={session} data={data} />
  );
}
