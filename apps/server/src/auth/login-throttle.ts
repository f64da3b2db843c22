import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hmacHex, randomToken, safeEqual } from '../platform/crypto.ts';
import type { Tx } from '../platform/db/client.ts';
import { loginFailures } from '../platform/db/schema.ts';

/**
 * The sign-in throttle (docs/decisions/0011): wrong passwords slow down the client that sends them, never
 * lock the account for its owner.
 *
 * - A client is a browser that signed in to this account before (its signed device cookie), else an IP.
 *   Each client has FREE_FAILURES tries per window; after that it waits FIRST_DELAY_MS, doubling with each
 *   further failure up to MAX_DELAY_MS. An attacker slows down only themselves.
 * - Guessing from many IPs: past UNTRUSTED_ACCOUNT_LIMIT failures from clients without the account's device
 *   cookie, such clients wait until the window has passed. The owner's own browser (device cookie) still signs
 *   in; on a new browser, the e-mailed password-reset link proves the mailbox, clears the count and gives the
 *   browser a device cookie.
 * Failures are rows in `login_failures`, so every app server applies the same counts.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 30 * 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
export const UNTRUSTED_ACCOUNT_LIMIT = 20;
/** How long a browser stays known to an account. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface Client {
  email: string;
  ip: string;
  /** The id of a valid device cookie of this account, or null. */
  device: string | null;
}

const signature = (secret: Buffer, userId: string, id: string) => hmacHex(secret, `device:${userId}:${id}`);

/** A new device cookie value for the account: an id and its HMAC, bound to the user. */
export function newDeviceCookie(secret: Buffer, userId: string): string {
  const id = randomToken(16);
  return `${id}.${signature(secret, userId, id)}`;
}

/** The device id if the cookie was issued to this account by this server, else null. */
export function deviceOf(secret: Buffer, userId: string, cookie: string | undefined): string | null {
  const [id, sig] = (cookie ?? '').split('.');
  return id && sig && safeEqual(sig, signature(secret, userId, id)) ? id : null;
}

const clientRows = (c: Client) =>
  c.device ? eq(loginFailures.device, c.device) : and(isNull(loginFailures.device), eq(loginFailures.ip, c.ip));

/** Seconds the client must wait before its next try, or 0. */
export async function retryAfter(db: Tx, c: Client, now = Date.now()): Promise<number> {
  const since = new Date(now - WINDOW_MS);
  const recent = and(eq(loginFailures.email, c.email), gt(loginFailures.created_at, since));
  const [mine] = await db
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<number | null>`(extract(epoch from max(${loginFailures.created_at})) * 1000)::float8`,
    })
    .from(loginFailures)
    .where(and(recent, clientRows(c)));
  let until = 0;
  if (mine && mine.n >= FREE_FAILURES && mine.last !== null) {
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (mine.n - FREE_FAILURES));
    until = Number(mine.last) + delay;
  }
  if (!c.device) {
    // The UNTRUSTED_ACCOUNT_LIMIT-th newest untrusted failure: when it leaves the window, tries resume.
    const [nth] = await db
      .select({ at: loginFailures.created_at })
      .from(loginFailures)
      .where(and(recent, isNull(loginFailures.device)))
      .orderBy(sql`${loginFailures.created_at} desc`)
      .offset(UNTRUSTED_ACCOUNT_LIMIT - 1)
      .limit(1);
    if (nth) until = Math.max(until, nth.at.getTime() + WINDOW_MS);
  }
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailure(db: Tx, c: Client): Promise<void> {
  await db.insert(loginFailures).values({ id: randomUUID(), email: c.email, ip: c.ip, device: c.device });
}

/** A right password clears the client's own failures, not others' (an attacker's count stays). */
export async function clearClientFailures(db: Tx, c: Client): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, c.email), clientRows(c)));
}

/** The mailbox was proven (password reset): the account starts afresh. */
export async function clearAccountFailures(db: Tx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
