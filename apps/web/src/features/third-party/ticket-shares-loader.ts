/**
 * The panel's loader, a chunk of its own: the slot imports this tiny module, so the ticket page's first load carries
 * only its name, not the long list of the panel's files that a dynamic import of the panel itself would (Vite
 * preloads a chunk's dependencies from a list kept in the importing chunk).
 */
export const loadTicketSharesPanel = () =>
  import('./ticket-shares-panel.tsx').then((m) => ({ default: m.TicketSharesPanel }));
