import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MAX_DAYS,
  MESSAGES,
  createApiTokenBodySchema,
  loginBodySchema,
  registerBodySchema,
  type Problem,
} from '@taxportal/contract';
import { FIELD_TEXTS, PROBLEM_TITLES } from '@taxportal/contract/texts';
import { AppError, registerErrorHandler } from './errors.ts';
import { textsIn } from './i18n.ts';

/** What the pool's driver throws when PostgreSQL goes away (a restart, a failover) or the disk is full. */
const failures: Record<string, () => Error> = {
  'the server shutting down (57P01)': () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  'the server starting up (57P03)': () =>
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'a refused connection': () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'a connection cut mid-query': () => new Error('Connection terminated unexpectedly'),
  'the same, wrapped by the query builder': () =>
    new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
};

async function appThrowing(make: () => Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw make();
  });
  await app.ready();
  return app;
}

describe('errors the outside world causes', () => {
  for (const [name, make] of Object.entries(failures)) {
    it(`answers ${name} with 503 problem+json and Retry-After, not 500`, async () => {
      const app = await appThrowing(make);
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, detail: MESSAGES.serviceUnavailable });
      await app.close();
    });
  }

  it('answers a full disk (ENOSPC) anywhere with 507, not 500', async () => {
    const app = await appThrowing(() =>
      Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
    );
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ status: 507, title: 'Insufficient storage' });
    await app.close();
  });

  it('answers a foreign-key violation (23503) a handler let through with 409 problem+json, not 500', async () => {
    const fk = () =>
      new Error('Failed query: delete from "documents"', {
        cause: Object.assign(new Error('update or delete on table "documents" violates foreign key constraint'), {
          code: '23503',
        }),
      });
    const app = await appThrowing(fk);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 409, detail: MESSAGES.stillInUse });
    expect(res.body).not.toContain('documents');
    await app.close();
  });

  it('still answers a plain bug with 500', async () => {
    const app = await appThrowing(() => new TypeError('x is undefined'));
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
  });
});

/*
 * Issue 31: a problem+json answer is written in the reader's language (their `tp_lang` cookie, else their browser's
 * Accept-Language, else English): its title, its detail, the contract's own field messages, and zod's built-in ones.
 */
const i18nApp = Fastify({ logger: false });
beforeAll(async () => {
  await i18nApp.register(fastifyCookie);
  i18nApp.setValidatorCompiler(validatorCompiler);
  i18nApp.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(i18nApp);
  i18nApp.get('/ticket', async () => {
    throw new AppError('not_found', MESSAGES.ticketNotFound);
  });
  i18nApp.post('/login', { schema: { body: loginBodySchema } }, async () => ({}));
  i18nApp.post('/register', { schema: { body: registerBodySchema } }, async () => ({}));
  i18nApp.post('/tokens', { schema: { body: createApiTokenBodySchema } }, async () => ({}));
  await i18nApp.ready();
});
afterAll(async () => i18nApp.close());

const SPANISH = { cookie: 'tp_lang=es' };
const SPANISH_BROWSER = { 'accept-language': 'es-MX' };

const message = (p: Problem, field: string) => p.errors?.find((e) => e.field === field)?.message;

async function ask(headers: Record<string, string>, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await i18nApp.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  return { status: res.statusCode, problem: res.json<Problem>() };
}

describe("problem+json in the reader's language", () => {
  for (const [name, headers] of [
    ['the tp_lang=es cookie', SPANISH],
    ['an es-MX browser (no cookie)', SPANISH_BROWSER],
  ] as const) {
    it(`answers an AppError's title and detail in Spanish for ${name}`, async () => {
      const { status, problem } = await ask(headers, 'GET', '/ticket');
      expect(status).toBe(404);
      expect(problem.title).toBe('No encontrado');
      expect(problem.detail).toBe('No se encontró el caso.');
    });

    it(`answers the contract's field messages in Spanish for ${name}`, async () => {
      const login = (await ask(headers, 'POST', '/login', { email: '', password: '' })).problem;
      expect(login.title).toBe('Datos no válidos');
      expect(message(login, 'email')).toBe('El correo electrónico es obligatorio');
      expect(message(login, 'password')).toBe('La contraseña es obligatoria');
      expect(login.detail).toBe('email: El correo electrónico es obligatorio');

      const register = (
        await ask(headers, 'POST', '/register', {
          full_name: '',
          email: 'not-an-address',
          phone: '+1 555',
          password: 'short',
        })
      ).problem;
      expect(message(register, 'full_name')).toBe('El nombre completo es obligatorio');
      expect(message(register, 'email')).toBe('Ingrese una dirección de correo electrónico válida');
      expect(message(register, 'phone')).toMatch(/^Ingrese un número de teléfono válido/);
      expect(message(register, 'password')).toBe('La contraseña debe tener al menos 8 caracteres');
    });

    it(`answers zod's own messages in Spanish for ${name}, and a message naming a number with it`, async () => {
      const { status, problem } = await ask(headers, 'POST', '/tokens', {
        name: 'x'.repeat(81),
        expires_in_days: API_TOKEN_MAX_DAYS + 1,
      });
      expect(status).toBe(422);
      expect(message(problem, 'name')).toMatch(/^Demasiado grande/);
      expect(message(problem, 'name')).toContain('80');
      expect(message(problem, 'name')).not.toMatch(/Too big/);
      expect(message(problem, 'expires_in_days')).toBe(`Como máximo ${API_TOKEN_MAX_DAYS} días`);
    });
  }

  it('answers in English by default, as the catalogue and zod write it', async () => {
    const ticket = (await ask({}, 'GET', '/ticket')).problem;
    expect(ticket).toMatchObject({ title: PROBLEM_TITLES.not_found, detail: MESSAGES.ticketNotFound });

    const login = (await ask({ 'accept-language': 'fr-FR' }, 'POST', '/login', { email: '', password: 'x' })).problem;
    expect(message(login, 'email')).toBe('E-mail is required');
    expect(login.detail).toBe('email: E-mail is required');

    const tokens = (await ask({}, 'POST', '/tokens', { name: 'x'.repeat(81), expires_in_days: 400 })).problem;
    expect(message(tokens, 'name')).toMatch(/^Too big/);
    expect(message(tokens, 'expires_in_days')).toBe(`At most ${API_TOKEN_MAX_DAYS} days`);
  });

  it('keeps the English cookie over a Spanish browser', async () => {
    const { problem } = await ask({ cookie: 'tp_lang=en', 'accept-language': 'es' }, 'GET', '/ticket');
    expect(problem.detail).toBe(MESSAGES.ticketNotFound);
  });

  it("has the Spanish of an API token's longest life name the same number as the English", () => {
    expect(FIELD_TEXTS.apiTokens.maxDays).toBe(`At most ${API_TOKEN_MAX_DAYS} days`);
    expect(textsIn('es')('fields.apiTokens.maxDays')).toContain(String(API_TOKEN_MAX_DAYS));
  });
});
