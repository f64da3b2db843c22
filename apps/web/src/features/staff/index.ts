// The staff management feature's public entry point: the only module other features and the shell may import.
export const loadStaffPage = () => import('./staff-page.tsx');
export const loadAcceptInvitationPage = () => import('./accept-invitation-page.tsx');
