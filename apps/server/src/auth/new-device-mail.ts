import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { auditLog } from '../platform/db/schema.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { describeDevice, describePlace } from './devices.ts';

/**
 * A sign-in from a browser that never signed in to this account before (no valid device cookie, see
 * login-throttle.ts) is told to the account's owner, who can end it from their profile.
 */
export async function mailNewDevice(
  deps: { mailer: Mailer; publicUrl: string },
  user: { email: string; full_name: string },
  meta: { ip: string; userAgent?: string | undefined },
  now = new Date(),
): Promise<void> {
  await deps.mailer.send({
    to: user.email,
    subject: 'New sign-in to your Tax Portal account',
    text: [
      `Hello ${user.full_name},`,
      '',
      'Your Tax Portal account was just signed in to from a device it had not seen before:',
      `  Device: ${describeDevice(meta.userAgent)}`,
      `  Place: ${describePlace(meta.ip)}`,
      `  Time: ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      'If this was you, there is nothing to do. If not, change your password and end that session from',
      `${deps.publicUrl}/my-profile/security`,
    ].join('\n'),
  });
}

/** Whether the account signed in before (the audit log's sign-ins): a first sign-in is not a new device. */
export async function signedInBefore(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(and(eq(auditLog.entity_type, 'user'), eq(auditLog.entity_id, userId), eq(auditLog.action, 'user.login')))
    .limit(1);
  return !!row;
}
