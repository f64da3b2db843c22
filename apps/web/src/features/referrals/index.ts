// The referrals feature's public entry point: the only module other features and the shell may import.
// Pages load through these functions so that each stays its own chunk.
export const loadReferralPage = () => import('./referral-page.tsx');
export const loadReferralTreePage = () => import('./referral-tree-page.tsx');
