import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, isStaffRole, MESSAGES, MFA_MESSAGES, type Role } from '@taxportal/contract';
import { hmacHex, safeEqual } from '../crypto.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { PrincipalCache } from './principal-cache.ts';
import { csrfHashOf, resolveApiToken, resolveSession, sessionIdOf, type AuthContext } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say so: the guard refuses anonymous callers everywhere else. */
    public?: boolean;
    /**
     * Answers staff who have no second factor yet (the session read and the factor set-up): every other private
     * route refuses them (docs/decisions/0019-a-second-factor-policy.md).
     */
    factorSetup?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface GuardDeps {
  db: Db;
  sessionSecret: Buffer;
  /** The session cookie's name (sessions.ts cookiePolicy: `__Host-` where the browser allows it). */
  sessionCookie: string;
  /**
   * Resolved callers kept for a few seconds (platform/auth/principal-cache.ts), with `settle`: resolves once
   * every revocation committed so far has reached the cache (the realtime hub's flush). Without them, every
   * request resolves its caller in the database.
   */
  principals?: { cache: PrincipalCache; settle: () => Promise<void> };
}

/**
 * Resolves the caller (session cookie or API token), enforces CSRF on cookie
 * sessions, and refuses anonymous calls to any route not marked public.
 */
export function registerAuthGuard(app: FastifyInstance, deps: GuardDeps): void {
  const cache = deps.principals?.cache;
  const session = (token: string) => resolveSession(deps.db, deps.sessionSecret, token);
  const apiToken = (header: string) => resolveApiToken(deps.db, deps.sessionSecret, header);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header) {
      request.auth = cache
        ? await cache.resolve(`t:${hmacHex(deps.sessionSecret, `header:${header}`)}`, () => apiToken(header))
        : await apiToken(header);
      if (!request.auth) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
      if (request.auth.tokenScope === 'read' && !SAFE_METHODS.has(request.method)) {
        throw new AppError('forbidden', MESSAGES.tokenReadOnly);
      }
    } else {
      const token = request.cookies[deps.sessionCookie];
      if (token)
        request.auth = cache
          ? await cache.resolve(`s:${sessionIdOf(deps.sessionSecret, token)}`, () => session(token))
          : await session(token);
      if (request.auth && !SAFE_METHODS.has(request.method)) {
        const sent = request.headers[CSRF_HEADER];
        const cookie = request.cookies[CSRF_COOKIE];
        const ok =
          typeof sent === 'string' &&
          sent === cookie &&
          request.auth.csrfHash !== null &&
          safeEqual(csrfHashOf(deps.sessionSecret, sent), request.auth.csrfHash);
        if (!ok) throw new AppError('csrf', MESSAGES.csrfMissing);
      }
    }
    const config = request.routeOptions.config;
    if (!config?.public && request.routeOptions.url) {
      if (!request.auth) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
      // Staff must have a second factor (FTC Safeguards Rule): until they set one up, nothing else answers.
      if (!request.auth.hasFactor && !config?.factorSetup && request.auth.roles.some(isStaffRole)) {
        throw new AppError('mfa_setup_required', MFA_MESSAGES.setupRequired);
      }
    }
  });
  // A change (sign-out, password change or reset, a revoked token, an admin's change to a user) answers only
  // once this server's cache has dropped whom it revoked: the very next request is refused here too, not just
  // within the milliseconds the notification takes.
  const settle = deps.principals?.settle;
  if (cache && settle) {
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method) && cache.size > 0) await settle();
    });
  }
}

/** The signed-in caller; only for routes the guard already protects. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  return request.auth;
}

/**
 * The check of an endpoint's `roles` and `sessionOnly` (route.ts adds it to every route that declares either): an
 * `onRequest` hook, so it runs right after the guard has read the credentials and before anything of the request is
 * parsed. A caller it refuses learns nothing of what the route would have made of their ids, query or body.
 */
export const refuseUnlessAllowed =
  (allowed: { roles?: readonly Role[] | undefined; sessionOnly?: string | undefined }): onRequestAsyncHookHandler =>
  async (request: FastifyRequest) => {
    const auth = authOf(request);
    if (allowed.sessionOnly && auth.via === 'token') throw new AppError('forbidden', allowed.sessionOnly);
    const roles = allowed.roles;
    if (roles && !auth.roles.some((r) => roles.includes(r))) throw new AppError('forbidden', MESSAGES.forbidden);
  };

export const isStaff = (auth: AuthContext): boolean => auth.roles.some(isStaffRole);
