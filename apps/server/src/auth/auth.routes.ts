import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, endpoints as api, MESSAGES } from '@taxportal/contract';
import { saveLanguage } from '../platform/users.ts';
import { languageOfRequest, translate } from '../platform/i18n.ts';
import { authOf } from '../platform/auth/guard.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  deleteSession,
  loadUserWithRoles,
  type CookiePolicy,
  type NewSession,
} from '../platform/auth/sessions.ts';
import { route } from '../platform/route.ts';
import * as repo from './auth.repository.ts';
import * as service from './auth.service.ts';
import type { AuthDeps } from './auth.service.ts';
import { DEVICE_MAX_AGE_S } from './login-throttle.ts';
import { mfaRoutes } from './mfa.routes.ts';
import type { Oidc } from './oidc.service.ts';
import { typedPhone, type PhoneDeps } from './phone.service.ts';
import { signInMethodsRoutes } from './sign-in-methods.routes.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
/** An answer's message (a catalogue text) in the reader's language. */
const said = (req: FastifyRequest, message: string) => translate(languageOfRequest(req), message);
export function authRoutes(
  deps: AuthDeps & { cookies: CookiePolicy; ratePerMinute: number; phone: PhoneDeps; oidc: Oidc },
) {
  const { cookies } = deps;
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: cookies.secure };
  const setDeviceCookie = (reply: FastifyReply, value: string | null) => {
    if (value) reply.setCookie(cookies.device, value, { ...cookieBase, httpOnly: true, maxAge: DEVICE_MAX_AGE_S });
  };
  const setSessionCookies = (reply: FastifyReply, s: NewSession) => {
    const maxAge = Math.floor(ABSOLUTE_TIMEOUT_MS / 1000);
    reply.setCookie(cookies.session, s.token, { ...cookieBase, httpOnly: true, maxAge });
    // Readable by the page so it can echo it in x-csrf-token (double submit, bound to the session).
    reply.setCookie(CSRF_COOKIE, s.csrf, { ...cookieBase, httpOnly: false, maxAge });
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(cookies.session, cookieBase);
    reply.clearCookie(CSRF_COOKIE, cookieBase);
  };
  const limit = (max = deps.ratePerMinute) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  return async function routes(app: FastifyInstance) {
    route(app, api.register, {
      config: limit(),
      handler: async (req, reply) => {
        const body = { ...req.body, phone: await typedPhone(deps.phone, req.body.phone) };
        const { session, view, newDevice } = await service.register(deps, body, meta(req));
        // The language they registered in (their choice or their browser's) is theirs: what is written to them,
        // and what staff see to answer in.
        const language = languageOfRequest(req);
        await saveLanguage(deps.db, view.user.id, language);
        view.language = language;
        setSessionCookies(reply, session);
        setDeviceCookie(reply, newDevice);
        return reply.code(201).send(view);
      },
    });

    route(app, api.accountExists, {
      config: limit(),
      handler: async (req) => ({ exists: (await repo.findUserByEmail(deps.db, req.query.email)) !== null }),
    });

    route(app, api.login, {
      config: limit(),
      handler: async (req, reply) => {
        const { session, userId, newDevice, hasFactor } = await service.login(
          deps,
          req.body,
          { ...meta(req), deviceCookie: req.cookies[cookies.device] },
          req.auth?.sessionId ?? null,
        );
        setSessionCookies(reply, session);
        setDeviceCookie(reply, newDevice);
        const loaded = (await loadUserWithRoles(deps.db, userId))!;
        const { user, roles } = loaded;
        // The full session (a superset of API.md's {user, roles, login_role}) saves the browser a second call.
        return service.sessionView(deps.db, {
          user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
          roles,
          login_role: user.login_role as (typeof roles)[number],
          hasFactor,
        });
      },
    });

    route(app, api.logout, {
      handler: async (req, reply) => {
        if (req.auth?.sessionId) await deleteSession(deps.db, req.auth.sessionId);
        clearSessionCookies(reply);
        return { message: said(req, MESSAGES.signedOut) };
      },
    });

    route(app, api.getSession, {
      config: { factorSetup: true },
      handler: async (req) => service.sessionView(deps.db, authOf(req), languageOfRequest(req)),
    });

    route(app, api.changePassword, {
      config: limit(),
      handler: async (req) => {
        const answer = await service.changePassword(deps, authOf(req), req.body, meta(req));
        return { ...answer, message: said(req, answer.message) };
      },
    });

    route(app, api.requestPasswordReset, {
      config: limit(),
      handler: async (req, reply) => {
        await service.requestPasswordReset(deps, req.body.email, meta(req));
        return reply.code(202).send({ message: said(req, MESSAGES.resetRequested) });
      },
    });

    route(app, api.confirmPasswordReset, {
      config: limit(),
      handler: async (req, reply) => {
        const { newDevice, firstPassword } = await service.confirmPasswordReset(
          deps,
          req.body.token,
          req.body.new_password,
          meta(req),
        );
        setDeviceCookie(reply, newDevice);
        return { message: said(req, firstPassword ? MESSAGES.accountReady : MESSAGES.resetDone) };
      },
    });

    mfaRoutes(app, deps, { device: cookies.device, setSession: setSessionCookies, setDevice: setDeviceCookie }, () =>
      limit(),
    );

    route(app, api.listApiTokens, {
      handler: async (req) => service.listApiTokens(deps, authOf(req)),
    });

    route(app, api.createApiToken, {
      handler: async (req, reply) =>
        reply.code(201).send(await service.createApiToken(deps, authOf(req), req.body, meta(req))),
    });

    route(app, api.revokeApiToken, {
      handler: async (req, reply) => {
        await service.revokeApiToken(deps, authOf(req), req.params.id, meta(req));
        return reply.code(204).send(null);
      },
    });

    // Phone and social sign-in (sign-in-methods.routes.ts).
    await signInMethodsRoutes(app, {
      auth: deps,
      phone: deps.phone,
      oidc: deps.oidc,
      cookies,
      limit,
      setSessionCookies,
      setDeviceCookie,
    });
  };
}
