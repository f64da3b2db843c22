// The contacts feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { contactsRoutes } from './contacts.routes.ts';
