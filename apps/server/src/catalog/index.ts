// The catalog feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { catalogAdminRoutes } from './catalog-admin.routes.ts';
export { catalogRoutes } from './catalog.routes.ts';
/** What the demo sample reads to choose services, years and document types. */
export { listDocumentTypes, listServices, listYears } from './catalog.service.ts';
