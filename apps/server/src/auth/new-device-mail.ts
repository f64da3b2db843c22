import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { auditLog } from '../platform/db/schema.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { savedLanguage } from '../platform/users.ts';
import { describeDevice, describePlace } from './devices.ts';

/**
 * A sign-in from a browser that never signed in to this account before (no valid device cookie, see
 * login-throttle.ts) is told to the account's owner, who can end it from their profile, in their language.
 */
export async function mailNewDevice(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  user: { id: string; email: string; full_name: string },
  meta: { ip: string; userAgent?: string | undefined },
  now = new Date(),
): Promise<void> {
  const language = recipientLanguage(await savedLanguage(deps.db, user.id));
  const t = textsIn(language);
  await deps.mailer.send({
    to: user.email,
    subject: t('account.newDevice.subject'),
    text: [
      t('mail.hello', { name: user.full_name }),
      '',
      t('account.newDevice.body'),
      `  ${t('account.newDevice.device', { device: describeDevice(meta.userAgent, language) })}`,
      `  ${t('account.newDevice.place', { place: describePlace(meta.ip, language) })}`,
      `  ${t('account.newDevice.time', { time: now.toISOString().slice(0, 16).replace('T', ' ') })}`,
      '',
      t('account.newDevice.advice'),
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
