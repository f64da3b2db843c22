import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { loadUserWithRoles, type NewSession } from '../platform/auth/sessions.ts';
import { languageOfRequest, translate } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import type { AuthDeps } from './auth.service.ts';
import * as service from './auth.service.ts';
import * as throttle from './login-throttle.ts';
import * as mfa from './mfa.service.ts';
import * as passkeys from './passkeys.service.ts';

interface Cookies {
  device: string;
  setSession(reply: FastifyReply, s: NewSession): void;
  setDevice(reply: FastifyReply, value: string | null): void;
}

/** The second factors (TOTP, recovery codes, passkeys) and the admin's reset; staff without a factor reach these. */
export function mfaRoutes(app: FastifyInstance, deps: AuthDeps, cookies: Cookies, limit: () => object) {
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
  const setup = { factorSetup: true, ...limit() };

  route(app, api.getMfaStatus, {
    config: { factorSetup: true },
    handler: async (req) => mfa.status(deps, authOf(req)),
  });

  route(app, api.setupMfa, {
    config: setup,
    handler: async (req) => mfa.setup(deps, authOf(req)),
  });

  route(app, api.enableMfa, {
    config: setup,
    handler: async (req) => mfa.enable(deps, authOf(req), req.body.code, meta(req)),
  });

  route(app, api.disableMfa, {
    config: limit(),
    handler: async (req) => {
      const answer = await mfa.disable(deps, authOf(req), req.body, meta(req));
      return { ...answer, message: translate(languageOfRequest(req), answer.message) };
    },
  });

  route(app, api.passkeyRegisterOptions, {
    config: setup,
    handler: async (req) => passkeys.registrationOptions(deps, authOf(req)),
  });

  route(app, api.passkeyRegisterVerify, {
    config: setup,
    handler: async (req, reply) =>
      reply.code(201).send(await passkeys.register(deps, authOf(req), req.body, meta(req))),
  });

  route(app, api.passkeyLoginOptions, {
    config: limit(),
    handler: async () => passkeys.loginOptions(deps),
  });

  route(app, api.passkeyLoginVerify, {
    config: limit(),
    handler: async (req, reply) => {
      const userId = await passkeys.verifyLogin(deps, req.body.response);
      const device = throttle.deviceOf(deps.sessionSecret, userId, req.cookies[cookies.device]);
      const newDevice = device ? null : throttle.newDeviceCookie(deps.sessionSecret, userId);
      if (req.body.trust_device) {
        await mfa.trustDevice(deps, userId, device ?? throttle.deviceOf(deps.sessionSecret, userId, newDevice!)!);
      }
      const session = await service.startSession(deps, userId, meta(req), req.auth?.sessionId ?? null, 'passkey');
      cookies.setSession(reply, session);
      cookies.setDevice(reply, newDevice);
      const { user, roles } = (await loadUserWithRoles(deps.db, userId))!;
      return service.sessionView(deps.db, {
        user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
        roles,
        login_role: user.login_role as (typeof roles)[number],
        hasFactor: true,
      });
    },
  });

  route(app, api.renamePasskey, {
    handler: async (req) => passkeys.rename(deps, authOf(req), req.params.id, req.body.name),
  });

  route(app, api.deletePasskey, {
    handler: async (req, reply) => {
      await passkeys.remove(deps, authOf(req), req.params.id, meta(req));
      return reply.code(204).send(null);
    },
  });

  route(app, api.resetStaffFactors, {
    handler: async (req, reply) => {
      await mfa.resetFactors(deps, authOf(req), req.params.id, meta(req));
      return reply.code(204).send(null);
    },
  });
}
