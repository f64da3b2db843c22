import type {
  Language,
  Notification,
  NotificationKind,
  NotificationList,
  NotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { TFunction } from 'i18next';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
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
  if (!(await repo.markRead(db, auth.user.id, id))) throw notFound(TICKET_TEXTS.notifications.notFound);
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

/** A notification's title and body: as given, or written for each recipient in their language (`t` in it). */
export type NotificationText =
  { title: string; body: string } | { write: (t: TFunction, language: Language) => { title: string; body: string } };

/**
 * Notifies users of something that is not a ticket's activity (a visitor's enquiry): a row each in the caller's
 * transaction, written in the recipient's language when `write` is given; the returned function, run after it
 * commits, pushes them to open browsers.
 */
export async function notifyUsers(
  tx: Tx,
  deps: { db: Db; hub: RealtimeHub },
  userIds: readonly string[],
  n: { kind: NotificationKind } & NotificationText,
): Promise<() => Promise<void>> {
  const created: { userId: string; notification: Notification }[] = [];
  for (const userId of userIds) {
    let text = n as { title: string; body: string };
    if ('write' in n) {
      const language = recipientLanguage(await savedLanguage(tx, userId));
      text = n.write(textsIn(language), language);
    }
    const row = await repo.insertNotification(tx, {
      userId,
      kind: n.kind,
      ticketId: null,
      title: text.title,
      body: text.body,
    });
    created.push({ userId, notification: toNotification(row) });
  }
  return () => pushCreated(deps, created);
}

/** After the rows commit: each new notification to its user's open browsers, with their unread count. */
export async function pushCreated(
  deps: { db: Db; hub: RealtimeHub },
  created: readonly { userId: string; notification: Notification }[],
): Promise<void> {
  for (const c of created) {
    const unread = await repo.unreadCount(deps.db, c.userId);
    await deps.hub.publish(
      { users: [c.userId] },
      { type: 'notification.created', notification: c.notification, unread_count: unread },
    );
  }
}
