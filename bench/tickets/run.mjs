// Tickets at scale: 1,000,000 tickets and 5,000,000 messages in PostgreSQL, and the
// latency of the endpoints people wait on, measured at HTTP against the real server.
//
//   npm run build && node bench/tickets/run.mjs [--requests 200] [--reseed] [--write]
//
// Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth); BENCH_PG overrides the
// server URL. Creates (or reuses) the database taxportal_bench. --write records the
// figures in bench/tickets/RESULTS.md. Targets (p95): list <= 10 ms, search <= 30 ms,
// dashboard <= 50 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process.mjs';
import { requireBuild, serverMain } from '../lib/client.mjs';
import { enrollStaffTotp, signIn } from '../lib/staff-sign-in.mjs';
import { LAST, seed } from './seed.mjs';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const REQUESTS = option('requests', 200);
const SIZE = { customers: option('customers', 200_000), tickets: option('tickets', 1_000_000), messagesPerTicket: 5 };
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'taxportal_bench';
const DB_URL = `${SERVER}/${DB}`;
const PASSWORD = 'bench-password-1';
// The server's key: the staff member's authenticator secret is stored sealed with it.
const ENCRYPTION_KEY = randomBytes(32);
const log = (...a) => console.log(...a);

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount > 0;
  let ready = false;
  if (exists && !flag('reseed')) {
    const c = new pg.Client({ connectionString: DB_URL });
    await c.connect();
    ready = await c
      .query('select count(*)::int as n from tickets')
      .then((r) => r.rows[0].n >= SIZE.tickets)
      .catch(() => false);
    await c.end();
  }
  if (!ready) {
    if (exists) await admin.query(`drop database ${DB} with (force)`);
    await admin.query(`create database ${DB}`);
  }
  await admin.end();
  if (ready) {
    log(`reusing ${DB} (pass --reseed to rebuild it)`);
    // Migrations the database predates (the staff member's authenticator app is written before the server starts).
    const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
    const database = openPostgres(DB_URL, 1);
    await database.migrate();
    await database.close();
    return;
  }
  log(
    `seeding ${DB}: ${SIZE.customers} customers, ${SIZE.tickets} tickets, ${SIZE.tickets * SIZE.messagesPerTicket} messages`,
  );
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const { seedBase } = await import('../../apps/server/src/platform/db/seed.ts');
  const database = openPostgres(DB_URL, 2);
  await database.migrate();
  await seedBase(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const started = performance.now();
  await seed(client, SIZE, log);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await client.end();
}

/** Gives the bench accounts a known password (the seed leaves everyone without one). */
async function benchAccounts() {
  const { hashPassword } = await import('../../apps/server/src/platform/passwords.ts');
  const hash = await hashPassword(PASSWORD);
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  // Customers with a typical number of tickets, and the busiest Customer Care user.
  const customers = (
    await client.query(
      `select u.id, u.email from users u where u.id in ('cust-101', 'cust-2020', 'cust-33333', 'cust-77777', 'cust-150001')`,
    )
  ).rows;
  const staff = (
    await client.query(
      `select u.id, u.email from users u join user_roles r on r.user_id = u.id and r.role = 'Customer Care Department'
       order by (select count(*) from tickets t where t.assignee_id = u.id) desc limit 1`,
    )
  ).rows[0];
  await client.query('update users set password_hash = $1 where id = any($2)', [
    hash,
    [...customers.map((c) => c.id), staff.id],
  ]);
  // Staff sign in with a second factor (docs/decisions/0019-a); a second run replaces the first run's app.
  staff.totp = await enrollStaffTotp(DB_URL, ENCRYPTION_KEY, staff.id);
  const phones = (
    await client.query(`select phone from users where id like 'cust-%' order by md5(id) limit 50`)
  ).rows.map((r) => r.phone);
  const counts = (
    await client.query(
      `select (select count(*) from tickets)::int as tickets, (select count(*) from ticket_messages)::int as messages`,
    )
  ).rows[0];
  await client.end();
  return { customers, staff, phones, counts };
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: DB_URL,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: ENCRYPTION_KEY.toString('base64'),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-')),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before it was ready`);
    if (
      (await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )) === true
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop: () => new Promise((r) => (child.on('exit', r), child.kill('SIGTERM'))) };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Times `REQUESTS` sequential requests (after a warm-up), each from send to the last byte. */
async function measure(base, label, next) {
  for (let i = 0; i < 20; i++)
    await (await fetch(`${base}${next(i).url}`, { headers: { cookie: next(i).cookie } })).arrayBuffer();
  const times = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const { url, cookie } = next(i);
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${label}: ${url} answered ${res.status} ${JSON.stringify(body)}`);
    rows += Array.isArray(body.items) ? body.items.length : 1;
  }
  times.sort((a, b) => a - b);
  return {
    label,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    max: times.at(-1),
    rowsPerRequest: rows / REQUESTS,
  };
}

requireBuild();
await prepareDatabase();
const { customers, staff, phones, counts } = await benchAccounts();
const server = await startServer();
try {
  const customerCookies = [];
  for (const c of customers) customerCookies.push((await signIn(server.base, c.email, PASSWORD)).cookie);
  const staffCookie = (await signIn(server.base, staff.email, PASSWORD, staff.totp)).cookie;
  const fragments = LAST.map((l) => l.toLowerCase().slice(1, 6));
  const results = [
    await measure(server.base, 'baseline: GET /api/health (no session, no query)', () => ({
      url: '/api/health',
      cookie: '',
    })),
    await measure(server.base, 'baseline: GET /api/v1/auth/session (session lookup)', () => ({
      url: '/api/v1/auth/session',
      cookie: staffCookie,
    })),
    await measure(server.base, "customer's list (first page)", (i) => ({
      url: '/api/v1/tickets',
      cookie: customerCookies[i % customerCookies.length],
    })),
    await measure(server.base, 'staff list (first page)', () => ({ url: '/api/v1/tickets', cookie: staffCookie })),
    await measure(server.base, 'search: customer-name fragment', (i) => ({
      url: `/api/v1/tickets?q=${fragments[i % fragments.length]}`,
      cookie: staffCookie,
    })),
    await measure(server.base, 'search: phone', (i) => ({
      url: `/api/v1/tickets?q=${encodeURIComponent(phones[i % phones.length].slice(2))}`,
      cookie: staffCookie,
    })),
    await measure(server.base, 'staff dashboard', () => ({ url: '/api/v1/dashboard', cookie: staffCookie })),
    await measure(server.base, 'Open Request (first page)', () => ({
      url: '/api/v1/tickets?scope=all&status=Open',
      cookie: staffCookie,
    })),
    await measure(server.base, 'contacts search: name fragment', (i) => ({
      url: `/api/v1/contacts?q=${fragments[i % fragments.length]}`,
      cookie: staffCookie,
    })),
    await measure(server.base, 'customer dashboard', (i) => ({
      url: '/api/v1/dashboard',
      cookie: customerCookies[i % customerCookies.length],
    })),
  ];
  const target = {
    "customer's list (first page)": 10,
    'staff list (first page)': 10,
    'search: customer-name fragment': 30,
    'search: phone': 30,
    'staff dashboard': 50,
  };
  const ms = (v) => v.toFixed(1);
  const lines = [
    `| endpoint | p50 ms | p95 ms | p99 ms | max ms | target p95 | rows |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...results.map(
      (r) =>
        `| ${r.label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${target[r.label] ? `≤ ${target[r.label]}` : '–'}${target[r.label] ? (r.p95 <= target[r.label] ? ' ✓' : ' ✗') : ''} | ${r.rowsPerRequest.toFixed(0)} |`,
    ),
  ];
  log(
    `\n${counts.tickets} tickets, ${counts.messages} messages; ${REQUESTS} sequential requests per endpoint after 20 warm-up\n`,
  );
  log(lines.join('\n'));
  if (flag('write')) {
    const file = path.join(here, 'RESULTS.md');
    const header = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8').split('<!-- figures -->')[0]
      : '# Tickets benchmark\n\n';
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, PostgreSQL ${(await pgVersion()).split(' ')[1]}`;
    fs.writeFileSync(
      file,
      `${header}<!-- figures -->\nRun ${new Date().toISOString().slice(0, 16)}Z on ${machine}; ${counts.tickets} tickets, ${counts.messages} messages, ${REQUESTS} sequential requests per endpoint after 20 warm-up, timed at the client from send to last byte.\n\n${lines.join('\n')}\n`,
    );
    log(`\nwritten to ${path.relative(root, file)}`);
  }
} finally {
  await server.stop();
}

async function pgVersion() {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  const v = (await c.query('select version()')).rows[0].version;
  await c.end();
  return v;
}
