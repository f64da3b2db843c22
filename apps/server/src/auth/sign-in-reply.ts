import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, type Session } from '@taxportal/contract';
import {
  ABSOLUTE_TIMEOUT_MS,
  loadUserWithRoles,
  userHasFactor,
  type CookiePolicy,
  type NewSession,
} from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import { sessionView } from './auth.service.ts';

/**
 * Signs the browser in on a reply: the session cookie and the readable CSRF cookie (as auth.routes.ts does at
 * sign-in), and answers the session view. For features that end in a sign-in (an accepted staff invitation).
 */
export async function signInReply(
  db: Db,
  cookies: CookiePolicy,
  reply: FastifyReply,
  session: NewSession,
  userId: string,
): Promise<Session> {
  const base = { path: '/', sameSite: 'lax' as const, secure: cookies.secure };
  const maxAge = Math.floor(ABSOLUTE_TIMEOUT_MS / 1000);
  reply.setCookie(cookies.session, session.token, { ...base, httpOnly: true, maxAge });
  reply.setCookie(CSRF_COOKIE, session.csrf, { ...base, httpOnly: false, maxAge });
  const { user, roles } = (await loadUserWithRoles(db, userId))!;
  return sessionView(db, {
    user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
    roles,
    login_role: user.login_role as (typeof roles)[number],
    // Staff without a factor are sent to set one up (the guard's rule), from their first page on.
    hasFactor: await userHasFactor(db, userId),
  });
}
