import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../platform/db/client.ts';
import { notificationPreferences, notifications, users } from '../platform/db/schema.ts';

export interface NotificationRow {
  id: string;
  kind: string;
  ticket_id: string | null;
  ticket_name: string | null;
  title: string;
  body: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

const columns = sql`n.id::text as id, n.kind, n.ticket_id, t.name as ticket_name, n.title, n.body, n.read_at, n.created_at`;

export async function insertNotification(
  tx: Tx,
  n: { userId: string; kind: string; ticketId: string | null; title: string; body: string },
): Promise<NotificationRow> {
  const [inserted] = await tx
    .insert(notifications)
    .values({ user_id: n.userId, kind: n.kind, ticket_id: n.ticketId, title: n.title, body: n.body })
    .returning({ id: notifications.id });
  const [row] = await queryRows<NotificationRow>(
    tx,
    sql`select ${columns} from notifications n left join tickets t on t.id = n.ticket_id where n.id = ${inserted!.id}`,
  );
  return row!;
}

export async function listNotifications(
  db: Tx,
  userId: string,
  opts: { unreadOnly: boolean; before?: string | undefined; limit: number },
): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`select ${columns} from notifications n left join tickets t on t.id = n.ticket_id
        where n.user_id = ${userId}
          ${opts.unreadOnly ? sql`and n.read_at is null` : sql``}
          ${opts.before ? sql`and n.id < ${opts.before}::bigint` : sql``}
        order by n.id desc
        limit ${opts.limit}`,
  );
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
