import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { signInReply } from '../auth/index.ts';
import { authOf } from '../platform/auth/guard.ts';
import type { CookiePolicy } from '../platform/auth/sessions.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import { checkJoinLink, joinFromLink } from './households.join.ts';
import * as service from './households.service.ts';
import type { HouseholdsDeps } from './households.service.ts';

/**
 * The caller's household: invite the spouse, answer an invitation, leave (docs/decisions/0032); and the join link of
 * an invitation to an e-mail without an account (public: the token is the proof).
 */
export function householdsRoutes(deps: HouseholdsDeps & { cookies: CookiePolicy; ratePerMinute: number }) {
  return async function routes(app: FastifyInstance) {
    route(app, api.checkHouseholdJoin, {
      config: { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute' } },
      handler: async (req) => checkJoinLink(deps, req.body.token),
    });
    route(app, api.joinHousehold, {
      config: { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const { session, userId } = await joinFromLink(deps, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        return signInReply(deps.db, deps.cookies, reply, session, userId);
      },
    });
    route(app, api.getHousehold, {
      handler: async (req) => service.readHousehold(deps, authOf(req)),
    });
    route(app, api.inviteSpouse, {
      handler: async (req, reply) =>
        reply.code(202).send(await service.inviteSpouse(deps, authOf(req), req.body, req.ip, languageOfRequest(req))),
    });
    route(app, api.revokeHouseholdInvitation, {
      handler: async (req, reply) => {
        await service.revokeInvitation(deps, authOf(req), req.params.id, req.ip);
        return reply.code(204).send(null);
      },
    });
    route(app, api.acceptHouseholdInvitation, {
      handler: async (req) => service.acceptInvitation(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.declineHouseholdInvitation, {
      handler: async (req) => service.declineInvitation(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.leaveHousehold, {
      handler: async (req) => service.leaveHousehold(deps, authOf(req), req.ip),
    });
  };
}
