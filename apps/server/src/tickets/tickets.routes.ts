import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignmentListSchema,
  assignTicketBodySchema,
  changeStatusBodySchema,
  createTicketBodySchema,
  listTicketsQuerySchema,
  listUsersQuerySchema,
  staffUserListSchema,
  statusHistorySchema,
  ticketDetailSchema,
  ticketListSchema,
  ticketParamsSchema,
} from '@taxportal/contract';
import { authOf, requireStaff } from '../platform/auth/guard.ts';
import * as assignment from './assignment.service.ts';
import * as status from './ticket-status.service.ts';
import type { TicketsDeps } from './tickets-context.ts';
import * as tickets from './tickets.service.ts';

const tags = ['Tickets'];

export function ticketsRoutes(deps: TicketsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets', {
      schema: {
        tags,
        summary: 'Tickets the caller may see: own (customer) or all (staff), filtered and searched, keyset-paginated',
        querystring: listTicketsQuerySchema,
        response: { 200: ticketListSchema },
      },
      handler: async (req) => tickets.listTickets(deps, authOf(req), req.query),
    });

    r.post('/api/v1/tickets', {
      schema: {
        tags,
        summary: 'Open a ticket (staff: for a customer)',
        body: createTicketBodySchema,
        response: { 201: ticketDetailSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await tickets.createTicket(deps, authOf(req), req.body, req.ip)),
    });

    r.get('/api/v1/tickets/:id', {
      schema: {
        tags,
        summary: 'A ticket in full, by id or name (TD.0001)',
        params: ticketParamsSchema,
        response: { 200: ticketDetailSchema },
      },
      handler: async (req) => tickets.getTicket(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/tickets/:id/status', {
      schema: {
        tags,
        summary: 'Move a ticket to another status, as the transition table allows; 409 if it changed meanwhile',
        params: ticketParamsSchema,
        body: changeStatusBodySchema,
        response: { 200: ticketDetailSchema },
      },
      handler: async (req) => status.changeStatus(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    r.get('/api/v1/tickets/:id/history', {
      schema: {
        tags,
        summary: 'Status changes, oldest first',
        params: ticketParamsSchema,
        response: { 200: statusHistorySchema },
      },
      handler: async (req) => status.statusHistory(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/tickets/:id/assign', {
      schema: {
        tags,
        summary: 'Assign a ticket to a staff member (staff); user_id null unassigns',
        params: ticketParamsSchema,
        body: assignTicketBodySchema,
        response: { 200: ticketDetailSchema },
      },
      handler: async (req) => assignment.assignTicket(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    r.get('/api/v1/tickets/:id/assignments', {
      schema: {
        tags,
        summary: 'Assignment history (staff)',
        params: ticketParamsSchema,
        response: { 200: assignmentListSchema },
      },
      handler: async (req) => assignment.assignmentHistory(deps, authOf(req), req.params.id),
    });

    r.get('/api/v1/users', {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Staff users, optionally of one role (staff)',
        querystring: listUsersQuerySchema,
        response: { 200: staffUserListSchema },
      },
      handler: async (req) => assignment.listStaffUsers(deps, req.query.role),
    });
  };
}
