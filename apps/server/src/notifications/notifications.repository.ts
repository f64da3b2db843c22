import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { notificationPreferences, notifications, tickets, users } from '../platform/db/schema.ts';

/** The id as text: a bigint, past what a JavaScript number holds exactly. */
const columns = {
  id: sql<string>`${notifications.id}::text`,
  kind: notifications.kind,
  ticket_id: notifications.ticket_id,
  ticket_name: tickets.name,
  title: notifications.title,
  body: notifications.body,
  read_at: notifications.read_at,
  created_at: notifications.created_at,
};

const selectNotifications = (db: Tx) =>
  db.select(columns).from(notifications).leftJoin(tickets, eq(tickets.id, notifications.ticket_id));
export type NotificationRow = Awaited<ReturnType<typeof selectNotifications>>[number];

export async function insertNotification(
  tx: Tx,
  n: { userId: string; kind: string; ticketId: string | null; title: string; body: string },
): Promise<NotificationRow> {
  const [inserted] = await tx
    .insert(notifications)
    .values({ user_id: n.userId, kind: n.kind, ticket_id: n.ticketId, title: n.title, body: n.body })
    .returning({ id: notifications.id });
  const [row] = await selectNotifications(tx).where(eq(notifications.id, inserted!.id));
  return row!;
}

export async function listNotifications(
  db: Tx,
  userId: string,
  opts: { unreadOnly: boolean; before?: string | undefined; limit: number },
): Promise<NotificationRow[]> {
  return selectNotifications(db)
    .where(
      and(
        eq(notifications.user_id, userId),
        opts.unreadOnly ? isNull(notifications.read_at) : undefined,
        opts.before ? sql`${notifications.id} < ${opts.before}::bigint` : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(opts.limit);
}

export async function unreadCount(db: Tx, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
}

/** Only the owner's notification; false when there is none of that id for them. */
export async function markRead(db: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, Number(id)), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Tx, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
}

export const DEFAULT_PREFERENCES = {
  email_on_status_change: true,
  email_on_staff_reply: true,
  email_on_customer_reply: true,
};
export type Preferences = typeof DEFAULT_PREFERENCES;

export async function getPreferences(db: Tx, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, userId));
  return row
    ? {
        email_on_status_change: row.email_on_status_change,
        email_on_staff_reply: row.email_on_staff_reply,
        email_on_customer_reply: row.email_on_customer_reply,
      }
    : { ...DEFAULT_PREFERENCES };
}

export async function savePreferences(db: Tx, userId: string, prefs: Preferences): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ user_id: userId, ...prefs })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set: { ...prefs, updated_at: sql`now()` } });
}

export async function findUserEmail(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
