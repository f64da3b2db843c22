import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listNotificationsQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  updateNotificationPreferencesBodySchema,
} from '@taxportal/contract';
import { authOf, isStaff } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { streamEvents, type RealtimeHub } from '../platform/realtime.ts';
import * as service from './notifications.service.ts';

const tags = ['Notifications'];

export function notificationsRoutes(deps: { db: Db; hub: RealtimeHub }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/notifications', {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListSchema },
      },
      handler: async (req) => service.listNotifications(db, authOf(req), req.query),
    });

    r.post('/api/v1/notifications/:id/read', {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: notificationParamsSchema,
        response: { 200: unreadCountSchema },
      },
      handler: async (req) => service.markRead(db, authOf(req), req.params.id),
    });

    r.post('/api/v1/notifications/read-all', {
      schema: { tags, summary: 'Mark every notification read', response: { 200: unreadCountSchema } },
      handler: async (req) => service.markAllRead(db, authOf(req)),
    });

    r.get('/api/v1/notifications/preferences', {
      schema: { tags, summary: 'Which e-mails the caller gets', response: { 200: notificationPreferencesSchema } },
      handler: async (req) => service.getPreferences(db, authOf(req)),
    });

    r.put('/api/v1/notifications/preferences', {
      schema: {
        tags,
        summary: 'Switch e-mails on or off',
        body: updateNotificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema },
      },
      handler: async (req) => service.updatePreferences(db, authOf(req), req.body),
    });

    r.get('/api/v1/events', {
      schema: {
        tags,
        summary: 'Live events for the signed-in user (Server-Sent Events)',
        description:
          'text/event-stream of new messages, status changes, assignments and notifications concerning the caller; see realtimeEventSchema in the contract.',
      },
      handler: async (req, reply) => {
        const auth = authOf(req);
        streamEvents(req, reply, deps.hub, { userId: auth.user.id, isStaff: isStaff(auth) });
      },
    });
  };
}
