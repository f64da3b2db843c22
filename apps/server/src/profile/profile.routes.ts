import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { CookiePolicy } from '../platform/auth/sessions.ts';
import { languageOfRequest, translate } from '../platform/i18n.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { route } from '../platform/route.ts';
import { buildExport } from './profile-export.ts';
import * as service from './profile.service.ts';

/** An answer with its message (a catalogue text) in the reader's language. */
const said = <T extends { message: string }>(req: FastifyRequest, answer: T) => ({
  ...answer,
  message: translate(languageOfRequest(req), answer.message),
});

export function profileRoutes(
  deps: service.ProfileDeps & { files: FileStore; cookies: CookiePolicy; ratePerMinute: number },
) {
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: deps.cookies.secure };
  const limit = { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute' } };
  return async function routes(app: FastifyInstance) {
    route(app, api.getProfile, { handler: async (req) => service.getProfile(deps.db, authOf(req)) });

    route(app, api.updateProfile, {
      handler: async (req) => service.updateProfile(deps.db, authOf(req), req.body),
    });

    route(app, api.requestEmailChange, {
      config: limit,
      handler: async (req, reply) =>
        reply.code(202).send(said(req, await service.requestEmailChange(deps, authOf(req), req.body))),
    });

    route(app, api.confirmEmailChange, {
      config: limit,
      handler: async (req) => said(req, await service.confirmEmailChange(deps, req.body.token)),
    });

    route(app, api.exportProfile, {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const { stream, fileName } = await buildExport(deps, authOf(req));
        stream.on('error', (err) => req.log.error({ err, user: authOf(req).user.id }, 'export failed'));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    });

    route(app, api.closeAccount, {
      config: limit,
      handler: async (req, reply) => {
        const answer = await service.closeAccount(deps, authOf(req), req.body.password);
        reply.clearCookie(deps.cookies.session, cookieBase);
        reply.clearCookie(CSRF_COOKIE, cookieBase);
        return said(req, answer);
      },
    });
  };
}
