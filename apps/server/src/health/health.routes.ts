import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import type { Database } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';

export function healthRoutes(database: Database) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getHealth, { handler: async () => ({ status: 'ok' as const }) });
    route(app, api.getReady, {
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
