// The organizer feature's public entry point (issue 32): the only module other features and the shell may import.
// The page loads through its function so that it stays its own chunk (nothing of it is in a first load).
export { useTicketOrganizer, type Organizer } from './organizer-api.ts';
export const loadOrganizerPage = () => import('./organizer-page.tsx');
