import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import * as service from './referrals.service.ts';
import type { ReferralsDeps } from './referrals.service.ts';

/** The referral link, counts and tree (customers: their own; staff: all) and Admin's reward rule. */
export function referralsRoutes(deps: ReferralsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getReferralDashboard, {
      handler: async (req) => service.dashboard(deps, authOf(req)),
    });
    route(app, api.getReferralTree, {
      handler: async (req) => service.tree(deps, authOf(req), req.query),
    });
    route(app, api.sendReferralInvitation, {
      handler: async (req, reply) =>
        reply.code(202).send(await service.invite(deps, authOf(req), req.body, languageOfRequest(req))),
    });
    route(app, api.getReferralSettings, {
      handler: async () => service.getSettings(deps),
    });
    route(app, api.updateReferralSettings, {
      handler: async (req) => service.updateSettings(deps, authOf(req), req.body),
    });
  };
}
