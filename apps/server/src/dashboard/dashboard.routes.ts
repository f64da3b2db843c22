import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { dashboardFor } from './dashboard.service.ts';

export function dashboardRoutes(deps: { db: Db }) {
  return async function routes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get('/api/v1/dashboard', {
      schema: {
        tags: ['Dashboard'],
        summary: "The caller's dashboard: a customer's tickets and what waits on them, or staff's pipeline figures",
        response: { 200: dashboardSchema },
      },
      handler: async (req) => dashboardFor(deps.db, authOf(req)),
    });
  };
}
