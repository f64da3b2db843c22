import { Alert } from '@mantine/core';
import { useQueries, type QueryKey } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CustomerDashboard } from './customer-dashboard.tsx';
import { useDashboard } from './dashboard-api.ts';

// The charts (recharts) are staff-only: customers never download them.
const StaffDashboard = lazy(() => import('./staff-dashboard.tsx').then((m) => ({ default: m.StaffDashboard })));

/**
 * A card another feature adds to the dashboard (outstanding documents, invoices due): the app composes them.
 * `query` is the one query the card draws from. The page starts it together with its own and shows once all
 * have answered, so a card never appears late and pushes the page down (Lighthouse's layout shift).
 */
export interface DashboardPanel {
  Panel: ComponentType<{ isStaff: boolean }>;
  query: (isStaff: boolean) => {
    queryKey: QueryKey;
    queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
    enabled: boolean;
  };
}

/** /dashboard: the customer's tickets and what waits on them, or the staff's pipeline figures. */
export function DashboardPage({ panels = [] }: { panels?: readonly DashboardPanel[] }) {
  const { data: session } = useSession();
  const dashboard = useDashboard();
  // Known from the session before the dashboard answers, so the cards' queries start with the page's own. A
  // query that is off (a customer-only card for staff) is not loading; an error lets the card draw what it can.
  const sessionIsStaff = session?.login_role !== 'Customer';
  const panelsLoading = useQueries({
    queries: panels.map((p) => p.query(sessionIsStaff)),
    combine: (results) => results.some((r) => r.isLoading),
  });
  if (!session || dashboard.isPending || panelsLoading) return <PageLoader />;
  if (dashboard.isError) return <Alert color="red">{dashboard.error.message}</Alert>;
  const data = dashboard.data;
  const isStaff = data.role !== 'customer';
  // Other features' cards (what is outstanding) come right under the welcome, above the figures.
  const extra = panels.map(({ Panel }, i) => <Panel key={i} isStaff={isStaff} />);
  return isStaff ? (
    <StaffDashboard session={session} data={data} panels={extra} />
  ) : (
    <CustomerDashboard session={session} data={data} panels={extra} />
  );
}
