import { loadDashboardInvoicesPanel, loadTicketInvoicePanel } from '../../features/billing/index.ts';
import { loadDashboardPage } from '../../features/dashboard/index.ts';
import { loadDashboardRequestsPanel, loadTicketRequestsPanel } from '../../features/document-requests/index.ts';
import { loadTicketUploadsPanel } from '../../features/documents/index.ts';
import { loadTicketDraftsPanel } from '../../features/signing/index.ts';
import { loadTicketSharesSlot } from '../../features/third-party/index.ts';
import { loadTicketPage } from '../../features/tickets/index.ts';
import { loadPortalTexts } from '../i18n/index.ts';
import { lazyPage } from './lazy-page.ts';

/**
 * Pages that show other features' panels: the tickets and dashboard features know only a panel's shape, so
 * the app composes them here.
 * Each stays its own chunk.
 */
export const TicketPage = lazyPage(async () => {
  const [tickets, uploads, requests, drafts, invoice, shares] = await Promise.all([
    loadTicketPage(),
    loadTicketUploadsPanel(),
    loadTicketRequestsPanel(),
    loadTicketDraftsPanel(),
    loadTicketInvoicePanel(),
    loadTicketSharesSlot(),
    loadPortalTexts(),
  ]);
  shares.preloadTicketSharesPanel();
  const panels = [
    requests.TicketRequestsPanel,
    drafts.TicketDraftsPanel,
    invoice.TicketInvoicePanel,
    uploads.TicketUploadsPanel,
    // Shares with third parties (issue 33): its place only; the panel loads when drawn.
    shares.TicketSharesSlot,
  ] as const;
  return { default: () => <tickets.TicketPage panels={panels} /> };
});

export const DashboardPage = lazyPage(async () => {
  const [dashboard, requests, invoices] = await Promise.all([
    loadDashboardPage(),
    loadDashboardRequestsPanel(),
    loadDashboardInvoicesPanel(),
    loadPortalTexts(),
  ]);
  const panels = [
    { Panel: requests.DashboardRequestsPanel, query: requests.panelQuery },
    { Panel: invoices.DashboardInvoicesPanel, query: invoices.panelQuery },
  ] as const;
  return { default: () => <dashboard.DashboardPage panels={panels} /> };
});
