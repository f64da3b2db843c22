// bench/faults/pg-restart.mjs: PostgreSQL stopped and started again under load, the app server left running.
// It makes its own PostgreSQL cluster (initdb in a temp dir, port 5441, removed after; never the system one),
// starts the built server on it and a load of customers and staff (lists, ticket pages, messages, searches,
// status moves), each customer with an open event stream. Then `pg_ctl stop -m fast`, DOWN_S seconds down,
// `pg_ctl start`. Expected:
//   - while PostgreSQL is down, /api/ready answers 503 and every API answer is a 503 problem+json (no 500);
//   - the server recovers by itself (same process): /api/ready 200 again, within seconds of the start;
//   - afterwards, no 5xx at all; and live events flow again (LISTEN re-established): a message staff post after
//     the restart reaches a customer's event stream.
//
// Usage: npm run build && node bench/faults/pg-restart.mjs [down seconds=6]
import { generateSecret } from 'otplib';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, removeBenchData, requireBuild, runScript, sleep, startServer } from '../lib/client.mjs';

requireBuild();
const DOWN_S = Number(process.argv[2] ?? 6);
const PORT = 3153;
const PG_PORT = 5441;
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PASSWORD = 'faults-pass-2026';
const CUSTOMERS = 8;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-pgrestart-'));
fs.chmodSync(dir, 0o777);
const pgdata = path.join(dir, 'pg');
const asPostgres = (cmd, args) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], { stdio: 'pipe' })
    : execFileSync(path.join(BIN, cmd), args, { stdio: 'pipe' });
const pgCtl = (...args) => asPostgres('pg_ctl', ['-D', pgdata, '-w', ...args]);

asPostgres('initdb', ['-D', pgdata, '-A', 'trust', '-U', 'postgres']);
pgCtl('-o', `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'pg.log'), 'start');
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: databaseUrl, LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

const phases = { before: new Map(), down: new Map(), after: new Map() };
let phase = 'before';
const tally = (status) => phases[phase].set(status, (phases[phase].get(status) ?? 0) + 1);
const bad = { downNot503: [], after5xx: [] };
const readyLog = [];
let server;
let running = true;
const streams = [];

try {
  const users = [
    {
      email: 'pg.staff@example.test',
      full_name: 'PG Staff',
      role: 'Admin',
      password: PASSWORD,
      totp_secret: generateSecret(),
    },
    ...Array.from({ length: CUSTOMERS }, (_, i) => ({
      email: `pg.customer${i}@example.test`,
      full_name: `PG Customer ${i}`,
      role: 'Customer',
      password: PASSWORD,
    })),
  ];
  const usersFile = path.join(dir, 'users.json');
  fs.writeFileSync(usersFile, JSON.stringify(users));
  await runScript(['create-users', '--', '--file', usersFile], env);
  server = startServer({ port: PORT, env });
  await server.ready();
  const pid = server.child.pid;
  const staff = new Client(server.base);
  await staff.login(users[0].email, PASSWORD, users[0].totp_secret);
  const services = (await staff.get('/api/v1/catalog/services')).data.items;
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = new Client(server.base);
    await c.login(users[i + 1].email, PASSWORD);
    const t = await c.post('/api/v1/tickets', {
      service_id: services[i % services.length].id,
      year: 2025,
      phone: '+12025550100',
    });
    c.ticket = t.data.id;
    c.events = [];
    streams.push(await c.openEvents((d) => c.events.push(d)));
    customers.push(c);
  }

  const record = async (fn) => {
    try {
      const r = await fn();
      tally(r.status);
      if (phase === 'down' && r.status >= 500 && r.status !== 503)
        bad.downNot503.push(`${r.status} ${JSON.stringify(r.data).slice(0, 120)}`);
      if (phase === 'down' && r.status === 503 && !/problem\+json/.test(r.type))
        bad.downNot503.push(`503 as ${r.type}`);
      if (phase === 'after' && r.status >= 500)
        bad.after5xx.push(`${r.status} ${JSON.stringify(r.data).slice(0, 120)}`);
    } catch (err) {
      tally('no answer');
      if (phase === 'after') bad.after5xx.push(`no answer: ${err.message}`);
    }
  };
  const customerLoop = async (c) => {
    while (running) {
      await record(() => c.get('/api/v1/tickets'));
      await record(() => c.get(`/api/v1/tickets/${c.ticket}`));
      await record(() => c.post(`/api/v1/tickets/${c.ticket}/messages`, { body: 'still there?' }));
      await sleep(100);
    }
  };
  const staffLoop = async () => {
    const moves = ['Tax Preparation', 'Required More Information'];
    let k = 0;
    while (running) {
      await record(() => staff.get('/api/v1/tickets?q=PG'));
      const c = customers[k % customers.length];
      await record(() => staff.post(`/api/v1/tickets/${c.ticket}/status`, { status: moves[k++ % 2] }));
      await sleep(100);
    }
  };
  const readyLoop = async () => {
    while (running) {
      const t = Date.now();
      try {
        const p = phase;
        readyLog.push({ t, phase: p, status: (await fetch(`${server.base}/api/ready`)).status });
      } catch {
        readyLog.push({ t, phase, status: 'no answer' });
      }
      await sleep(100);
    }
  };
  const load = [...customers.map(customerLoop), staffLoop(), readyLoop()];

  await sleep(4000);
  const stopAt = Date.now();
  pgCtl('-m', 'fast', 'stop');
  // From here PostgreSQL is gone (requests that were in flight during the stop finished before it returned).
  phase = 'down';
  await sleep(DOWN_S * 1000);
  pgCtl('-o', `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'pg.log'), 'start');
  const startedAt = Date.now();
  // Recovered: the first 200 of /api/ready after the start.
  let recoveredAt = null;
  while (!recoveredAt && Date.now() - startedAt < 60_000) {
    const r = readyLog.findLast((x) => x.t >= startedAt && x.status === 200);
    if (r) recoveredAt = r.t;
    else await sleep(100);
  }
  phase = 'after';
  const afterAt = Date.now();
  await sleep(2000); // the streams' LISTEN is re-established within a second of the database answering
  for (const c of customers) c.events.length = 0;
  for (const c of customers)
    await record(() => staff.post(`/api/v1/tickets/${c.ticket}/messages`, { body: 'after the restart' }));
  await sleep(8000);
  running = false;
  await Promise.all(load);
  const liveAfter = customers.filter((c) => c.events.some((e) => e.includes('after the restart'))).length;

  const downReady = readyLog.filter((x) => x.phase === 'down' && x.t < startedAt);
  const fmt = (m) => JSON.stringify(Object.fromEntries(m));
  console.log(
    `PostgreSQL 15 (own cluster, port ${PG_PORT}); ${CUSTOMERS} customers (each with an event stream) and 1 staff in a loop`,
  );
  console.log(`PostgreSQL down ${((startedAt - stopAt) / 1000).toFixed(1)} s (pg_ctl stop -m fast ... start)`);
  console.log(`answers before: ${fmt(phases.before)}`);
  console.log(`answers while down (and until ready): ${fmt(phases.down)}`);
  console.log(`answers after recovery (${((Date.now() - afterAt) / 1000).toFixed(0)} s): ${fmt(phases.after)}`);
  console.log(
    `/api/ready while down: ${downReady.length} polls, ${downReady.filter((x) => x.status === 503).length} answered 503`,
  );
  console.log(
    `recovered (ready 200) ${recoveredAt ? ((recoveredAt - startedAt) / 1000).toFixed(1) + ' s after the start' : 'NEVER'}; server process ${server.child.pid === pid && server.child.exitCode === null ? 'the same, never restarted' : 'RESTARTED OR DIED'}`,
  );
  console.log(`live events after the restart: ${liveAfter} of ${CUSTOMERS} customers' open streams got the message`);
  console.log(`5xx answers while down that were not 503 problem+json: ${bad.downNot503.length}`);
  for (const b of bad.downNot503.slice(0, 10)) console.log(`  ${b}`);
  console.log(`5xx (or no answer) after recovery: ${bad.after5xx.length}`);
  for (const b of bad.after5xx.slice(0, 10)) console.log(`  ${b}`);
  const ok =
    recoveredAt &&
    downReady.length > 0 &&
    downReady.every((x) => x.status === 503) &&
    bad.downNot503.length === 0 &&
    bad.after5xx.length === 0 &&
    liveAfter === CUSTOMERS;
  console.log(ok ? 'all expectations met' : 'expectations NOT met');
  process.exitCode = ok ? 0 : 1;
} finally {
  running = false;
  for (const s of streams) await s.close().catch(() => {});
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    /* already stopped */
  }
  removeBenchData(path.join(dir, 'data'));
  fs.rmSync(dir, { recursive: true, force: true });
}
