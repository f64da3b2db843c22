// The documents feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export type { DocumentsDeps } from './documents.deps.ts';
export { documentsFeature } from './documents.plugin.ts';
/** The service functions the demo sample plays (docs/decisions/0008). */
export { uploadDocuments } from './documents.service.ts';
export { approveDraft, listDrafts, uploadDraft } from './drafts.service.ts';
export { saveSection } from './questionnaire.service.ts';
export { createRequests, listTicketRequests } from './requests.service.ts';
