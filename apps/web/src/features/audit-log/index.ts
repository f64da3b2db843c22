// The audit log viewer's public entry point: the only module other features and the shell may import.
export const loadAuditLogPage = () => import('./audit-log-page.tsx');
