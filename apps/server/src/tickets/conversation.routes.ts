import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listMessagesQuerySchema,
  markReadResponseSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  postMessageBodySchema,
  ticketParamsSchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import * as messages from './messages.service.ts';
import type { TicketsDeps } from './tickets-context.ts';

const tags = ['Conversation'];

export function conversationRoutes(deps: TicketsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets/:id/messages', {
      schema: {
        tags,
        summary: 'A page of the conversation, oldest to newest; `before` loads older',
        params: ticketParamsSchema,
        querystring: listMessagesQuerySchema,
        response: { 200: ticketMessageListSchema },
      },
      handler: async (req) => messages.listMessages(deps, authOf(req), req.params.id, req.query),
    });

    r.post('/api/v1/tickets/:id/messages', {
      schema: {
        tags,
        summary: 'Post a message (staff: or an internal note)',
        params: ticketParamsSchema,
        body: postMessageBodySchema,
        response: { 201: ticketMessageSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await messages.postMessage(deps, authOf(req), req.params.id, req.body)),
    });

    r.post('/api/v1/tickets/:id/read', {
      schema: {
        tags,
        summary: 'Mark the conversation read',
        params: ticketParamsSchema,
        response: { 200: markReadResponseSchema },
      },
      handler: async (req) => messages.markRead(deps, authOf(req), req.params.id),
    });
  };
}
