// §7216 enforcement on the web (issue 33 item 4, docs/decisions/0035): the only module the shell may import. Each
// part is a chunk of its own, with its texts (i18n.ts): the recipient's page, the ticket's shares panel (drawn on
// the ticket page once its code is in, so the page's first load carries none of it), and Admin's offers page.
export const loadSharedDocumentsPage = () => import('./shared-documents-page.tsx');
export const loadTicketSharesSlot = () => import('./ticket-shares-slot.tsx');
export const loadOffersPage = () => import('./offers-page.tsx');
