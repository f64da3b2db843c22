import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { signInReply } from '../auth/index.ts';
import { authOf } from '../platform/auth/guard.ts';
import type { CookiePolicy } from '../platform/auth/sessions.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import * as service from './staff.service.ts';

/** Staff management (Admin only) and the invited person's acceptance (public: the token is the proof). */
export function staffRoutes(deps: service.StaffDeps & { cookies: CookiePolicy; ratePerMinute: number }) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listStaff, { handler: async (req) => service.listStaff(deps.db, req.query) });

    route(app, api.updateStaff, {
      handler: async (req) => service.updateStaff(deps, authOf(req), req.params.id, req.body),
    });

    route(app, api.inviteStaff, {
      handler: async (req, reply) =>
        reply.code(201).send(await service.inviteStaff(deps, authOf(req), req.body, languageOfRequest(req))),
    });

    route(app, api.revokeStaffInvitation, {
      handler: async (req, reply) => {
        await service.revokeInvitation(deps, authOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Each resend mails someone: the service allows one a minute per invitation, this route 30 a minute per address.
    route(app, api.resendStaffInvitation, {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: async (req) => service.resendInvitation(deps, authOf(req), req.params.id, languageOfRequest(req)),
    });

    route(app, api.checkInvitation, {
      config: { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute' } },
      handler: async (req) => service.checkInvitation(deps, req.body.token),
    });

    route(app, api.acceptInvitation, {
      config: { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const { session, userId } = await service.acceptInvitation(deps, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        // Whatever session the browser had is ended by the new one replacing its cookie.
        return signInReply(deps.db, deps.cookies, reply, session, userId);
      },
    });
  };
}
