// bench/faults/kill.mjs: a mixed workload against the built server, killed with SIGKILL at random moments,
// restarted each time; after every kill (server down) the server's orphan sweep runs (`npm run sweep-files --
// --grace-minutes 0`) and the invariants of check.mjs are checked. Any 5xx answer while the server is up is a
// violation too (connection errors at the kill are expected and counted apart).
//
// The workload, per run, on the same data as it grows: customers open tickets, post messages, upload PDFs
// (50 KB to 4 MB, so kills land mid-upload), and pay issued invoices in test mode: the card form and the
// provider's confirm sent at the same time (the double-submit the webhook/confirm path must survive); an Admin
// moves tickets (a status change and its history row) and invoices those ready (create and issue).
//
// Usage: npm run build && node bench/faults/kill.mjs [kills=20] [seed]
// With BENCH_DATABASE_URL=postgres://user@host:port/postgres the server runs on a fresh PostgreSQL database
// made for the run (dropped after); without it, on the embedded database (DATA_DIR/db).
import { generateSecret } from 'otplib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkInvariants } from './check.mjs';
import {
  Client,
  freshDatabase,
  multipart,
  pdfOf,
  removeBenchData,
  requireBuild,
  runScript,
  sleep,
  startServer,
} from '../lib/client.mjs';

requireBuild();
const KILLS = Number(process.argv[2] ?? 20);
let seed = Number(process.argv[3] ?? Date.now() % 100000);
const firstSeed = seed;
/** A small seeded generator (mulberry32): a run can be replayed with its seed. */
function rand() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const PORT = 3150;
const CUSTOMERS = 6;
const PASSWORD = 'faults-pass-2026';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-faults-'));
const adminUrl = process.env.BENCH_DATABASE_URL;
const fresh = adminUrl ? await freshDatabase(adminUrl, 'tp_faults') : null;
const databaseUrl = fresh?.url;
const env = {
  DATA_DIR: dataDir,
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const users = [
  {
    email: 'faults.admin@example.test',
    full_name: 'Fault Admin',
    role: 'Admin',
    password: PASSWORD,
    totp_secret: generateSecret(),
  },
  ...Array.from({ length: CUSTOMERS }, (_, i) => ({
    email: `faults.customer${i}@example.test`,
    full_name: `Fault Customer ${i}`,
    role: 'Customer',
    password: PASSWORD,
  })),
];
const usersFile = path.join(dataDir, 'users.json');
fs.writeFileSync(usersFile, JSON.stringify(users));
await runScript(['create-users', '--', '--file', usersFile], env);

const totals = { ok: {}, refused: {}, cut: 0, fiveXX: [], kills: 0, checks: 0, violations: [], lastCounts: null };
const count = (bucket, name) => (totals[bucket][name] = (totals[bucket][name] ?? 0) + 1);

let server = null;
const base = `http://127.0.0.1:${PORT}`;
const admin = new Client(base);
const customers = Array.from({ length: CUSTOMERS }, () => new Client(base));
/** Issued invoices waiting for their customer: index → [{ id }]. */
const toPay = customers.map(() => []);
const tickets = []; // { id, customer }
let services;
let docType;

/** One request: ok, refused (4xx, part of the game), 5xx (a violation) or cut (the kill). */
async function act(name, fn) {
  if (process.env.FAULTS_TRACE) console.log('>', name);
  try {
    const r = await fn();
    if (r.status >= 500) totals.fiveXX.push(`${name}: ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`);
    else if (r.status >= 400) count('refused', `${name} ${r.status}`);
    else count('ok', name);
    return r;
  } catch {
    totals.cut++;
    return null;
  }
}

async function customerStep(i) {
  const c = customers[i];
  const mine = tickets.filter((t) => t.customer === i);
  const roll = rand();
  if (toPay[i].length && roll < 0.3) {
    const inv = toPay[i][0];
    const intent = await act('payment-intent', () => c.post(`/api/v1/invoices/${inv.id}/payment-intent`, {}));
    if (intent?.status === 409) toPay[i].shift(); // paid already (before a kill, say)
    if (intent?.status !== 200) return;
    const pi = intent.data.payment_intent_id;
    // The card form and the provider's confirm at once: one payment entry, whichever lands first.
    const [card] = await Promise.all([
      act('pay test card', () =>
        c.post(`/api/v1/invoices/${inv.id}/payments/test-card`, {
          payment_intent_id: pi,
          card_number: '4242 4242 4242 4242',
          exp: '12/30',
          cvc: '123',
        }),
      ),
      act('payment confirm', () => c.post(`/api/v1/invoices/${inv.id}/payments/confirm`, { payment_intent_id: pi })),
    ]);
    if (card?.status === 200 || card?.status === 409) toPay[i].shift();
  } else if (!mine.length || roll < 0.45) {
    const r = await act('open ticket', () =>
      c.post('/api/v1/tickets', { service_id: pick(services).id, year: 2025, phone: '+12025550100' }),
    );
    if (r?.status === 201 || r?.status === 200) tickets.push({ id: r.data.id, customer: i });
  } else if (roll < 0.7) {
    const t = pick(mine);
    await act('message', () => c.post(`/api/v1/tickets/${t.id}/messages`, { body: `note ${rand().toString(36)}` }));
  } else {
    const t = pick(mine);
    const size = pick([50_000, 300_000, 1_000_000, 4_000_000]);
    const form = multipart({ document_type: docType, ticket_id: t.id }, 'statement.pdf', pdfOf(size, i));
    await act('upload', () => c.req('POST', '/api/v1/documents', form));
  }
}

const ADMIN_MOVES = ['Tax Preparation', 'Required More Information', 'Filing In Process', 'Ready For Invoice'];
async function adminStep() {
  if (!tickets.length) return sleep(50);
  const t = pick(tickets);
  if (rand() < 0.5) {
    await act('status move', () => admin.post(`/api/v1/tickets/${t.id}/status`, { status: pick(ADMIN_MOVES) }));
    return;
  }
  // Invoice it: to Ready For Invoice (Admin may make any move), then create and issue at once.
  const moved = await act('status move', () =>
    admin.post(`/api/v1/tickets/${t.id}/status`, { status: 'Ready For Invoice' }),
  );
  if (!moved || moved.status >= 500) return;
  const inv = await act('invoice', () =>
    admin.post('/api/v1/invoices', {
      ticket_id: t.id,
      lines: [{ description: 'Preparation', unit_amount_cents: 10_000 + Math.floor(rand() * 90_000) }],
      issue: true,
    }),
  );
  if (inv?.status === 201 || inv?.status === 200) toPay[t.customer].push({ id: inv.data.id });
}

async function worker(step, isUp) {
  while (isUp()) await step();
}

try {
  for (let run = 1; run <= KILLS; run++) {
    server = startServer({ port: PORT, env, log: process.env.FAULTS_LOG ? 'inherit' : 'ignore' });
    // A start after a kill may have to recover the database first: a generous wait on a busy machine.
    await server.ready(180_000);
    if (run === 1) {
      await admin.login(users[0].email, PASSWORD, users[0].totp_secret);
      for (let i = 0; i < CUSTOMERS; i++) await customers[i].login(users[i + 1].email, PASSWORD);
      services = (await admin.get('/api/v1/catalog/services')).data.items;
      docType = (await admin.get('/api/v1/catalog/document-types')).data.items[0].id;
    }
    // Sessions live in the database: the same cookies work after every restart.
    let up = true;
    const work = [
      worker(adminStep, () => up),
      ...customers.map((_, i) =>
        worker(
          () => customerStep(i),
          () => up,
        ),
      ),
    ];
    const lifetime = 1000 + rand() * 7000;
    await sleep(lifetime);
    server.child.kill('SIGKILL');
    totals.kills++;
    await server.exited;
    up = false;
    await Promise.all(work);
    await runScript(['sweep-files', '--', '--grace-minutes', '0'], env);
    const result = await checkInvariants({ dataDir, databaseUrl });
    totals.checks += result.checks;
    totals.lastCounts = result.counts;
    for (const v of result.violations) totals.violations.push(`run ${run}: ${v}`);
    const answered = Object.values(totals.ok).reduce((x, y) => x + y, 0);
    console.log(
      `run ${run}: ${answered} answered so far; killed after ${(lifetime / 1000).toFixed(1)} s; ${JSON.stringify(result.counts)}; violations ${result.violations.length}`,
    );
  }
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  removeBenchData(dataDir);
  await fresh?.drop();
}

const okTotal = Object.values(totals.ok).reduce((a, b) => a + b, 0);
console.log(`\n${adminUrl ? 'PostgreSQL' : 'embedded database'}; seed ${firstSeed}`);
console.log(
  `runs ${KILLS}, kills (SIGKILL) ${totals.kills}, invariant checks ${totals.checks} (4 invariants after each kill)`,
);
console.log(`requests answered 2xx: ${okTotal} ${JSON.stringify(totals.ok)}`);
console.log(`answered 4xx (refusals the workload provokes): ${JSON.stringify(totals.refused)}`);
console.log(`cut by the kills (no answer): ${totals.cut}`);
console.log(`final data: ${JSON.stringify(totals.lastCounts)}`);
console.log(`5xx answers: ${totals.fiveXX.length}`);
for (const f of totals.fiveXX.slice(0, 20)) console.log(`  ${f}`);
console.log(`invariant violations: ${totals.violations.length}`);
for (const v of totals.violations.slice(0, 50)) console.log(`  ${v}`);
process.exit(totals.violations.length || totals.fiveXX.length ? 1 : 0);
