import { lazy } from 'react';
import { loadDashboardRequestsPanel, loadTicketRequestsPanel } from '../../features/document-requests/index.ts';
import { loadTicketUploadsPanel } from '../../features/documents/index.ts';
import { loadTicketDraftsPanel } from '../../features/signing/index.ts';

/**
 * Pages that show other features' panels: features never import each other, so the app composes them here.
 * Each stays its own chunk.
 */
export const TicketPage = lazy(async () => {
  const [tickets, uploads, requests, drafts, invoice] = await Promise.all([
    import('../../features/tickets/ticket-page.tsx'),
    loadTicketUploadsPanel(),
    loadTicketRequestsPanel(),
    loadTicketDraftsPanel(),
    import('../../features/billing/ticket-invoice-panel.tsx'),
  ]);
  const panels = [
    requests.TicketRequestsPanel,
    drafts.TicketDraftsPanel,
    invoice.TicketInvoicePanel,
    uploads.TicketUploadsPanel,
  ] as const;
  return { default: () => <tickets.TicketPage panels={panels} /> };
});

export const DashboardPage = lazy(async () => {
  const [dashboard, requests, invoices] = await Promise.all([
    import('../../features/dashboard/dashboard-page.tsx'),
    loadDashboardRequestsPanel(),
    import('../../features/billing/dashboard-invoices-panel.tsx'),
  ]);
  const panels = [requests.DashboardRequestsPanel, invoices.DashboardInvoicesPanel] as const;
  return { default: () => <dashboard.DashboardPage panels={panels} /> };
});
