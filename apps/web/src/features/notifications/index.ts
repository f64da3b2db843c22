// The notifications feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export { NotificationBell } from './notification-bell.tsx';
export const loadNotificationsPage = () => import('./notifications-page.tsx');
