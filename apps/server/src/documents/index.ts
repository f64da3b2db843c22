// The documents feature (the vault) and its public entry point: other features, app.ts and the demo sample import
// it only from here (docs/decisions/0010). Requests, drafts and signing build on it; it imports none of them.
export type { DocumentsDeps } from './documents.deps.ts';
export { documentsRoutes } from './documents.routes.ts';
/** Sending a vault file (checked whole, then streamed, with headers that let nothing in it run): the site's web
 *  form files are sent through it. */
export { sendVaultFile } from './documents.routes.ts';
/** A display name from a client's file name, with the extension of the type the content is. */
export { cleanFileName } from './document-names.ts';
/** Storing an upload (sniffed, sealed, one documents row): drafts and signing store their PDFs through it. */
export { discardStaged, insertDocument, readPdfUpload, stageUpload, type StagedFile } from './document-files.ts';
export { documentRow } from './documents.repository.ts';
/** The service functions the demo sample plays (docs/decisions/0008). */
export { uploadDocuments } from './documents.service.ts';
/** Deleting a document inside another feature's transaction (signing: a replaced Form 8879's unsigned PDF), its
 *  stored files removed after the commit: the vault's own delete, less its caller checks. */
export { deleteDocumentRow, removeDocumentFiles } from './documents.service.ts';
export type { DocumentRow } from './document-files.ts';
/** Who may see a document (404 otherwise): a request's file is checked through it. */
export { visibleDocument } from './documents.service.ts';
/** Which file fulfils which request, the one write of it, and the proposals (uploads that look like a request's). */
export {
  declineProposal,
  fulfilRequest,
  otherTypeRefusal,
  proposalsForRequests,
  reopenFulfilled,
  requestFile,
  wasDeclined,
} from './request-matches.ts';
/** The orphan sweep (stored files no row names), for the sweep-files command. */
export { sweepOrphans, SWEEP_GRACE_MS } from './sweeper.ts';
