import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { fieldError } from '../platform/errors.ts';
import { route } from '../platform/route.ts';
import * as assignment from './assignment.service.ts';
import * as joint from './ticket-joint.ts';
import * as status from './ticket-status.service.ts';
import type { TicketsDeps } from './tickets-context.ts';
import * as tickets from './tickets.service.ts';
import { historyIn, ticketIn } from './ticket-labels.ts';
import { languageOfRequest } from '../platform/i18n.ts';

/** An `Idempotency-Key` header: printable ASCII, 8 to 128 characters (a UUID, 32 hex digits…), or a 422. */
function requestKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{8,128}$/.test(header)) {
    throw fieldError('idempotency_key', TICKET_TEXTS.ticket.requestKeyInvalid);
  }
  return header;
}

export function ticketsRoutes(deps: TicketsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listTickets, {
      handler: async (req) => {
        const list = await tickets.listTickets(deps, authOf(req), req.query);
        const language = languageOfRequest(req);
        return { ...list, items: list.items.map((t) => ticketIn(language, t)) };
      },
    });

    route(app, api.createTicket, {
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(
            ticketIn(
              languageOfRequest(req),
              await tickets.createTicket(
                deps,
                authOf(req),
                req.body,
                req.ip,
                requestKey(req.headers['idempotency-key']),
              ),
            ),
          ),
    });

    route(app, api.getTicket, {
      handler: async (req) =>
        ticketIn(languageOfRequest(req), await tickets.getTicket(deps, authOf(req), req.params.id)),
    });

    route(app, api.setTicketJoint, {
      handler: async (req) =>
        ticketIn(
          languageOfRequest(req),
          await joint.setTicketJoint(deps, authOf(req), req.params.id, req.body, req.ip),
        ),
    });

    route(app, api.changeTicketStatus, {
      handler: async (req) =>
        ticketIn(languageOfRequest(req), await status.changeStatus(deps, authOf(req), req.params.id, req.body, req.ip)),
    });

    route(app, api.getStatusHistory, {
      handler: async (req) =>
        historyIn(languageOfRequest(req), await status.statusHistory(deps, authOf(req), req.params.id)),
    });

    route(app, api.assignTicket, {
      handler: async (req) =>
        ticketIn(
          languageOfRequest(req),
          await assignment.assignTicket(deps, authOf(req), req.params.id, req.body, req.ip),
        ),
    });

    route(app, api.getAssignmentHistory, {
      handler: async (req) => assignment.assignmentHistory(deps, authOf(req), req.params.id),
    });

    route(app, api.listStaffUsers, {
      handler: async (req) => assignment.listStaffUsers(deps, req.query.role),
    });
  };
}
