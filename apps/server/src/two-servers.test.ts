/**
 * Two server processes on one PostgreSQL and one S3 bucket (the S3-compatible test server), as a deployment
 * with several app servers runs: what one server does, the other sees. Real processes (`src/main.ts`), real
 * HTTP, the same SESSION_SECRET and ENCRYPTION_KEY on both, as the README asks of such a deployment.
 * PostgreSQL only: skipped (with this reason) without TEST_DATABASE_URL; CI runs the server suite on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openPostgres, type Database } from './platform/db/client.ts';
import { col, rows, rowSchema } from './platform/db/rows.ts';
import { startFakeS3, type FakeS3 } from './platform/storage/s3-test-server.ts';
import { enrollTotp } from './platform/auth/totp.ts';
import { createUser } from './platform/users.ts';
import { Agent, totpCode } from './test/helper.ts';
import { openTicket } from './test/ticket-fixtures.ts';
import { pdf } from './test/upload-fixtures.ts';

const url = process.env.TEST_DATABASE_URL;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'two-servers-pass-2026';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A browser over real HTTP: a cookie jar (any cookie the server sets, by its own name) and the CSRF header. */
class Browser {
  jar = new Map<string, string>();
  constructor(public base: string) {}
  /** The same cookies, sent to another server. */
  on(base: string): Browser {
    const b = new Browser(base);
    b.jar = this.jar;
    return b;
  }
  headers(extra: Record<string, string> = {}) {
    const h: Record<string, string> = { ...extra };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [k, v] of this.jar) if (/csrf/i.test(k)) h['x-csrf-token'] = decodeURIComponent(v);
    return h;
  }
  async fetch(method: string, p: string, body?: unknown, raw?: { body: Buffer; type: string }) {
    const headers = this.headers(
      raw ? { 'content-type': raw.type } : body !== undefined ? { 'content-type': 'application/json' } : {},
    );
    const res = await fetch(this.base + p, {
      method,
      headers,
      body: raw ? new Uint8Array(raw.body) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
  login(email: string, password = PASSWORD) {
    return this.fetch('POST', '/api/v1/auth/login', { email, password });
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server not ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited };
}

/** Waits for `check` to hold, polling; fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const count = rowSchema({ n: col.int() });

describe.skipIf(!url)(
  'two servers on one PostgreSQL and one bucket (needs TEST_DATABASE_URL: skipped without it)',
  () => {
    let admin: pg.Client;
    let dbName: string;
    let database: Database;
    let s3: FakeS3;
    let a: Server;
    let b: Server;
    const dataDirs: string[] = [];
    const customerEmail = `two.customer.${Date.now()}@example.test`;
    const staffEmail = `two.staff.${Date.now()}@example.test`;
    const lockedEmail = `two.locked.${Date.now()}@example.test`;
    let ticketId: string;
    let staffId: string;
    let staffSecret: string;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      dbName = `tp_two_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
      const u = new URL(url!);
      u.pathname = `/${dbName}`;
      const databaseUrl = u.toString();
      database = openPostgres(databaseUrl, 2);
      await createUser(database.db, {
        email: customerEmail,
        full_name: 'Two Customer',
        phone: '+12025550199',
        password: PASSWORD,
        roles: ['Customer'],
      });
      staffId = await createUser(database.db, {
        email: staffEmail,
        full_name: 'Two Staff',
        password: PASSWORD,
        roles: ['Admin'],
      });
      await createUser(database.db, {
        email: lockedEmail,
        full_name: 'Two Locked',
        phone: '+12025550198',
        password: PASSWORD,
        roles: ['Customer'],
      });
      s3 = await startFakeS3('tp-two');
      const env = {
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        STORAGE: 's3',
        S3_BUCKET: 'tp-two',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      };

      // Set-up in this process (its job runner stopped before anything is due): a ticket with a document
      // request, whose reminder is then made due, so that both servers' runners find it when they start.
      const setupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-two-setup-'));
      dataDirs.push(setupDir);
      const config = loadConfig({ ...env, DATA_DIR: setupDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      // The servers' own encryption key, so the staff member's TOTP secret sealed here opens there.
      const secrets = { sessionSecret: randomBytes(48), encryptionKey: Buffer.from(env.ENCRYPTION_KEY, 'base64') };
      // Staff have a second factor (docs/decisions/0019-a): the Admin signs in with a code.
      staffSecret = await enrollTotp(database.db, secrets.encryptionKey, staffId);
      const { app } = await buildApp({ config, database, secrets, logger: false });
      await app.ready();
      const t = { app, database, config, secrets, routes: [], close: async () => {} };
      const customer = new Agent(app);
      await customer.post('/api/v1/auth/login', { email: customerEmail, password: PASSWORD });
      const staff = new Agent(app);
      await staff.post('/api/v1/auth/login', { email: staffEmail, password: PASSWORD, otp: totpCode(staffSecret) });
      ticketId = (await openTicket(t, customer)).id;
      const req = await staff.post(`/api/v1/tickets/${ticketId}/document-requests`, { custom: ['Your W-2'] });
      expect(req.statusCode, req.body).toBe(201);
      await app.close();
      await database.db.execute(
        sql`update document_requests set next_reminder_at = now() - interval '1 minute' where ticket_id = ${ticketId}`,
      );

      const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-two-a-'));
      const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-two-b-'));
      dataDirs.push(dirA, dirB);
      [a, b] = await Promise.all([startServer({ ...env, DATA_DIR: dirA }), startServer({ ...env, DATA_DIR: dirB })]);
    }, 180_000);

    afterAll(async () => {
      for (const s of [a, b]) {
        if (s && s.child.exitCode === null) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      }
      await s3?.close();
      await database?.close();
      await admin?.query(`drop database if exists ${dbName} with (force)`);
      await admin?.end();
      for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    }, 60_000);

    it('a session made on one server is good on the other', async () => {
      const onA = new Browser(a.base);
      expect((await onA.login(customerEmail)).status).toBe(200);
      const onB = onA.on(b.base);
      const me = await onB.fetch('GET', '/api/v1/auth/session');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: customerEmail } });
    });

    it('a customer on A receives, live, a message staff post on B', async () => {
      const customer = new Browser(a.base);
      await customer.login(customerEmail);
      const staff = new Browser(b.base);
      // The next step's code: the one of this step may have been spent by the set-up's sign-in.
      await staff.fetch('POST', '/api/v1/auth/login', {
        email: staffEmail,
        password: PASSWORD,
        otp: totpCode(staffSecret, Math.floor(Date.now() / 1000) + 30),
      });
      const ctl = new AbortController();
      const stream = await fetch(`${a.base}/api/v1/events`, { headers: customer.headers(), signal: ctl.signal });
      expect(stream.status).toBe(200);
      const body = `Hello from B ${randomBytes(4).toString('hex')}`;
      let received = '';
      const reading = (async () => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of stream.body!) {
            received += decoder.decode(chunk as Uint8Array, { stream: true });
            if (received.includes(body)) return;
          }
        } catch {
          /* aborted */
        }
      })();
      // The stream is open (its first bytes are in) before the message is posted.
      await eventually(async () => received.length > 0 || undefined, 10_000, 'the stream opens');
      const posted = await staff.fetch('POST', `/api/v1/tickets/${ticketId}/messages`, { body });
      expect(posted.status).toBe(201);
      await eventually(async () => received.includes(body) || undefined, 10_000, 'the message reaches A');
      ctl.abort();
      await reading;
      expect(received).toContain('message.created');
    });

    it('signing out on A ends the session on B', async () => {
      const onA = new Browser(a.base);
      await onA.login(customerEmail);
      // The same cookies kept aside for B (the jar on A drops them at sign-out, a stolen copy would not).
      const onB = new Browser(b.base);
      onB.jar = new Map(onA.jar);
      expect((await onB.fetch('GET', '/api/v1/tickets')).status).toBe(200); // B has seen (and may cache) it
      expect((await onA.fetch('POST', '/api/v1/auth/logout', {})).status).toBeLessThan(300);
      // Refused on B (a session cache, if any, must hear of the sign-out within a second).
      await eventually(
        async () => (await onB.fetch('GET', '/api/v1/tickets')).status === 401 || undefined,
        1000,
        'B refuses the signed-out session',
      );
    });

    it('failed sign-ins counted on A and B together lock the account on both', async () => {
      const onA = new Browser(a.base);
      const onB = new Browser(b.base);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await (i % 2 ? onB : onA).login(lockedEmail, 'wrong-password-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      // Neither server has seen five failures itself; the database has.
      expect((await onA.login(lockedEmail)).status).toBe(429);
      expect((await onB.login(lockedEmail)).status).toBe(429);
    });

    it('a document uploaded on A downloads on B, byte for byte', async () => {
      const customer = new Browser(a.base);
      await customer.login(customerEmail);
      const [dt] = await rows(database.db, rowSchema({ id: col.text() }), sql`select id from document_types limit 1`);
      const file = pdf(`TWO-SERVERS-${randomBytes(4).toString('hex')}`);
      const boundary = `----two${randomBytes(6).toString('hex')}`;
      const part = (name: string, value: string) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const multipart = Buffer.concat([
        Buffer.from(part('document_type', dt!.id) + part('ticket_id', ticketId)),
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="w2.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await customer.fetch('POST', '/api/v1/documents', undefined, {
        body: multipart,
        type: `multipart/form-data; boundary=${boundary}`,
      });
      expect(up.status).toBe(201);
      const [doc] = ((await up.json()) as { items: { id: string }[] }).items;
      expect(s3.objects.size).toBeGreaterThan(0); // in the bucket, not on A's disk
      const down = await customer.on(b.base).fetch('GET', `/api/v1/documents/${doc!.id}/file`);
      expect(down.status).toBe(200);
      expect(Buffer.from(await down.arrayBuffer()).equals(file)).toBe(true);
    });

    it('a due reminder is sent once, though both servers run the job', async () => {
      // Both runners ticked at their start; give a late one time to (wrongly) send it again.
      const reminders = () =>
        rows(
          database.db,
          count,
          sql`select count(*)::int as n from outbox where "to" = ${customerEmail} and subject like 'Reminder:%'`,
        ).then((r) => r[0]!.n);
      await eventually(async () => (await reminders()) > 0 || undefined, 20_000, 'the reminder is sent');
      await new Promise((r) => setTimeout(r, 2000));
      expect(await reminders()).toBe(1);
    });
  },
);
