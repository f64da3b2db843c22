import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { loadUserWithRoles, type CookiePolicy, type NewSession } from '../platform/auth/sessions.ts';
import { languageOfRequest, translate } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import { sessionView, type AuthDeps } from './auth.service.ts';
import { newDeviceCookie } from './login-throttle.ts';
import { FLOW_TTL_S, PENDING_TTL_MS, type Oidc } from './oidc.service.ts';
import * as phone from './phone.service.ts';
import type { PhoneDeps } from './phone.service.ts';

/** The flow cookie (state, nonce, PKCE verifier, sealed) and the pending link's cookie live only on these paths. */
const OIDC_PATH = '/api/v1/auth/oidc';
const FLOW_COOKIE = 'tp_oidc_flow';
const LINK_COOKIE = 'tp_oidc_link';

export interface SignInMethodsDeps {
  auth: AuthDeps;
  phone: PhoneDeps;
  oidc: Oidc;
  cookies: CookiePolicy;
  limit: (max?: number) => { rateLimit: { max: number; timeWindow: string } };
  setSessionCookies: (reply: FastifyReply, s: NewSession) => void;
  setDeviceCookie: (reply: FastifyReply, value: string | null) => void;
}

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
/** An answer with its message (a catalogue text) in the reader's language. */
const said = <T extends { message: string }>(req: FastifyRequest, answer: T) => ({
  ...answer,
  message: translate(languageOfRequest(req), answer.message),
});

/** Phone sign-in and verification, and social sign-in (docs/decisions/0019-b). */
export async function signInMethodsRoutes(app: FastifyInstance, deps: SignInMethodsDeps) {
  const { cookies, limit } = deps;
  const flowCookie = { path: OIDC_PATH, sameSite: 'lax' as const, secure: cookies.secure, httpOnly: true };
  const signedInView = async (userId: string) => {
    const { user, roles } = (await loadUserWithRoles(deps.auth.db, userId))!;
    return sessionView(deps.auth.db, {
      user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
      roles,
      login_role: user.login_role as (typeof roles)[number],
    });
  };
  const signedIn = async (reply: FastifyReply, session: NewSession, userId: string) => {
    deps.setSessionCookies(reply, session);
    deps.setDeviceCookie(reply, newDeviceCookie(deps.auth.sessionSecret, userId));
    return signedInView(userId);
  };

  route(app, api.signInMethods, {
    handler: async () => ({ phone: deps.phone.sms !== null, oidc: deps.oidc.enabled() }),
  });

  route(app, api.phoneSignInStart, {
    config: limit(),
    handler: async (req, reply) =>
      reply
        .code(202)
        .send(
          said(req, await phone.startSignIn(deps.phone, await phone.typedPhone(deps.phone, req.body.phone), meta(req))),
        ),
  });

  route(app, api.phoneSignInVerify, {
    config: limit(),
    handler: async (req, reply) => {
      const { session, loaded } = await phone.verifySignIn(
        deps.phone,
        { ...req.body, phone: await phone.typedPhone(deps.phone, req.body.phone) },
        meta(req),
        req.auth?.sessionId ?? null,
      );
      return signedIn(reply, session, loaded.user.id);
    },
  });

  route(app, api.phoneVerificationStart, {
    config: limit(),
    handler: async (req, reply) =>
      reply
        .code(202)
        .send(
          said(
            req,
            await phone.startVerification(
              deps.phone,
              authOf(req),
              await phone.typedPhone(deps.phone, req.body.phone),
              meta(req),
            ),
          ),
        ),
  });

  route(app, api.phoneVerificationVerify, {
    config: limit(),
    handler: async (req) =>
      said(
        req,
        await phone.confirmVerification(
          deps.phone,
          authOf(req),
          { ...req.body, phone: await phone.typedPhone(deps.phone, req.body.phone) },
          meta(req),
        ),
      ),
  });

  route(app, api.oidcStart, {
    config: limit(),
    handler: async (req, reply) => {
      let started: Awaited<ReturnType<Oidc['start']>>;
      try {
        started = await deps.oidc.start(req.params.provider);
      } catch (err) {
        // The provider could not be reached (discovery): the person is told, and may try again.
        req.log.warn({ provider: req.params.provider, err: (err as Error)?.name }, 'oidc discovery failed');
        return reply.redirect('/register?social=failed', 302);
      }
      if (!started) return reply.redirect('/register?social=off', 302);
      reply.setCookie(FLOW_COOKIE, started.flow, { ...flowCookie, maxAge: FLOW_TTL_S });
      return reply.redirect(started.url, 302);
    },
  });

  route(app, api.oidcCallback, {
    config: limit(),
    handler: async (req, reply) => {
      const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const flow = req.cookies[FLOW_COOKIE];
      // One use: whatever happens, the flow is spent.
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      const result = await deps.oidc.callback(req.params.provider, raw, flow, meta(req));
      if (result.outcome === 'signed_in') {
        // An account with a second factor signs in with its password and that factor (one-factor-sign-in.ts).
        if (await deps.oidc.hasSecondFactor(result.userId)) return reply.redirect('/register?social=factor', 302);
        const session = await deps.oidc.newSession(result.userId, meta(req), req.auth?.sessionId ?? null);
        await signedIn(reply, session, result.userId);
        return reply.redirect('/dashboard', 302);
      }
      if (result.outcome === 'link') {
        reply.setCookie(LINK_COOKIE, result.pendingToken, {
          ...flowCookie,
          maxAge: Math.floor(PENDING_TTL_MS / 1000),
        });
      }
      return reply.redirect(`/register?social=${result.outcome}`, 302);
    },
  });

  // Apple's form post: sent on to the GET callback with the same fields, where the flow cookie (SameSite=Lax, so
  // absent from a cross-site POST but present on the top-level GET it is redirected to) is checked. Form bodies are
  // parsed in this scope alone.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(scope, api.oidcFormPostCallback, {
      config: limit(),
      handler: async (req, reply) => {
        const fields = new URLSearchParams();
        // `iss` too: the issuer names itself in its answer (RFC 9207) and openid-client checks it.
        for (const k of ['code', 'state', 'iss', 'error', 'user'] as const) {
          const v = req.body[k];
          if (typeof v === 'string') fields.set(k, v);
        }
        const provider = encodeURIComponent(req.params.provider);
        return reply.redirect(`${OIDC_PATH}/${provider}/callback?${fields.toString()}`, 303);
      },
    });
  });

  route(app, api.oidcPendingLink, {
    handler: async (req) => deps.oidc.pending(req.cookies[LINK_COOKIE]),
  });

  route(app, api.oidcConfirmLink, {
    config: limit(),
    handler: async (req, reply) => {
      const { session, loaded } = await deps.oidc.confirmLink(
        req.cookies[LINK_COOKIE],
        req.body.password,
        meta(req),
        req.auth?.sessionId ?? null,
      );
      reply.clearCookie(LINK_COOKIE, flowCookie);
      return signedIn(reply, session, loaded.user.id);
    },
  });
}
