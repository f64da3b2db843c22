// Scaffold: replaced by the customer's outstanding document requests on the dashboard.
export function DashboardRequestsPanel(_props: { isStaff: boolean }) {
  return null;
}
