// The documents feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadVaultPage = () => import('./vault-page.tsx');
export const loadQuestionnairePage = () => import('./questionnaire-page.tsx');
export const loadEditProfilePage = () => import('./edit-profile-page.tsx');
export const loadTicketUploadsPanel = () => import('./ticket-uploads-panel.tsx');
export const loadTicketRequestsPanel = () => import('./ticket-requests-panel.tsx');
export const loadTicketDraftsPanel = () => import('./ticket-drafts-panel.tsx');
export const loadDashboardRequestsPanel = () => import('./dashboard-requests-panel.tsx');
