import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { MESSAGES, type Role } from '@taxportal/contract';
import { hmacHex, randomToken } from '../crypto.ts';
import type { Db, Tx } from '../db/client.ts';
import { accountStates, apiTokens, passkeys, sessions, userRoles, users, userTotp } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * The session cookie is `__Host-tp_session`: Secure, Path=/, no Domain, so neither a sibling subdomain nor a
 * plain-http page can set or overwrite it. Browsers keep Secure cookies from http://localhost and 127.0.0.1, so
 * this holds in development and the e2e browser too. Only development served over plain http on another host
 * (a LAN address), where a browser would drop a Secure cookie, falls back to `tp_session` without Secure
 * (docs/decisions/0011). The readable CSRF cookie keeps its name (contract common/csrf.ts, API.md).
 */
export interface CookiePolicy {
  secure: boolean;
  session: string;
  /** The signed "this browser signed in before" cookie of the sign-in throttle (auth/login-throttle.ts). */
  device: string;
}
export function cookiePolicy(config: { NODE_ENV: string; PUBLIC_URL: string }): CookiePolicy {
  const url = new URL(config.PUBLIC_URL);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  const secure = config.NODE_ENV !== 'development' || url.protocol === 'https:' || loopback;
  return secure
    ? { secure, session: '__Host-tp_session', device: '__Host-tp_device' }
    : { secure, session: 'tp_session', device: 'tp_device' };
}
export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
}
export interface AuthContext {
  user: AuthUser;
  roles: Role[];
  login_role: Role;
  via: 'session' | 'token';
  /** An API token's scope ('read': safe methods only); null for a session. */
  tokenScope: 'read' | 'write' | null;
  sessionId: string | null;
  /** HMAC of the CSRF token bound to this session. */
  csrfHash: string | null;
  /** The user has a second factor (an enabled TOTP app or a passkey): staff without one may only set one up. */
  hasFactor: boolean;
  /** When the principal stops being valid whatever happens (a session's absolute end); caches honour it. */
  expiresAt?: Date | null;
}

/** A user's roles as one column (a JSON array), so that a session resolves in one query. */
const rolesOfUser = sql<
  Role[]
>`coalesce((select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.user_id} = ${users.id}), '[]'::json)`;

/**
 * Whether the user has a second factor, as one column (docs/decisions/0019-a-second-factor-policy.md). `user` is
 * the user's id as a value, or `users.id` in a query that joins another table: drizzle writes a single-table
 * select's columns without their table's name, and an unqualified "id" inside the passkeys subquery would be the
 * passkey's own id (a passkey-only account then looked factor-less at sign-in, and the password alone let it in).
 */
const hasFactorOf = (user: string | typeof users.id) =>
  sql<boolean>`(exists (select 1 from ${userTotp} where ${userTotp.user_id} = ${user} and ${userTotp.enabled_at} is not null) or exists (select 1 from ${passkeys} where ${passkeys.user_id} = ${user}))`;
const hasFactorOfUser = hasFactorOf(users.id);

export async function userHasFactor(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ has: hasFactorOf(userId) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has === true;
}

export async function loadUserWithRoles(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const roleRows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId));
  return { user, roles: roleRows.map((r) => r.role as Role) };
}

function toContext(
  loaded: NonNullable<Awaited<ReturnType<typeof loadUserWithRoles>>>,
  via: AuthContext['via'],
  sessionId: string | null,
  csrfHash: string | null,
  tokenScope: AuthContext['tokenScope'],
  hasFactor: boolean,
): AuthContext {
  const { user, roles } = loaded;
  return {
    user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
    roles,
    login_role: user.login_role as Role,
    via,
    tokenScope,
    sessionId,
    csrfHash,
    hasFactor,
  };
}

export interface NewSession {
  token: string;
  csrf: string;
  expiresAt: Date;
}

export async function createSession(
  db: Tx,
  secret: Buffer,
  userId: string,
  meta: { ip?: string; userAgent?: string | undefined },
): Promise<NewSession> {
  // Every way of signing in ends here: a deactivated or closed account gets no session, whatever it proved.
  if (!(await isAccountActive(db, userId))) throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  const token = randomToken(32);
  const csrf = randomToken(24);
  const expiresAt = new Date(Date.now() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(sessions).values({
    id: hmacHex(secret, `session:${token}`),
    user_id: userId,
    csrf_hash: hmacHex(secret, `csrf:${csrf}`),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    expires_at: expiresAt,
  });
  return { token, csrf, expiresAt };
}

/** False once an Admin deactivated the account or its owner closed it (table account_states). */
export async function isAccountActive(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ state: accountStates.state })
    .from(accountStates)
    .where(eq(accountStates.user_id, userId));
  return !row;
}

export const sessionIdOf = (secret: Buffer, token: string) => hmacHex(secret, `session:${token}`);
export const csrfHashOf = (secret: Buffer, csrf: string) => hmacHex(secret, `csrf:${csrf}`);

export async function resolveSession(db: Db, secret: Buffer, token: string): Promise<AuthContext | null> {
  const id = sessionIdOf(secret, token);
  const now = new Date();
  // One query: the session, its user and the user's roles (this runs on every request).
  const [row] = await db
    .select({ session: sessions, user: users, roles: rolesOfUser, hasFactor: hasFactorOfUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
  }
  return {
    ...toContext(
      { user: row.user, roles: row.roles },
      'session',
      id,
      row.session.csrf_hash,
      null,
      row.hasFactor === true,
    ),
    expiresAt: row.session.expires_at,
  };
}

export async function resolveApiToken(db: Db, secret: Buffer, header: string): Promise<AuthContext | null> {
  const m = /^token\s+([^:\s]+):(\S+)$/i.exec(header.trim());
  if (!m) return null;
  const [, key, tokenSecret] = m as unknown as [string, string, string];
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.key, key),
        eq(apiTokens.secret_hash, hmacHex(secret, `api:${tokenSecret}`)),
        isNull(apiTokens.revoked_at),
        gt(apiTokens.expires_at, sql`now()`),
      ),
    );
  if (!row) return null;
  await db
    .update(apiTokens)
    .set({ last_used_at: sql`now()` })
    .where(eq(apiTokens.id, row.id));
  const loaded = await loadUserWithRoles(db, row.user_id);
  if (!loaded) return null;
  // The principal cache keeps a token no longer than it lives.
  return {
    ...toContext(
      loaded,
      'token',
      null,
      null,
      row.scope === 'read' ? 'read' : 'write',
      await userHasFactor(db, row.user_id),
    ),
    expiresAt: row.expires_at,
  };
}

export async function deleteSession(db: Tx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except `keep` when given (the caller's own). */
export async function deleteUserSessions(db: Tx, userId: string, keep?: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.user_id, userId), ne(sessions.id, keep)) : eq(sessions.user_id, userId));
}
