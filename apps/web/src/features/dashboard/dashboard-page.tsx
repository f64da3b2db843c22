import { Alert } from '@mantine/core';
import { lazy, type ComponentType } from 'react';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CustomerDashboard } from './customer-dashboard.tsx';
import { useDashboard } from './dashboard-api.ts';

// The charts (recharts) are staff-only: customers never download them.
const StaffDashboard = lazy(() => import('./staff-dashboard.tsx').then((m) => ({ default: m.StaffDashboard })));

/** /dashboard: the customer's tickets and what waits on them, or the staff's pipeline figures. */
/** A card another feature adds to the dashboard (outstanding documents, invoices due): the app composes them. */
export type DashboardPanel = ComponentType<{ isStaff: boolean }>;

export function DashboardPage({ panels = [] }: { panels?: readonly DashboardPanel[] }) {
  const { data: session } = useSession();
  const dashboard = useDashboard();
  if (!session || dashboard.isPending) return <PageLoader />;
  if (dashboard.isError) return <Alert color="red">{dashboard.error.message}</Alert>;
  const data = dashboard.data;
  const isStaff = data.role !== 'customer';
  // Other features' cards (what is outstanding) come right under the welcome, above the figures.
  const extra = panels.map((Panel, i) => <Panel key={i} isStaff={isStaff} />);
  return isStaff ? (
    <StaffDashboard session={session} data={data} panels={extra} />
  ) : (
    <CustomerDashboard session={session} data={data} panels={extra} />
  );
}
