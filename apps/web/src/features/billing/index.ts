// The billing feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export { PayDialogHost } from './pay-dialog-host.tsx';
/** The card dialog for one invoice (an engagement letter's deposit opens it: 0036); it tells when it closes. */
export { currentPayDialog, openPayDialog, subscribePaid, subscribePayDialog } from './pay-dialog-store.ts';
export const loadBillingPage = () => import('./billing-page.tsx');
export const loadSharedInvoicePage = () => import('./shared-invoice-page.tsx');
export const loadTicketInvoicePanel = () => import('./ticket-invoice-panel.tsx');
export const loadDashboardInvoicesPanel = () => import('./dashboard-invoices-panel.tsx');
/** The ticket page's invoice panel's data (lib/ticket-data.ts). */
export { ticketInvoicePart } from './ticket-data.ts';
