// The placeholder feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadNotFoundPage = () => import('./not-found-page.tsx');
