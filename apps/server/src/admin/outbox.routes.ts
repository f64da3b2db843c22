import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { outbox } from '../platform/db/schema.ts';

const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/** Admins read what the default mail transport "sent" (development and demos). */
export function outboxRoutes(db: Db) {
  return async function routes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get('/api/v1/admin/outbox', {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Recent outgoing mail',
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ items: z.array(outboxItem) }) },
      },
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
