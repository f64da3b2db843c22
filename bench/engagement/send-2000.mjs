// A season's first day (issue 33): an engagement letter to 2,000 clients at once, on PostgreSQL. 2,000 customers with
// a ticket each and a default template; staff send one batch (POST /api/v1/engagement-letters/batches) through the
// real server's HTTP API and wait for every letter to be sent and its mail queued in the outbox. Meanwhile another
// staff member lists tickets (GET /api/v1/tickets) back to back: the portal must keep answering. Prints a table:
// time until the batch is accepted (202), time until all letters are sent and mailed, the server's peak RSS (sampled
// from /proc every 10 ms, and VmHWM) and peak V8 heap (bench/engagement/heap-probe.mjs inside the server), and the
// ticket list's p50/p95 before (idle) and during the send.
//
//   node bench/engagement/send-2000.mjs [--clients 2000]
//
// Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth; BENCH_PG overrides the server URL). A fresh database
// tp_bench_letters_<pid> is made and dropped at the end. Runs the server from source (tsx), as bench/client-import.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { Client, freshDatabase, pct, root } from '../lib/client.mjs';
import { numberOption, memoryOf, startSourceServer } from '../lib/source-server.mjs';
import { enrollStaffTotp } from '../lib/staff-sign-in.mjs';

register();
const CLIENTS = numberOption('clients', 2000);
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const PASSWORD = 'bench-password-1';
const ENCRYPTION_KEY = randomBytes(32);
const log = (...a) => console.log(...a);

/** Migrated, the reference data, two staff with authenticator apps, CLIENTS customers with a ticket each. */
async function prepare(dbUrl) {
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const { seedBase } = await import('../../apps/server/src/platform/db/seed.ts');
  const { createUser, createPasswordlessCustomers } = await import('../../apps/server/src/platform/users.ts');
  const database = openPostgres(dbUrl, 2);
  await database.migrate();
  await seedBase(database.db);
  const staff = [];
  for (const [role, name] of [
    ['Admin', 'Bench Admin'],
    ['Tax Preparer', 'Bench Preparer'],
  ]) {
    const email = `bench-${role.split(' ')[0].toLowerCase()}-${randomUUID().slice(0, 8)}@bench.test`;
    const id = await createUser(database.db, { email, full_name: name, password: PASSWORD, roles: [role] });
    staff.push({ email, id });
  }
  for (let i = 0; i < CLIENTS; i += 500)
    await createPasswordlessCustomers(
      database.db,
      Array.from({ length: Math.min(500, CLIENTS - i) }, (_, k) => ({
        email: `client-${i + k}@bench.test`,
        full_name: `Client ${i + k} Ñúñez`,
        phone: null,
      })),
    );
  // Plain SQL strings (drizzle's execute takes them): nothing here comes from outside.
  const years = await database.db.execute('select max(year) as year from tax_years');
  const year = Number(years.rows[0].year);
  if (!Number.isInteger(year)) throw new Error('no tax year');
  await database.db.execute(
    `insert into tickets (id, customer_id, service_id, service_type_id, year, created_by)
        select gen_random_uuid()::text, u.id, s.id, s.service_type_id, ${year}, u.id
        from users u, (select id, service_type_id from services order by id limit 1) s
        where u.email like 'client-%@bench.test'`,
  );
  await database.close();
  const totps = [];
  for (const s of staff) totps.push(await enrollStaffTotp(dbUrl, ENCRYPTION_KEY, s.id));
  return { staff: staff.map((s, i) => ({ ...s, totp: totps[i] })), year };
}

/** The ticket list as the second staff member, back to back until `until()` says stop: the latencies (ms). */
async function listTickets(client, until) {
  const times = [];
  while (!until()) {
    const started = performance.now();
    const res = await client.get('/api/v1/tickets');
    if (res.status !== 200) throw new Error(`GET /api/v1/tickets: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const heapPeaks = async (file) => {
  fs.writeFileSync(`${file}.ask`, '');
  for (let i = 0; i < 50 && fs.existsSync(`${file}.ask`); i++) await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};

const db = await freshDatabase(`${SERVER}/postgres`, 'tp_bench_letters');
const probeFile = path.join(os.tmpdir(), `tp-bench-letters-heap-${process.pid}.json`);
let server;
try {
  const setupStarted = performance.now();
  const { staff, year } = await prepare(db.url);
  server = await startSourceServer({
    name: 'letters',
    dbUrl: db.url,
    encryptionKey: ENCRYPTION_KEY,
    imports: [path.join(root, 'bench/engagement/heap-probe.mjs')],
    env: { HEAP_PROBE_FILE: probeFile },
  });
  const [admin, preparer] = staff.map(() => new Client(server.base));
  await admin.login(staff[0].email, PASSWORD, staff[0].totp);
  await preparer.login(staff[1].email, PASSWORD, staff[1].totp);
  const api = async (client, method, url, json) => {
    const res = await client.req(method, url, json === undefined ? {} : { json });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data;
  };
  await api(admin, 'POST', '/api/v1/admin/engagement-templates', {
    name: 'Season engagement',
    service_type_id: null,
    is_default: true,
    body: '<p>Dear {{client_name}},</p><p>{{firm_name}} will prepare your {{tax_year}} return.</p>{{services}}<p>{{date}}</p>',
  });
  const pid = server.child.pid;
  log(
    `${CLIENTS} clients with a ticket of ${year}; set-up ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // The ticket list idle, for comparison.
  const idleUntil = Date.now() + 5000;
  const idle = await listTickets(preparer, () => Date.now() > idleUntil);
  const idleMem = memoryOf(pid);

  const preview = await api(admin, 'POST', '/api/v1/engagement-letters/batches/preview', { tax_year: year });
  log(`preview: ${JSON.stringify(preview)}`);

  let peakRss = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
    } catch {
      /* exited */
    }
  }, 10);
  let done = false;
  const during = listTickets(preparer, () => done);
  const started = performance.now();
  const batch = await api(admin, 'POST', '/api/v1/engagement-letters/batches', { tax_year: year });
  const accepted = (performance.now() - started) / 1000;
  let progress = batch;
  while (progress.state !== 'done') {
    await new Promise((r) => setTimeout(r, 250));
    progress = await api(admin, 'GET', `/api/v1/engagement-letters/batches/${batch.id}`);
  }
  const allSent = (performance.now() - started) / 1000;
  done = true;
  const busy = await during;
  clearInterval(sampler);
  const heap = await heapPeaks(probeFile);

  const { default: pg } = await import('pg');
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const count = async (q) => Number((await check.query(q)).rows[0].n);
  const letters = await count(`select count(*) as n from engagement_letters where state = 'sent'`);
  const mails = await count(`select count(*) as n from outbox where "to" like 'client-%@bench.test'`);
  const notices = await count(`select count(*) as n from notifications where kind = 'engagement'`);
  await check.end();

  const rows = [
    ['clients (tickets)', CLIENTS],
    ['batch accepted (202)', `${accepted.toFixed(2)} s`],
    ['all letters sent, mails queued', `${allSent.toFixed(1)} s (${(letters / allSent).toFixed(0)} letters/s)`],
    ['letters sent / mails in outbox / portal notices', `${letters} / ${mails} / ${notices}`],
    ['batch: sent, skipped, failed', `${progress.sent}, ${JSON.stringify(progress.skipped)}, ${progress.failed}`],
    [
      'server RSS idle → peak (VmHWM)',
      `${idleMem.rss.toFixed(0)} → ${peakRss.toFixed(0)} MB (${memoryOf(pid).hwm.toFixed(0)} MB)`,
    ],
    ['server V8 heap used, peak', `${heap.heapUsed.toFixed(0)} MB (heap total ${heap.heapTotal.toFixed(0)} MB)`],
    [
      'GET /api/v1/tickets idle: n, p50, p95',
      `${idle.length}, ${pct(idle, 50).toFixed(1)} ms, ${pct(idle, 95).toFixed(1)} ms`,
    ],
    [
      '… during the send: n, p50, p95, max',
      `${busy.length}, ${pct(busy, 50).toFixed(1)} ms, ${pct(busy, 95).toFixed(1)} ms, ${busy.at(-1).toFixed(0)} ms`,
    ],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  log('');
  log(`| ${'measure'.padEnd(w)} | value |`);
  log(`| ${'-'.repeat(w)} | ----- |`);
  for (const [k, v] of rows) log(`| ${k.padEnd(w)} | ${v} |`);
  if (letters !== CLIENTS || mails !== CLIENTS) process.exitCode = 1;
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(`${server.dataDir}.keys.json`, { force: true });
  }
  fs.rmSync(probeFile, { force: true });
  await db.drop();
}
