// The client import's public entry point (issue 32): the only module the shell may import. Admin's page loads
// through it, a chunk of its own with its texts (i18n.ts).
export const loadClientImportPage = () => import('./client-import-page.tsx');
