// The documents feature's (the vault's) public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export { DocumentUploader } from './document-uploader.tsx';
/** The proposal of an upload for an open request, to confirm or decline (the requests' checklist and dashboard). */
export { RequestProposal } from './request-proposal.tsx';
/** A customer's documents (staff choosing the file of a request). */
export { useDocuments } from './documents-api.ts';
/** The document types a document is filed under (a document request's type is one of them). */
export { useDocumentTypes } from './documents-api.ts';
export const loadVaultPage = () => import('./vault-page.tsx');
export const loadTicketUploadsPanel = () => import('./ticket-uploads-panel.tsx');
/** The ticket page's uploads panel's data (lib/ticket-data.ts). */
export { documentTypesQuery, ticketDocumentsPart } from './ticket-data.ts';
