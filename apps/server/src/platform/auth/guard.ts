import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isStaffRole, MESSAGES, type Role } from '@taxportal/contract';
import { safeEqual } from '../crypto.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { CSRF_COOKIE, CSRF_HEADER, csrfHashOf, resolveApiToken, resolveSession, type AuthContext } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say so: the guard refuses anonymous callers everywhere else. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller (session cookie or API token), enforces CSRF on cookie
 * sessions, and refuses anonymous calls to any route not marked public.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { db: Db; sessionSecret: Buffer; sessionCookie: string },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header) {
      request.auth = await resolveApiToken(deps.db, deps.sessionSecret, header);
      if (!request.auth) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
      if (request.auth.tokenScope === 'read' && !SAFE_METHODS.has(request.method)) {
        throw new AppError('forbidden', MESSAGES.tokenReadOnly);
      }
    } else {
      const token = request.cookies[deps.sessionCookie];
      if (token) request.auth = await resolveSession(deps.db, deps.sessionSecret, token);
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
    if (!request.routeOptions.config?.public && !request.auth && request.routeOptions.url) {
      throw new AppError('unauthenticated', MESSAGES.unauthenticated);
    }
  });
}

/** The signed-in caller; only for routes the guard already protects. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  return request.auth;
}

export const requireRole =
  (...allowed: Role[]): preHandlerAsyncHookHandler =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = authOf(request);
    if (!auth.roles.some((r) => allowed.includes(r))) throw new AppError('forbidden', MESSAGES.forbidden);
  };

export const requireStaff: preHandlerAsyncHookHandler = async (request) => {
  const auth = authOf(request);
  if (!auth.roles.some(isStaffRole)) throw new AppError('forbidden', MESSAGES.forbidden);
};

export const isStaff = (auth: AuthContext): boolean => auth.roles.some(isStaffRole);
