// The organizers feature's public entry point (issue 32): app.ts and the demo sample import it only from here
// (docs/decisions/0010). Admin's organizer templates and a ticket's organizer, whose answers make document requests
// through document-requests/index.ts.
export { organizerRoutes } from './organizers.routes.ts';
/** The service functions the demo sample plays (docs/decisions/0008). */
export { createOrganizer, publishOrganizer } from './organizer-templates.service.ts';
