import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf, isStaff } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { streamEvents, type RealtimeHub } from '../platform/realtime.ts';
import { route } from '../platform/route.ts';
import * as service from './notifications.service.ts';

export function notificationsRoutes(deps: { db: Db; hub: RealtimeHub }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    route(app, api.listNotifications, {
      handler: async (req) => service.listNotifications(db, authOf(req), req.query),
    });

    route(app, api.markNotificationRead, {
      handler: async (req) => service.markRead(db, authOf(req), req.params.id),
    });

    route(app, api.markAllNotificationsRead, { handler: async (req) => service.markAllRead(db, authOf(req)) });

    route(app, api.getNotificationPreferences, { handler: async (req) => service.getPreferences(db, authOf(req)) });

    route(app, api.updateNotificationPreferences, {
      handler: async (req) => service.updatePreferences(db, authOf(req), req.body),
    });

    route(app, api.streamEvents, {
      handler: async (req, reply) => {
        const auth = authOf(req);
        streamEvents(req, reply, deps.hub, { userId: auth.user.id, isStaff: isStaff(auth) });
      },
    });
  };
}
