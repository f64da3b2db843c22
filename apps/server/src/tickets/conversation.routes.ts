import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import * as messages from './messages.service.ts';
import type { TicketsDeps } from './tickets-context.ts';

export function conversationRoutes(deps: TicketsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listMessages, {
      handler: async (req) => messages.listMessages(deps, authOf(req), req.params.id, req.query),
    });

    route(app, api.postMessage, {
      handler: async (req, reply) =>
        reply.code(201).send(await messages.postMessage(deps, authOf(req), req.params.id, req.body)),
    });

    route(app, api.markConversationRead, {
      handler: async (req) => messages.markRead(deps, authOf(req), req.params.id),
    });
  };
}
