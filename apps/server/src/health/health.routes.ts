import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, readySchema } from '@taxportal/contract';
import type { Database } from '../platform/db/client.ts';

export function healthRoutes(database: Database) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/health', {
      config: { public: true },
      schema: { tags: ['Health'], summary: 'Liveness', response: { 200: healthSchema } },
      handler: async () => ({ status: 'ok' as const }),
    });
    r.get('/api/ready', {
      config: { public: true },
      schema: {
        tags: ['Health'],
        summary: 'Database reachable and migrations applied',
        response: { 200: readySchema, 503: readySchema },
      },
      handler: async (_req, reply) => {
        const dbOk = await database.ping();
        const migrated = dbOk && (await database.isMigrated());
        const ready = dbOk && migrated;
        return reply
          .code(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not_ready', database: dbOk, migrations: migrated });
      },
    });
  };
}
