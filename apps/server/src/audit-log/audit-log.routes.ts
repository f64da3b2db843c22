import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';
import { exportAuditLog, listAuditLog, verifyAuditLog } from './audit-log.service.ts';

/** The audit log viewer's API: Admin only (docs/decisions/0014). */
export function auditLogRoutes(db: Db) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listAuditLog, {
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return listAuditLog(db, req.query);
      },
    });
    route(app, api.exportAuditLog, {
      handler: async (req, reply) => {
        const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
        const csv = await exportAuditLog(db, authOf(req), req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    });
    route(app, api.verifyAuditLog, {
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return verifyAuditLog(db, authOf(req));
      },
    });
  };
}
