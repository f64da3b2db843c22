import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DeviceSession, Language } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { IDLE_TIMEOUT_MS, type AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { sessions } from '../platform/db/schema.ts';
import { notFound } from '../platform/errors.ts';
import { describeDevice, describePlace } from './devices.ts';

/**
 * The caller's sessions and devices. A session's key (an HMAC of its cookie) never leaves the server: the list
 * names each one by another HMAC of it, good only for this list.
 */
const listIdOf = (secret: Buffer, sessionId: string) => hmacHex(secret, `session-list:${sessionId}`).slice(0, 32);

async function activeSessions(db: Db, userId: string) {
  const now = Date.now();
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        gt(sessions.expires_at, new Date(now)),
        gt(sessions.last_seen_at, new Date(now - IDLE_TIMEOUT_MS)),
      ),
    )
    .orderBy(desc(sessions.last_seen_at));
}

/** `language`: the reader's (the request's), which the devices and places are described in. */
export async function listDeviceSessions(
  db: Db,
  secret: Buffer,
  auth: AuthContext,
  language: Language,
): Promise<DeviceSession[]> {
  return (await activeSessions(db, auth.user.id)).map((s) => ({
    id: listIdOf(secret, s.id),
    device: describeDevice(s.user_agent, language),
    place: describePlace(s.ip, language),
    ip: s.ip,
    created_at: s.created_at.toISOString(),
    last_seen_at: s.last_seen_at.toISOString(),
    current: s.id === auth.sessionId,
  }));
}

/** Ends one session of the caller; the database's trigger drops it from every server's cache. */
export async function revokeDeviceSession(db: Db, secret: Buffer, auth: AuthContext, listId: string) {
  const match = (await activeSessions(db, auth.user.id)).find((s) => listIdOf(secret, s.id) === listId);
  if (!match) throw notFound();
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.user_id, auth.user.id)));
    await audit(tx, { actorId: auth.user.id, action: 'session.revoked', entityType: 'user', entityId: auth.user.id });
  });
  return { wasCurrent: match.id === auth.sessionId };
}

export async function revokeOtherSessions(db: Db, auth: AuthContext) {
  return db.transaction(async (tx) => {
    const where = auth.sessionId
      ? and(eq(sessions.user_id, auth.user.id), ne(sessions.id, auth.sessionId))
      : eq(sessions.user_id, auth.user.id);
    const gone = await tx.delete(sessions).where(where).returning({ id: sessions.id });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'session.revoked_others',
      entityType: 'user',
      entityId: auth.user.id,
      meta: { count: gone.length },
    });
    return { revoked: gone.length };
  });
}
