import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { createDocumentsJobRunner } from './requests.reminders.ts';
import * as matches from './requests.match.ts';
import * as requests from './requests.service.ts';

export function requestsRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listTicketDocumentRequests, {
      handler: async (req) => requests.listTicketRequests(deps, authOf(req), req.params.id),
    });

    route(app, api.createDocumentRequests, {
      handler: async (req, reply) =>
        reply.code(201).send(await requests.createRequests(deps, authOf(req), req.params.id, req.body, req.ip)),
    });

    route(app, api.cancelDocumentRequest, {
      handler: async (req) => requests.cancelRequest(deps, authOf(req), req.params.id, req.ip),
    });

    route(app, api.listDocumentRequests, {
      handler: async (req) => requests.listOutstanding(deps, authOf(req), req.query),
    });

    route(app, api.confirmRequestDocument, {
      handler: async (req) => matches.confirmMatch(deps, authOf(req), req.params.id, req.body.document_id),
    });

    route(app, api.declineRequestDocument, {
      handler: async (req) => matches.declineMatch(deps, authOf(req), req.params.id, req.body.document_id),
    });

    route(app, api.matchRequestDocument, {
      handler: async (req) => matches.staffMatch(deps, authOf(req), req.params.id, req.body.document_id),
    });

    route(app, api.unmatchRequestDocument, {
      handler: async (req) => matches.unmatch(deps, authOf(req), req.params.id, req.body.reason),
    });

    // Reminders run in the background with the app (tests drive their own runners with tick()).
    if (deps.config.NODE_ENV !== 'test') {
      const runner = createDocumentsJobRunner(deps);
      app.addHook('onReady', async () => runner.start());
      app.addHook('onClose', async () => runner.stop());
    }
  };
}
