// The client import's public entry point: app.ts, the demo and tests import it only from here (docs/decisions/0010).
export { clientImportRoutes } from './client-import.routes.ts';
export { createClientImportJobRunner } from './client-invitations.send.ts';
