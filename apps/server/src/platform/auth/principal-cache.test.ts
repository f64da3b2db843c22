import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createStaff,
  PASSWORD,
  signIn,
  type Agent,
  type TestApp,
  createTestApp,
} from '../../test/helper.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { col, firstRow, rowSchema } from '../db/rows.ts';

// The guard keeps resolved callers for a few seconds (principal-cache.ts). These prove that a revocation still
// takes effect at once: on the very next request on the server that made it, and within a second on another
// server sharing the database (PostgreSQL with TEST_DATABASE_URL: two pools, two listeners).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t.close());

const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const sessionWith = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ url: '/api/v1/auth/session', headers });

/** Polls until `check` passes, for at most `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('principal cache on one server', () => {
  it('answers from the cache: a session idle-expired behind its back still passes for a few seconds', async () => {
    // This is what makes the tests below meaningful: the cache is on, and only revocations get past it.
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '9 hours'`);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const cookie = cookieOf(agent);
    expect((await sessionWith(t.app, { cookie })).statusCode).toBe(200);
    expect((await sessionWith(t.app, { cookie })).statusCode).toBe(200);
    expect((await agent.post('/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await sessionWith(t.app, { cookie })).statusCode).toBe(401);
  });

  it("refuses the user's other sessions on the very next request after a password change", async () => {
    const c = await createCustomer(t);
    const phone = await signIn(t, c.email);
    const desk = await signIn(t, c.email);
    expect((await phone.get('/api/v1/auth/session')).statusCode).toBe(200);
    const changed = await desk.post('/api/v1/auth/change-password', {
      old_password: PASSWORD,
      new_password: 'a-new-pass-2026',
      confirm_password: 'a-new-pass-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/v1/auth/session')).statusCode).toBe(401);
    expect((await desk.get('/api/v1/auth/session')).statusCode).toBe(200);
  });

  it('refuses a revoked API token on the very next request', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const { id, key, secret } = (await agent.post('/api/v1/auth/tokens', { name: 'sync' })).json();
    const authorization = `token ${key}:${secret}`;
    expect((await sessionWith(t.app, { authorization })).statusCode).toBe(200);
    expect((await sessionWith(t.app, { authorization })).statusCode).toBe(200);
    expect((await agent.delete(`/api/v1/auth/tokens/${id}`)).statusCode).toBe(204);
    expect((await sessionWith(t.app, { authorization })).statusCode).toBe(401);
  });

  it('drops a principal whoever changes the database: a session deleted, a role taken away', async () => {
    // Writers outside this server's requests (another server, a CLI, an admin screen to come): the database's
    // triggers announce them.
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    expect((await agent.get('/api/v1/auth/session')).json().roles).toEqual(['Customer']);
    await t.database.db.execute(sql`delete from user_roles where user_id = ${c.id}`);
    await within(1000, async () => (await agent.get('/api/v1/auth/session')).json().roles.length === 0);
    await t.database.db.execute(sql`delete from sessions where user_id = ${c.id}`);
    await within(1000, async () => (await agent.get('/api/v1/auth/session')).statusCode === 401);
  });
});

describe('principal cache across two servers sharing the database', () => {
  let second: TestApp;
  let secondDb: Database | null = null;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    let database = t.database;
    if (url) {
      // Another pool and another LISTEN connection on the same database: another app server.
      const here = await firstRow(
        t.database.db,
        rowSchema({ name: col.text() }),
        sql`select current_database() as name`,
      );
      const u = new URL(url);
      u.pathname = `/${here!.name}`;
      secondDb = openPostgres(u.toString(), 3);
      database = secondDb;
    }
    second = await createTestApp({}, { on: { database, secrets: t.secrets } });
  }, 120_000);
  afterAll(async () => {
    await second.app.close();
    await secondDb?.close();
  });

  it('a session signed out on one server is refused by the other within a second', async () => {
    const staff = await createStaff(t, 'Admin');
    const agent = await signIn(t, staff.email);
    const cookie = cookieOf(agent);
    expect((await sessionWith(second.app, { cookie })).statusCode).toBe(200);
    expect((await sessionWith(second.app, { cookie })).statusCode).toBe(200);
    expect((await agent.post('/api/v1/auth/logout')).statusCode).toBe(200);
    const took = await within(1000, async () => (await sessionWith(second.app, { cookie })).statusCode === 401);
    expect(took).toBeLessThan(1000);
  });

  it('a token revoked on one server is refused by the other within a second', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const { id, key, secret } = (await agent.post('/api/v1/auth/tokens', { name: 'sync' })).json();
    const authorization = `token ${key}:${secret}`;
    expect((await sessionWith(second.app, { authorization })).statusCode).toBe(200);
    expect((await agent.delete(`/api/v1/auth/tokens/${id}`)).statusCode).toBe(204);
    await within(1000, async () => (await sessionWith(second.app, { authorization })).statusCode === 401);
  });
});
