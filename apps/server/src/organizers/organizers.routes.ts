import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { visibleTicket } from '../tickets/index.ts';
import * as templates from './organizer-templates.service.ts';
import * as organizer from './ticket-organizer.service.ts';
import { declineTicketDependent } from './organizer-dependents.service.ts';

/** Admin's organizer templates (the contract's roles: Admin only) and a ticket's organizer (its customer or staff). */
export function organizerRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listOrganizers, { handler: async () => templates.listOrganizers(deps) });
    route(app, api.createOrganizer, {
      handler: async (req, reply) => {
        const created = await templates.createOrganizer(deps, authOf(req), req.body, req.ip);
        return reply.code(201).send(created);
      },
    });
    route(app, api.getOrganizer, { handler: async (req) => templates.getOrganizer(deps, req.params.id) });
    route(app, api.updateOrganizer, {
      handler: async (req) => templates.updateOrganizer(deps, authOf(req), req.params.id, req.body, req.ip),
    });
    route(app, api.saveOrganizerDraft, {
      handler: async (req) => templates.saveOrganizerDraft(deps, authOf(req), req.params.id, req.body.definition),
    });
    route(app, api.publishOrganizer, {
      handler: async (req) => templates.publishOrganizer(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.archiveOrganizer, {
      handler: async (req, reply) => {
        await templates.archiveOrganizer(deps, authOf(req), req.params.id, req.ip);
        return reply.code(204).send(null);
      },
    });

    route(app, api.getTicketOrganizer, {
      handler: async (req) => organizer.getTicketOrganizer(deps, authOf(req), req.params.id),
    });
    // Whose ticket it is comes before what was sent: another customer's ticket is 404, never 422.
    const seenFirst = async (req: { params: unknown }, auth: ReturnType<typeof authOf>) => {
      await visibleTicket(deps.db, auth, String((req.params as { id?: unknown }).id ?? ''));
    };
    route(app, api.saveTicketOrganizer, {
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req) => organizer.saveTicketOrganizer(deps, authOf(req), req.params.id, req.body, req.ip),
    });
    route(app, api.revealTicketOrganizerField, {
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req) =>
        organizer.revealTicketOrganizerField(deps, authOf(req), req.params.id, req.body.path, req.ip),
    });
    route(app, api.declineTicketDependent, {
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req) =>
        declineTicketDependent(deps, authOf(req), req.params.id, req.params.dependentId, req.body.declined),
    });
  };
}
