import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { CookiePolicy } from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import * as devices from './device-sessions.ts';

export function deviceSessionRoutes(deps: { db: Db; sessionSecret: Buffer; cookies: CookiePolicy }) {
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: deps.cookies.secure };
  return async function routes(app: FastifyInstance) {
    route(app, api.listDeviceSessions, {
      handler: async (req) => ({
        items: await devices.listDeviceSessions(deps.db, deps.sessionSecret, authOf(req), languageOfRequest(req)),
      }),
    });

    route(app, api.revokeDeviceSession, {
      handler: async (req, reply) => {
        const { wasCurrent } = await devices.revokeDeviceSession(
          deps.db,
          deps.sessionSecret,
          authOf(req),
          req.params.id,
        );
        if (wasCurrent) {
          reply.clearCookie(deps.cookies.session, cookieBase);
          reply.clearCookie(CSRF_COOKIE, cookieBase);
        }
        return reply.code(204).send(null);
      },
    });

    route(app, api.revokeOtherSessions, {
      handler: async (req) => devices.revokeOtherSessions(deps.db, authOf(req)),
    });
  };
}
