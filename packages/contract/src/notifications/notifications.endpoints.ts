import { endpoint } from '../common/endpoint.ts';
import {
  listNotificationsQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  unreadCountSchema,
} from './notifications.ts';
import { notificationPreferencesSchema, updateNotificationPreferencesBodySchema } from './preferences.ts';

const tags = ['Notifications'];

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/v1/notifications',
  tags,
  summary: "The caller's notifications, newest first, with the unread count",
  query: listNotificationsQuerySchema,
  response: { 200: notificationListSchema },
});

export const markNotificationRead = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
  tags,
  summary: 'Mark one notification read',
  params: notificationParamsSchema,
  response: { 200: unreadCountSchema },
});

export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/v1/notifications/read-all',
  tags,
  summary: 'Mark every notification read',
  response: { 200: unreadCountSchema },
});

export const getNotificationPreferences = endpoint({
  method: 'GET',
  path: '/api/v1/notifications/preferences',
  tags,
  summary: 'Which e-mails the caller gets',
  response: { 200: notificationPreferencesSchema },
});

export const updateNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/api/v1/notifications/preferences',
  tags,
  summary: 'Switch e-mails on or off',
  body: updateNotificationPreferencesBodySchema,
  response: { 200: notificationPreferencesSchema },
});

/** Server-Sent Events: the browser's EventSource reads it; each event parses with realtimeEventSchema. */
export const streamEvents = endpoint({
  method: 'GET',
  path: '/api/v1/events',
  answers: { 200: { description: 'Server-sent events, until the client leaves', contentType: 'text/event-stream' } },
  tags,
  summary: 'Live events for the signed-in user (Server-Sent Events)',
  description:
    'text/event-stream of new messages, status changes, assignments and notifications concerning the caller; see realtimeEventSchema in the contract.',
});
