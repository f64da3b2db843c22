// The profile feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadEditProfilePage = () => import('./edit-profile-page.tsx');
export const loadProfilePage = () => import('./profile-page.tsx');
export const loadConfirmEmailPage = () => import('./confirm-email-page.tsx');
