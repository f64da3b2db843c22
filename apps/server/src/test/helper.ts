import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import type { Role } from '@taxportal/contract';
import { buildApp, type AppDeps, type RouteInfo } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { enrollTotp } from '../platform/auth/totp.ts';
import { findWebDist } from '../platform/web.ts';
import type { Database } from '../platform/db/client.ts';
import { DEMO_ACCOUNTS, demoTotpSecret } from '../platform/db/seed.ts';
import type { Secrets } from '../platform/secrets.ts';
import { createUser } from '../platform/users.ts';
import { testDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  routes: RouteInfo[];
  database: Database;
  config: Config;
  secrets: Secrets;
  close(): Promise<void>;
}

/**
 * The real app on a fresh test database; call once per file (beforeAll). `opts.logStream`: where the app's log
 * goes (its real settings, at LOG_LEVEL; none by default). `opts.on`: another app server over a database (and
 * secrets) already in use, as a second server sharing one database would be. `opts.files`: another file
 * store (tests of a failing disk). `opts.webDist`: a web build to serve (the public site's HTML).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: NodeJS.WritableStream;
    on?: { database: Database; secrets: Secrets };
    files?: AppDeps['files'];
    webDist?: string;
    /** The vault's clock (AppDeps.documentsNow): share links and offers read consents against it. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const { logStream, on, files, webDist, now } = opts;
  const database = on?.database ?? (await testDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `tp-test-${randomUUID()}`),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const secrets = on?.secrets ?? { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) };
  const logger = logStream ? { stream: logStream } : false;
  const { app, routes } = await buildApp({
    config,
    database,
    secrets,
    logger,
    ...(files ? { files } : {}),
    ...(now ? { documentsNow: now } : {}),
    // Tests render many pages in a few seconds: the visitors' limit (platform/prerender.ts) is tested on its own.
    ...(webDist ? { webDist, renderLimits: { rendersPerSecond: 10_000 } } : {}),
  });
  await app.ready();
  return {
    app,
    routes,
    database,
    config,
    secrets,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.test`;
export const PASSWORD = 'correct-horse-battery';

export async function createCustomer(
  t: TestApp,
  overrides: Partial<{ email: string; full_name: string; phone: string; password: string }> = {},
) {
  const u = {
    email: uniqueEmail('customer'),
    full_name: 'Test Customer',
    phone: '+12025550199',
    password: PASSWORD,
    ...overrides,
  };
  const id = await createUser(t.database.db, { ...u, roles: ['Customer'] });
  return { id, ...u };
}

/** The TOTP secrets of the people the tests enrolled, by e-mail: signIn computes their codes. */
const totpSecrets = new Map<string, string>();
/** The device cookie of a browser that signIn had trusted for the account ("trust this device"), by e-mail. */
const trustedDevices = new Map<string, [name: string, value: string]>();

/** Enrols a TOTP app for the user (as the demo and `create-users` do); signIn then signs them in with codes. */
export async function enrollTestTotp(t: TestApp, user: { id: string; email: string }, secret?: string) {
  const s = await enrollTotp(t.database.db, t.secrets.encryptionKey, user.id, secret);
  totpSecrets.set(user.email, s);
  trustedDevices.delete(user.email);
  return s;
}

/** The current TOTP code of a secret (at `epochSeconds`, now by default). */
export const totpCode = (secret: string, epochSeconds?: number) =>
  generateSync({ secret, ...(epochSeconds !== undefined ? { epoch: epochSeconds } : {}) });

/**
 * A code of the next 30-second step for an account the tests enrolled (undefined for others): still accepted
 * (one step of clock drift) when the current step's code was used already by signIn.
 */
export const nextTotpCode = (email: string) => {
  const secret = totpSecrets.get(email);
  return secret ? totpCode(secret, Math.floor(Date.now() / 1000) + 30) : undefined;
};

/**
 * A staff member; staff must have a second factor (docs/decisions/0019-a-second-factor-policy.md), so they come
 * with a TOTP app unless `factor: false`.
 */
export async function createStaff(
  t: TestApp,
  role: Exclude<Role, 'Customer'>,
  overrides: Partial<{ email: string; full_name: string; password: string; factor: boolean }> = {},
) {
  const { factor = true, ...rest } = overrides;
  const u = {
    email: uniqueEmail(role.toLowerCase().replace(/\s+/g, '-')),
    full_name: `Test ${role}`,
    password: PASSWORD,
    ...rest,
  };
  const id = await createUser(t.database.db, { ...u, roles: [role] });
  if (factor) await enrollTestTotp(t, { id, email: u.email });
  return { id, ...u };
}

/** A browser-like client: keeps cookies and echoes the CSRF cookie on non-GET requests. */
export class Agent {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (opts.method ?? 'GET').toUpperCase();
    const csrf = this.cookies.get('csrf_token');
    if (method !== 'GET' && opts.csrf !== false && csrf) headers['x-csrf-token'] = csrf;
    const res = await this.app.inject({ ...opts, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get = (url: string, opts: InjectOptions = {}) => this.request({ ...opts, method: 'GET', url });
  post = (url: string, payload?: unknown, opts: InjectOptions & { csrf?: boolean } = {}) =>
    this.request({ ...opts, method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  put = (url: string, payload?: unknown) => this.request({ method: 'PUT', url, payload: payload as object });
  patch = (url: string, payload?: unknown) => this.request({ method: 'PATCH', url, payload: payload as object });
  delete = (url: string) => this.request({ method: 'DELETE', url });
}

/**
 * A signed-in browser. An account the tests enrolled (enrollTestTotp) signs in with a code and has the browser
 * trusted, as a person ticking "trust this device" would; later sign-ins of that account come from a browser
 * with the same device cookie, so no code is asked again (a code is good once per 30-second step).
 */
export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<Agent> {
  const agent = new Agent(t.app);
  // The demo staff come enrolled with a secret derived from their e-mail (platform/db/seed.ts).
  const demoStaff = DEMO_ACCOUNTS.some((a) => a.email === email && a.role !== 'Customer');
  const secret = totpSecrets.get(email) ?? (demoStaff ? demoTotpSecret(email) : undefined);
  const trusted = trustedDevices.get(email);
  if (trusted) agent.cookies.set(...trusted);
  const body =
    secret && !trusted ? { email, password, otp: totpCode(secret), trust_device: true } : { email, password };
  const res = await agent.post('/api/v1/auth/login', body);
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  if (secret && !trusted) {
    const device = [...agent.cookies].find(([name]) => name.endsWith('tp_device'));
    if (device) trustedDevices.set(email, device);
  }
  return agent;
}

/**
 * The web app's build, for tests of the pages as served (their server rendering needs dist-ssr too): `npm test`
 * builds first, and a test that needs it fails rather than skips without it.
 */
export function requireWebBuild(): string {
  const webDist = findWebDist();
  if (!(webDist && fs.existsSync(path.join(webDist, '..', 'dist-ssr', 'entry-server.js'))))
    throw new Error('apps/web is not built: run `npm run build` before this test');
  return webDist;
}
