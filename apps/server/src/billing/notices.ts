import type { BillingDeps } from './billing.deps.ts';
import { unreadCount, type Notice } from './payments.repository.ts';

/**
 * After the commit: each billing notification reaches its user's open browsers the way every other
 * notification does (`notification.created` with the unread count, to that user only), so the bell and the
 * invoice panels change without a reload. A lost event undoes nothing: the client refetches on reconnect.
 */
export async function publishNotices(
  deps: Pick<BillingDeps, 'db' | 'hub' | 'log'>,
  notices: readonly (Notice | null | undefined)[],
): Promise<void> {
  if (!deps.hub) return;
  for (const n of notices) {
    if (!n) continue;
    try {
      await deps.hub.publish(
        { users: [n.userId] },
        {
          type: 'notification.created',
          notification: n.notification,
          unread_count: await unreadCount(deps.db, n.userId),
        },
      );
    } catch (err) {
      deps.log.error(
        { err: (err as Error).message, notification_id: n.notification.id },
        'billing notice not published',
      );
    }
  }
}
