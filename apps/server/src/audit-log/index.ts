// The audit log viewer's public entry point: app.ts imports it only from here (docs/decisions/0010).
export { auditLogRoutes } from './audit-log.routes.ts';
