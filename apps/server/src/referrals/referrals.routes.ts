import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf, requireRole } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import * as service from './referrals.service.ts';
import type { ReferralsDeps } from './referrals.service.ts';

/** The referral link, counts and tree (customers: their own; staff: all) and Admin's reward rule. */
export function referralsRoutes(deps: ReferralsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getReferralDashboard, {
      preValidation: requireRole('Customer'),
      handler: async (req) => service.dashboard(deps, authOf(req)),
    });
    route(app, api.getReferralTree, {
      handler: async (req) => service.tree(deps, authOf(req), req.query),
    });
    route(app, api.sendReferralInvitation, {
      preValidation: requireRole('Customer'),
      handler: async (req, reply) => reply.code(202).send(await service.invite(deps, authOf(req), req.body)),
    });
    route(app, api.getReferralSettings, {
      preValidation: requireRole('Admin'),
      handler: async () => service.getSettings(deps),
    });
    route(app, api.updateReferralSettings, {
      preValidation: requireRole('Admin'),
      handler: async (req) => service.updateSettings(deps, authOf(req), req.body),
    });
  };
}
