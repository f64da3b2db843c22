import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenListSchema,
  changePasswordBodySchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  existsQuerySchema,
  existsResponseSchema,
  loginBodySchema,
  MESSAGES,
  messageSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  registerBodySchema,
  sessionSchema,
  statusMessageSchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  CSRF_COOKIE,
  deleteSession,
  loadUserWithRoles,
  SESSION_COOKIE,
  type NewSession,
} from '../platform/auth/sessions.ts';
import * as repo from './auth.repository.ts';
import * as service from './auth.service.ts';
import type { AuthDeps } from './auth.service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const tags = ['Accounts'];

export function authRoutes(deps: AuthDeps & { secureCookies: boolean; ratePerMinute: number }) {
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: deps.secureCookies };
  const setSessionCookies = (reply: FastifyReply, s: NewSession) => {
    const maxAge = Math.floor(ABSOLUTE_TIMEOUT_MS / 1000);
    reply.setCookie(SESSION_COOKIE, s.token, { ...cookieBase, httpOnly: true, maxAge });
    // Readable by the page so it can echo it in x-csrf-token (double submit, bound to the session).
    reply.setCookie(CSRF_COOKIE, s.csrf, { ...cookieBase, httpOnly: false, maxAge });
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieBase);
    reply.clearCookie(CSRF_COOKIE, cookieBase);
  };
  const limit = (max = deps.ratePerMinute) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/v1/auth/register', {
      config: { public: true, ...limit() },
      schema: {
        tags,
        summary: 'Create a customer account and sign in',
        body: registerBodySchema,
        response: { 201: sessionSchema },
      },
      handler: async (req, reply) => {
        const { session, view } = await service.register(deps, req.body, meta(req));
        setSessionCookies(reply, session);
        return reply.code(201).send(view);
      },
    });

    r.get('/api/v1/auth/exists', {
      config: { public: true, ...limit() },
      schema: {
        tags,
        summary: 'Whether an account exists for an e-mail',
        querystring: existsQuerySchema,
        response: { 200: existsResponseSchema },
      },
      handler: async (req) => ({ exists: (await repo.findUserByEmail(deps.db, req.query.email)) !== null }),
    });

    r.post('/api/v1/auth/login', {
      config: { public: true, ...limit() },
      schema: { tags, summary: 'Sign in', body: loginBodySchema, response: { 200: sessionSchema } },
      handler: async (req, reply) => {
        const { session, userId } = await service.login(deps, req.body, meta(req), req.auth?.sessionId ?? null);
        setSessionCookies(reply, session);
        const loaded = (await loadUserWithRoles(deps.db, userId))!;
        const { user, roles } = loaded;
        // The full session (a superset of API.md's {user, roles, login_role}) saves the browser a second call.
        return service.sessionView(deps.db, {
          user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
          roles,
          login_role: user.login_role as (typeof roles)[number],
        });
      },
    });

    r.post('/api/v1/auth/logout', {
      config: { public: true },
      schema: { tags, summary: 'End the session', response: { 200: messageSchema } },
      handler: async (req, reply) => {
        if (req.auth?.sessionId) await deleteSession(deps.db, req.auth.sessionId);
        clearSessionCookies(reply);
        return { message: MESSAGES.signedOut };
      },
    });

    r.get('/api/v1/auth/session', {
      schema: { tags, summary: 'The signed-in user', response: { 200: sessionSchema } },
      handler: async (req) => service.sessionView(deps.db, authOf(req)),
    });

    r.post('/api/v1/auth/change-password', {
      config: limit(),
      schema: {
        tags,
        summary: "Change the caller's password",
        body: changePasswordBodySchema,
        response: { 200: statusMessageSchema },
      },
      handler: async (req) => service.changePassword(deps, authOf(req), req.body, meta(req)),
    });

    r.post('/api/v1/auth/password-reset', {
      config: { public: true, ...limit() },
      schema: {
        tags,
        summary: 'E-mail a reset link (always 202)',
        body: passwordResetBodySchema,
        response: { 202: messageSchema },
      },
      handler: async (req, reply) => {
        await service.requestPasswordReset(deps, req.body.email, meta(req));
        return reply.code(202).send({ message: MESSAGES.resetRequested });
      },
    });

    r.post('/api/v1/auth/password-reset/confirm', {
      config: { public: true, ...limit() },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: passwordResetConfirmBodySchema,
        response: { 200: messageSchema },
      },
      handler: async (req) => {
        await service.confirmPasswordReset(deps, req.body.token, req.body.new_password, meta(req));
        return { message: MESSAGES.resetDone };
      },
    });

    r.get('/api/v1/auth/tokens', {
      schema: { tags, summary: "The caller's API tokens", response: { 200: apiTokenListSchema } },
      handler: async (req) => service.listApiTokens(deps, authOf(req)),
    });

    r.post('/api/v1/auth/tokens', {
      schema: {
        tags,
        summary: 'Create an API token; the secret is shown once',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await service.createApiToken(deps, authOf(req), req.body.name, meta(req))),
    });

    r.delete('/api/v1/auth/tokens/:id', {
      schema: { tags, summary: 'Revoke an API token', params: z.object({ id: z.string().max(64) }) },
      handler: async (req, reply) => {
        await service.revokeApiToken(deps, authOf(req), req.params.id, meta(req));
        return reply.code(204).send();
      },
    });
  };
}
