// The signing feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadTicketDraftsPanel = () => import('./ticket-drafts-panel.tsx');
/** Admin: the firm's identity check at signing, for the staff page to mount (docs/decisions/0021-a). */
export const loadSigningSettingsCard = () => import('./signing-settings-card.tsx');
/** The ticket page's Form 8879 data (lib/ticket-data.ts). */
export { signingPart } from './ticket-data.ts';
/** The signature pad (drawn with mouse, pen or finger), for other signed documents (engagement letters, 0036). */
export const loadSigningPad = () => import('./signing-pad.tsx');
export type { SigningPadHandle } from './signing-pad.tsx';
/** A passkey at signing (the browser's prompt for a document's own WebAuthn options), for letters and consents. */
export { isPasskeyDismissed, passkeyAnswer } from './signing-passkey.ts';
