// The organizer builder's public entry point (issue 32): the only module the shell may import. The Admin's
// organizer pages load through it, a chunk of their own with their texts (i18n.ts).
export const loadOrganizerBuilderPage = () => import('./organizer-builder-page.tsx');
