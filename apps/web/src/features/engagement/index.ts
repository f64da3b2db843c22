// The engagement letters' public entry point (issue 33, docs/decisions/0036): the only module the shell may import.
// Their pages load through it, a chunk of their own with their texts (i18n.ts).
export const loadEngagementTemplatesPage = () => import('./templates-page.tsx');
export const loadLettersPage = () => import('./letters-page.tsx');
