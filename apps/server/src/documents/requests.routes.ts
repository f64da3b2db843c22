import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDocumentRequestsBodySchema,
  documentRequestListSchema,
  documentRequestParamsSchema,
  documentRequestSchema,
  listDocumentRequestsQuerySchema,
  ticketParamsSchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import { createDocumentsJobRunner } from './requests.reminders.ts';
import * as requests from './requests.service.ts';

const tags = ['Document requests'];

export function requestsRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets/:id/document-requests', {
      schema: {
        tags,
        summary: "A ticket's document requests, oldest first (its customer or staff)",
        params: ticketParamsSchema,
        response: { 200: documentRequestListSchema },
      },
      handler: async (req) => requests.listTicketRequests(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/tickets/:id/document-requests', {
      schema: {
        tags,
        summary: 'Staff: ask the customer for documents (checklist items and/or free text); the customer is told',
        params: ticketParamsSchema,
        body: createDocumentRequestsBodySchema,
        response: { 201: documentRequestListSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await requests.createRequests(deps, authOf(req), req.params.id, req.body, req.ip)),
    });

    r.post('/api/v1/document-requests/:id/cancel', {
      schema: {
        tags,
        summary: 'Staff: withdraw an open request (no more reminders)',
        params: documentRequestParamsSchema,
        response: { 200: documentRequestSchema },
      },
      handler: async (req) => requests.cancelRequest(deps, authOf(req), req.params.id, req.ip),
    });

    r.get('/api/v1/document-requests', {
      schema: {
        tags,
        summary: "The caller's requests across tickets (default: open), newest first; staff may pass customer_id",
        querystring: listDocumentRequestsQuerySchema,
        response: { 200: documentRequestListSchema },
      },
      handler: async (req) => requests.listOutstanding(deps, authOf(req), req.query),
    });

    // Reminders run in the background with the app (tests drive their own runners with tick()).
    if (deps.config.NODE_ENV !== 'test') {
      const runner = createDocumentsJobRunner(deps);
      app.addHook('onReady', async () => runner.start());
      app.addHook('onClose', async () => runner.stop());
    }
  };
}
