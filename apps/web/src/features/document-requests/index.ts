// The document-requests feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadTicketRequestsPanel = () => import('./ticket-requests-panel.tsx');
export const loadDashboardRequestsPanel = () => import('./dashboard-requests-panel.tsx');
/** The ticket page's requests panel's data (lib/ticket-data.ts). */
export { ticketRequestsPart } from './ticket-data.ts';
