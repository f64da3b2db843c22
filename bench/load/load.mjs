// bench/load: 200 concurrent virtual users for 60 s against the built server, each a person at a browser:
// customers (each with an open event stream, as the web app keeps) read their ticket list, open a ticket's
// page (the ticket and its conversation), post messages, upload 1 MB PDFs, open new tickets and read their
// notifications; staff search tickets, read lists and move their tickets along the pipeline. Every user
// waits THINK_MS (uniform, mean 1 s) between actions. Reports requests, errors (anything but the expected
// 2xx, or no answer) and p50/p95/p99 per endpoint.
//
// Accounts are made before the run with `npm run create-users` (argon2 hashing is not what is measured) and
// signed in once each with LOGIN_RATE_LIMIT_PER_MINUTE raised for the server (200 sign-ins from one address
// in a minute would otherwise be refused by the per-IP limit, as they should be from one attacker).
//
// Usage: npm run build && node bench/load/load.mjs [users=200] [seconds=60]
// With BENCH_DATABASE_URL=postgres://user@host:port/postgres the server runs on a fresh PostgreSQL database
// made for the run (dropped after); without it, on the embedded database.
import { generateSecret } from 'otplib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Client,
  freshDatabase,
  multipart,
  pct,
  pdfOf,
  removeBenchData,
  requireBuild,
  runScript,
  sleep,
  startServer,
} from '../lib/client.mjs';

requireBuild();
const USERS = Number(process.argv[2] ?? 200);
const SECONDS = Number(process.argv[3] ?? 60);
const STAFF = Math.max(2, Math.round(USERS / 10));
const CUSTOMERS = USERS - STAFF;
const PORT = 3155;
const PASSWORD = 'load-pass-2026';
const THINK_MS = [500, 1500];
const ONE_MB = pdfOf(1024 * 1024);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-load-'));
const adminUrl = process.env.BENCH_DATABASE_URL;
const fresh = adminUrl ? await freshDatabase(adminUrl, 'tp_bench_load') : null;
const databaseUrl = fresh?.url;
const env = {
  DATA_DIR: dataDir,
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const stats = new Map(); // endpoint -> { ms: [], errors: 0, samples: [] }
function note(endpoint, ms, error) {
  let s = stats.get(endpoint);
  if (!s) stats.set(endpoint, (s = { ms: [], errors: 0, samples: [] }));
  s.ms.push(ms);
  if (error) {
    s.errors++;
    if (s.samples.length < 3) s.samples.push(error);
  }
}
let measuring = false;
/** Times one request; anything but `expect` (or no answer) is an error. */
async function timed(endpoint, expect, fn) {
  const t0 = performance.now();
  try {
    const r = await fn();
    const ms = performance.now() - t0;
    const ok = expect.includes(r.status);
    if (measuring) note(endpoint, ms, ok ? null : `${r.status} ${JSON.stringify(r.data).slice(0, 160)}`);
    return ok ? r : null;
  } catch (err) {
    if (measuring) note(endpoint, performance.now() - t0, `no answer: ${err.message}`);
    return null;
  }
}
const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
const pick = (a) => a[Math.floor(Math.random() * a.length)];

let server;
const streams = [];
try {
  const users = [
    ...Array.from({ length: STAFF }, (_, i) => ({
      email: `load.staff${i}@example.test`,
      full_name: `Load Preparer ${i}`,
      role: 'Tax Preparer',
      password: PASSWORD,
      // Staff must have a second factor: each preparer signs in with a TOTP code.
      totp_secret: generateSecret(),
    })),
    ...Array.from({ length: CUSTOMERS }, (_, i) => ({
      email: `load.customer${i}@example.test`,
      full_name: `Load Customer ${i}`,
      role: 'Customer',
      password: PASSWORD,
    })),
  ];
  const usersFile = path.join(dataDir, 'users.json');
  fs.writeFileSync(usersFile, JSON.stringify(users));
  let t0 = performance.now();
  await runScript(['create-users', '--', '--file', usersFile], env);
  console.log(
    `${users.length} accounts made with npm run create-users in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  server = startServer({ port: PORT, env });
  await server.ready(180_000);
  const base = server.base;

  // Sign-ins, a ticket per customer and the event streams: set-up, not measured.
  t0 = performance.now();
  const clients = users.map(() => new Client(base));
  for (let i = 0; i < users.length; i += 20)
    await Promise.all(
      clients.slice(i, i + 20).map((c, k) => c.login(users[i + k].email, PASSWORD, users[i + k].totp_secret)),
    );
  const staff = clients.slice(0, STAFF);
  const customers = clients.slice(STAFF);
  const services = (await staff[0].get('/api/v1/catalog/services')).data.items;
  const docType = (await staff[0].get('/api/v1/catalog/document-types')).data.items[0].id;
  const newTicket = (c) =>
    c.post('/api/v1/tickets', { service_id: pick(services).id, year: 2025, phone: '+12025550100' });
  for (let i = 0; i < customers.length; i += 20)
    await Promise.all(
      customers.slice(i, i + 20).map(async (c, k) => {
        const r = await newTicket(c);
        if (r.status !== 201) throw new Error(`set-up ticket: ${r.status} ${JSON.stringify(r.data)}`);
        c.tickets = [r.data.id];
        c.index = i + k;
      }),
    );
  let events = 0;
  for (const c of customers) streams.push(await c.openEvents(() => events++));
  console.log(
    `set-up (sign-ins, ${customers.length} tickets, ${streams.length} event streams) ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  /** A customer's session: a random action, think, again. */
  async function customer(c) {
    while (measuring) {
      const roll = Math.random();
      if (roll < 0.25) await timed('GET /api/v1/tickets', [200], () => c.get('/api/v1/tickets'));
      else if (roll < 0.5) {
        const id = pick(c.tickets);
        await timed('GET /api/v1/tickets/:id', [200], () => c.get(`/api/v1/tickets/${id}`));
        await timed('GET /api/v1/tickets/:id/messages', [200], () => c.get(`/api/v1/tickets/${id}/messages`));
      } else if (roll < 0.7) {
        const id = pick(c.tickets);
        await timed('POST /api/v1/tickets/:id/messages', [201], () =>
          c.post(`/api/v1/tickets/${id}/messages`, { body: `Question ${Math.random().toString(36).slice(2)}` }),
        );
      } else if (roll < 0.8) {
        const form = multipart({ document_type: docType, ticket_id: pick(c.tickets) }, 'statement.pdf', ONE_MB);
        await timed('POST /api/v1/documents (1 MB)', [201], () => c.req('POST', '/api/v1/documents', form));
      } else if (roll < 0.85) {
        const r = await timed('POST /api/v1/tickets', [201], () => newTicket(c));
        if (r) c.tickets.push(r.data.id);
      } else await timed('GET /api/v1/notifications', [200], () => c.get('/api/v1/notifications'));
      await think();
    }
  }
  /** A preparer's session: search, lists, and moving their own share of the tickets (no two move one). */
  async function preparer(s, k) {
    const mine = () => customers.filter((c) => c.index % STAFF === k).flatMap((c) => c.tickets.slice(0, 1));
    while (measuring) {
      const roll = Math.random();
      if (roll < 0.4) {
        const q = `Load Customer ${Math.floor(Math.random() * CUSTOMERS)}`;
        await timed('GET /api/v1/tickets?q=', [200], () => s.get(`/api/v1/tickets?q=${encodeURIComponent(q)}`));
      } else if (roll < 0.6) {
        await timed('GET /api/v1/tickets?status=', [200], () =>
          s.get(`/api/v1/tickets?status=${encodeURIComponent(pick(['Open', 'Tax Preparation']))}`),
        );
      } else {
        const id = pick(mine());
        const t = await timed('GET /api/v1/tickets/:id', [200], () => s.get(`/api/v1/tickets/${id}`));
        if (t) {
          const to = t.data.status === 'Tax Preparation' ? 'Required More Information' : 'Tax Preparation';
          await timed('POST /api/v1/tickets/:id/status', [200], () =>
            s.post(`/api/v1/tickets/${id}/status`, { status: to, expected_version: t.data.version }),
          );
        }
      }
      await think();
    }
  }

  measuring = true;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const sessions = [...customers.map(customer), ...staff.map(preparer)];
  await sleep(SECONDS * 1000);
  measuring = false;
  await Promise.all(sessions);
  const elapsed = (performance.now() - started) / 1000;

  let total = 0;
  let errors = 0;
  const rowsOut = [];
  for (const [endpoint, s] of [...stats].sort()) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    total += sorted.length;
    errors += s.errors;
    rowsOut.push(
      `| ${endpoint} | ${sorted.length} | ${s.errors} | ${pct(sorted, 50).toFixed(0)} | ${pct(sorted, 95).toFixed(0)} | ${pct(sorted, 99).toFixed(0)} |`,
    );
  }
  const all = [...stats.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
  const streamsOpen = streams.length;
  console.log(
    `\n${adminUrl ? 'PostgreSQL' : 'embedded database (PGlite)'}; ${USERS} virtual users (${CUSTOMERS} customers with an open event stream each, ${STAFF} preparers), ${elapsed.toFixed(0)} s, think time ${THINK_MS.join('-')} ms; machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end`,
  );
  console.log(
    `requests ${total} (${(total / elapsed).toFixed(0)}/s), errors ${errors}; live events received ${events} on ${streamsOpen} streams; driver CPU ${((process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1e6).toFixed(1)} s`,
  );
  console.log(
    `all requests: p50 ${pct(all, 50).toFixed(0)} ms, p95 ${pct(all, 95).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms\n`,
  );
  console.log('| endpoint | requests | errors | p50 ms | p95 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rowsOut) console.log(r);
  for (const [endpoint, s] of stats) for (const e of s.samples) console.log(`error on ${endpoint}: ${e}`);
  process.exitCode = errors ? 1 : 0;
} finally {
  measuring = false;
  for (const s of streams) await s.close().catch(() => {});
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  removeBenchData(dataDir);
  await fresh?.drop();
}
