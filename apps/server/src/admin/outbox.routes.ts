import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { outbox } from '../platform/db/schema.ts';
import { route } from '../platform/route.ts';

/** Admins read what the default mail transport "sent" (development and demos). */
export function outboxRoutes(db: Db) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listOutbox, {
      handler: async (req) => {
        const rows = await db.select().from(outbox).orderBy(desc(outbox.created_at)).limit(req.query.limit);
        const items = rows
          .filter((r) => !req.query.to || r.to === req.query.to.toLowerCase())
          .map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            created_at: r.created_at.toISOString(),
          }));
        return { items };
      },
    });
  };
}
