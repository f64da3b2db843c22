// API throughput against the speed of its data: each endpoint people wait on, served by
//   portal: the real server (apps/server/dist/main.js, production mode, built by this script),
//   own:    a bare Fastify route running the portal's own SQL (bench/api/bare.mjs own),
//   index:  a bare route reading the same rows by index alone (bench/api/bare.mjs index),
// each loaded by autocannon (50 connections, 10 s), the three servers interleaved endpoint by endpoint in one run,
// so the ratios hold even on a busy machine.
//
//   node bench/api/run.mjs [--duration 10] [--connections 50] [--write LABEL] [--keep] [--profile DIR] [--plain-node]
//
// Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust; BENCH_PG overrides the server URL). Creates its own
// database bench_api_<pid> (1,000 customers with exactly 30 tickets each, 50 staff, 150,000 messages; a ticket
// with 120 messages) and drops it at the end (unless --keep: then drop it yourself). --write LABEL appends the table to bench/api/RESULTS.md.
// --profile DIR: the portal runs with node --cpu-prof and writes its profile of the whole run into DIR.
// The portal runs with `npm start`'s Node flags (scripts/server-process.mjs); --plain-node runs it
// with Node's defaults instead, to measure what they cost.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process.mjs';
import { enrollStaffTotp, signIn } from '../lib/staff-sign-in.mjs';
import { seed } from '../tickets/seed.mjs';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DURATION = Number(option('duration', 10));
const CONNECTIONS = Number(option('connections', 50));
const LABEL = option('write', null);
const PROFILE = option('profile', null);
const PLAIN_NODE = args.includes('--plain-node');
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = `bench_api_${process.pid}`;
const DB_URL = `${SERVER}/${DB}`;
const PASSWORD = 'bench-password-1';
const PORTS = { portal: 3181, own: 3182, index: 3183 };
const SESSION_SECRET = randomBytes(32).toString('hex');
const ENCRYPTION_KEY = randomBytes(32);
const CUSTOMER = 'cust-500';
const log = (...a) => console.log(...a);
const sh = (cmd) =>
  new Promise((resolve) => {
    const c = spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('exit', () => resolve(out.trim()));
  });

async function adminQuery(text) {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function prepareDatabase() {
  await adminQuery(`create database ${DB}`);
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const { seedBase } = await import('../../apps/server/src/platform/db/seed.ts');
  const { hashPassword } = await import('../../apps/server/src/platform/passwords.ts');
  const database = openPostgres(DB_URL, 2);
  await database.migrate();
  await seedBase(database.db);
  await database.close();
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  // 30,000 = 30 × 1,000 customers: ticket g goes to customer 1 + (g × 7919) mod 1000, so each has exactly 30.
  await seed(c, { customers: 1000, tickets: 30_000, messagesPerTicket: 5 }, () => {});
  const staff = (
    await c.query(
      `select u.id, u.email from users u join user_roles r on r.user_id = u.id and r.role = 'Customer Care Department'
       order by u.id limit 1`,
    )
  ).rows[0];
  const customer = (await c.query(`select id, email from users where id = $1`, [CUSTOMER])).rows[0];
  // Staff sign in with a second factor (docs/decisions/0019-a): the staff member gets an authenticator secret.
  staff.totp = await enrollStaffTotp(DB_URL, ENCRYPTION_KEY, staff.id);
  await c.query('update users set password_hash = $1 where id = any($2)', [
    await hashPassword(PASSWORD),
    [customer.id, staff.id],
  ]);
  // The customer's latest ticket carries a long conversation (more than a page), and they have read half of
  // their tickets at some point (unread counts have something to count).
  const ticket = (
    await c.query(`select id from tickets where customer_id = $1 order by updated_at desc, id desc limit 1`, [
      customer.id,
    ])
  ).rows[0];
  await c.query(
    `insert into ticket_messages (ticket_id, author_id, body, internal, created_at)
     select $1, case when k % 2 = 0 then $2 else $3 end, 'Message ' || k || ': the figures you asked for are attached.',
            k % 10 = 0, now() - (200 - k) * interval '1 hour'
     from generate_series(1, 120) k`,
    [ticket.id, customer.id, staff.id],
  );
  await c.query(
    `insert into ticket_reads (user_id, ticket_id, last_read_at)
     select customer_id, id, created_at + interval '2 hours' from tickets where customer_id = $1 and number % 2 = 0
     on conflict (user_id, ticket_id) do update set last_read_at = excluded.last_read_at`,
    [customer.id],
  );
  // What reading then would have left them seeing (docs/decisions/0023): their own messages and those before it.
  await c.query(
    `update ticket_reads r set seen_all = c.n_all, seen_public = c.n_public
     from (select r2.user_id, r2.ticket_id, count(*)::int as n_all, (count(*) filter (where not m.internal))::int as n_public
           from ticket_reads r2 join ticket_messages m on m.ticket_id = r2.ticket_id
           where r2.user_id = $1 and (m.author_id = r2.user_id or m.created_at <= r2.last_read_at)
           group by r2.user_id, r2.ticket_id) c
     where r.user_id = c.user_id and r.ticket_id = c.ticket_id`,
    [customer.id],
  );
  await c.query('vacuum analyze');
  const counts = (
    await c.query(
      `select (select count(*) from tickets)::int as tickets, (select count(*) from ticket_messages)::int as messages,
              (select count(*) from tickets where customer_id = $1)::int as mine`,
      [customer.id],
    )
  ).rows[0];
  await c.end();
  return { customer, staff, ticket: ticket.id, counts };
}

async function waitReady(base, child) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${base}: exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${base} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function start(name, argv, env) {
  const child = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORTS[name]}`;
  return {
    name,
    base,
    child,
    ready: () => waitReady(base, child),
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r();
        child.on('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

function cannon(base, requests, cookie) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { cookie, 'accept-encoding': 'gzip, br' },
        requests: requests.map((p) => ({ method: 'GET', path: p })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** One request through each server: every answer must be a 200 with the rows the endpoint shows. */
async function check(servers, ep, cookie) {
  for (const s of servers) {
    for (const p of ep.paths) {
      const res = await fetch(`${s.base}${p}`, { headers: { cookie } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${s.name} ${p}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
}

const built = await sh(`cd ${root}/apps/server && node build.mjs && echo ok`);
if (!built.endsWith('ok')) throw new Error('server build failed');
log(`seeding ${DB} …`);
const data = await prepareDatabase();
const servers = [];
try {
  const profiling = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE)] : [];
  const nodeFlags = PLAIN_NODE ? [] : SERVER_NODE_FLAGS;
  const portal = start('portal', [...profiling, ...nodeFlags, 'apps/server/dist/main.js'], {
    NODE_ENV: 'production',
    PORT: String(PORTS.portal),
    HOST: '127.0.0.1',
    DATABASE_URL: DB_URL,
    PUBLIC_URL: `http://127.0.0.1:${PORTS.portal}`,
    SESSION_SECRET,
    ENCRYPTION_KEY: ENCRYPTION_KEY.toString('base64'),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-api-')),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  servers.push(portal);
  await portal.ready();
  const customer = await signIn(portal.base, data.customer.email, PASSWORD);
  const staff = await signIn(portal.base, data.staff.email, PASSWORD, data.staff.totp);
  const sessions = {
    [customer.token]: { userId: data.customer.id, isStaff: false },
    [staff.token]: { userId: data.staff.id, isStaff: true },
  };
  const own = start('own', ['--import', 'tsx', 'bench/api/bare.mjs', 'own', String(PORTS.own)], {
    BENCH_DB_URL: DB_URL,
    SESSION_SECRET,
  });
  const index = start('index', ['--import', 'tsx', 'bench/api/bare.mjs', 'index', String(PORTS.index)], {
    BENCH_DB_URL: DB_URL,
    BENCH_SESSIONS: JSON.stringify(sessions),
  });
  servers.push(own, index);
  await own.ready();
  await index.ready();

  const endpoints = [
    { label: "customer's ticket list", paths: ['/api/v1/tickets'], cookie: customer.cookie },
    { label: 'staff ticket list', paths: ['/api/v1/tickets?scope=all'], cookie: staff.cookie },
    { label: 'staff search (q=)', paths: ['/api/v1/tickets?scope=all&q=ohnso'], cookie: staff.cookie },
    {
      label: 'ticket detail + first page of messages (2 requests)',
      paths: [`/api/v1/tickets/${data.ticket}`, `/api/v1/tickets/${data.ticket}/messages`],
      cookie: customer.cookie,
    },
    { label: "customer's dashboard", paths: ['/api/v1/dashboard'], cookie: customer.cookie },
  ];
  const uptimeBefore = await sh('uptime');
  log(`\n${uptimeBefore}`);
  const results = [];
  for (const ep of endpoints) {
    await check([portal, own, index], ep, ep.cookie);
    const row = { label: ep.label };
    for (const s of [portal, own, index]) {
      // A short warm-up (JIT, plans, pool), then the measured run.
      await new Promise((resolve, reject) =>
        autocannon(
          {
            url: s.base,
            connections: 10,
            amount: 500,
            headers: { cookie: ep.cookie },
            requests: ep.paths.map((p) => ({ method: 'GET', path: p })),
          },
          (e, r) => (e ? reject(e) : resolve(r)),
        ),
      );
      const r = await cannon(s.base, ep.paths, ep.cookie);
      if (r.non2xx) throw new Error(`${s.name} ${ep.label}: ${r.non2xx} answers were not 2xx`);
      // Errors are timeouts (10 s without an answer: a machine overloaded by something else): counted, shown.
      row[s.name] = { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors };
      log(
        `  ${ep.label} / ${s.name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
    results.push(row);
  }
  const uptimeAfter = await sh('uptime');
  log(uptimeAfter);

  const f = (n) => Math.round(n).toLocaleString('en-US');
  const p99 = (x) => `${x.p99}${x.errors ? ` (${x.errors} timeouts)` : ''}`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const lines = [
    `| endpoint | portal req/s | portal p99 ms | own SQL req/s | own SQL p99 ms | index only req/s | index only p99 ms | portal / own SQL | portal / index only |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...results.map(
      (r) =>
        `| ${r.label} | ${f(r.portal.rps)} | ${p99(r.portal)} | ${f(r.own.rps)} | ${p99(r.own)} | ${f(r.index.rps)} | ${p99(r.index)} | ${ratio(r.portal.rps, r.own.rps)} | ${ratio(r.portal.rps, r.index.rps)} |`,
    ),
  ];
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`;
  const head = `Run ${new Date().toISOString().slice(0, 16)}Z on ${machine}; ${data.counts.tickets} tickets (the customer's: ${data.counts.mine}), ${data.counts.messages} messages; ${CONNECTIONS} connections, ${DURATION} s per server and endpoint, servers interleaved.\n\n- uptime before: \`${uptimeBefore}\`\n- uptime after: \`${uptimeAfter}\``;
  log(`\n${head}\n\n${lines.join('\n')}`);
  if (LABEL) {
    const file = path.join(here, 'RESULTS.md');
    fs.appendFileSync(file, `\n### ${LABEL}\n\n${head}\n\n${lines.join('\n')}\n`);
    log(`\nappended to ${path.relative(root, file)}`);
  }
} finally {
  for (const s of servers) await s.stop();
  if (args.includes('--keep')) log(`kept ${DB_URL}`);
  else await adminQuery(`drop database if exists ${DB} with (force)`);
}
