// The signing feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadTicketDraftsPanel = () => import('./ticket-drafts-panel.tsx');
/** Admin: the firm's identity check at signing, for the staff page to mount (docs/decisions/0021-a). */
export const loadSigningSettingsCard = () => import('./signing-settings-card.tsx');
/** The ticket page's Form 8879 data (lib/ticket-data.ts). */
export { signingPart } from './ticket-data.ts';
