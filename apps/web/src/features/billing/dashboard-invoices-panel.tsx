// Scaffold: replaced by the customer's invoices due on the dashboard.
export function DashboardInvoicesPanel(_props: { isStaff: boolean }) {
  return null;
}
