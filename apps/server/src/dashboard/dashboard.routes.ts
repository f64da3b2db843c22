import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import type { Db } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';
import { dashboardFor } from './dashboard.service.ts';

export function dashboardRoutes(deps: { db: Db }) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getDashboard, {
      handler: async (req) => dashboardFor(deps.db, authOf(req), languageOfRequest(req)),
    });
  };
}
