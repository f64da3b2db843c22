// The drafts feature's public entry point: the only module other features and the shell may import.
// Signing shows its drafts above Form 8879 and previews PDFs as drafts do.
export { DraftsSection, preloadDraftsStaffParts } from './drafts-section.tsx';
export { DraftsPreviewModal } from './drafts-preview-modal.tsx';
export { documentFileUrl } from './drafts-api.ts';
/** The ticket page's drafts data (lib/ticket-data.ts). */
export { draftsPart } from './ticket-data.ts';
