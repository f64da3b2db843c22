import type {
  Notification,
  NotificationKind,
  NotificationList,
  NotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@taxportal/contract';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import { notFound } from '../platform/errors.ts';
import * as repo from './notifications.repository.ts';

export const toNotification = (r: repo.NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  ticket_id: r.ticket_id,
  ticket_name: r.ticket_name,
  title: r.title,
  body: r.body,
  read: r.read_at !== null,
  created_at: r.created_at.toISOString(),
});

export async function listNotifications(
  db: Db,
  auth: AuthContext,
  q: { unread_only?: boolean | undefined; cursor?: string | undefined; limit: number },
): Promise<NotificationList> {
  const rows = await repo.listNotifications(db, auth.user.id, {
    unreadOnly: q.unread_only ?? false,
    before: q.cursor,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    unread_count: await repo.unreadCount(db, auth.user.id),
    items: page.map(toNotification),
    next_cursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function markRead(db: Db, auth: AuthContext, id: string) {
  if (!(await repo.markRead(db, auth.user.id, id))) throw notFound('Notification not found.');
  return { unread_count: await repo.unreadCount(db, auth.user.id) };
}

export async function markAllRead(db: Db, auth: AuthContext) {
  await repo.markAllRead(db, auth.user.id);
  return { unread_count: 0 };
}

export const getPreferences = (db: Db, auth: AuthContext): Promise<NotificationPreferences> =>
  repo.getPreferences(db, auth.user.id);

export async function updatePreferences(
  db: Db,
  auth: AuthContext,
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const current = await repo.getPreferences(db, auth.user.id);
  const next = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
  await repo.savePreferences(db, auth.user.id, next);
  return next;
}
