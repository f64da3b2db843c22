// Client import at scale (issue 32): a 10,000-row CSV (with duplicates and invalid rows) uploaded, checked (dry run)
// and imported into PostgreSQL through the real server's HTTP API; then the same file again (all duplicates) and the
// bulk invitation (queued only). Prints seconds per step and the server's peak RSS per step (sampled from
// /proc/<pid>/status every 10 ms; VmHWM at the end): the file is streamed, so memory should not grow with it.
//
//   node bench/client-import/client-import.mjs [--rows 10000]
//
// Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth; BENCH_PG overrides the server URL). A fresh database
// tp_bench_import_<pid> is made and dropped at the end. Runs the server from source (tsx): no build needed.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { register } from 'tsx/esm/api';
import { Client, freshDatabase, multipart } from '../lib/client.mjs';
import { numberOption, memoryOf, startSourceServer } from '../lib/source-server.mjs';
import { enrollStaffTotp } from '../lib/staff-sign-in.mjs';

register();
const ROWS = numberOption('rows', 10_000);
const EXISTING = 300;
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const PASSWORD = 'bench-password-1';
const ENCRYPTION_KEY = randomBytes(32);
const log = (...a) => console.log(...a);

/** The database: migrated, the reference data, an Admin with an authenticator app, and some existing customers. */
async function prepare(dbUrl) {
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const { seedBase } = await import('../../apps/server/src/platform/db/seed.ts');
  const { createUser } = await import('../../apps/server/src/platform/users.ts');
  const database = openPostgres(dbUrl, 2);
  await database.migrate();
  await seedBase(database.db);
  const adminEmail = `bench-admin-${randomUUID().slice(0, 8)}@bench.test`;
  const adminId = await createUser(database.db, {
    email: adminEmail,
    full_name: 'Bench Admin',
    password: PASSWORD,
    roles: ['Admin'],
  });
  for (let i = 0; i < EXISTING; i++)
    await createUser(database.db, {
      email: `existing-${i}@bench.test`,
      full_name: `Existing ${i}`,
      phone: `+1202555${String(5000 + i).padStart(4, '0')}`,
      password: null,
      roles: ['Customer'],
    });
  await database.close();
  const totp = await enrollStaffTotp(dbUrl, ENCRYPTION_KEY, adminId);
  return { adminEmail, totp };
}

/**
 * ROWS data rows: ~1 % duplicates of existing accounts by e-mail, ~1 % by phone, ~1 % repeats of earlier rows,
 * ~2 % invalid (bad e-mail, no name, bad phone, unknown language), 10 % with a spouse, notes with commas, quotes
 * and line breaks.
 */
function csv(rows) {
  const lines = ['Name,E-mail,Phone,Spouse,Spouse Email,Language,Notes'];
  for (let i = 0; i < rows; i++) {
    const k = i % 100;
    let name = `Client ${i}`;
    let email = `client-${i}@bench.test`;
    let phone = `+1303555${String(i % 10_000).padStart(4, '0')}`;
    let lang = i % 3 === 0 ? 'Español' : 'English';
    let spouse = ['', ''];
    if (k === 1) email = `existing-${i % EXISTING}@bench.test`;
    else if (k === 2) phone = `+1202555${String(5000 + (i % EXISTING)).padStart(4, '0')}`;
    else if (k === 3 && i > 100) email = `client-${i - 50}@bench.test`;
    else if (k === 4) email = 'not-an-email';
    else if (k === 5) name = '';
    if (k === 6) phone = '12';
    if (k === 7) lang = 'Klingon';
    if (k >= 90) spouse = [`Spouse ${i}`, `spouse-${i}@bench.test`];
    if (k === 2 || k === 6) phone = k === 6 ? '12' : phone;
    const notes = i % 7 === 0 ? `"Met at the fair, 2025; said ""call after 5""\nSecond line"` : '';
    lines.push([name, email, k === 2 ? phone : i % 4 === 0 ? '' : phone, ...spouse, lang, notes].join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Runs `fn`, timing it and sampling the server's RSS meanwhile. */
async function step(label, pid, fn) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      /* exited */
    }
  }, 10);
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  log(`${label.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s   server peak RSS ${peak.toFixed(0).padStart(5)} MB`);
  return result;
}

const db = await freshDatabase(`${SERVER}/postgres`, 'tp_bench_import');
let server;
try {
  const { adminEmail, totp } = await prepare(db.url);
  server = await startSourceServer({ name: 'import', dbUrl: db.url, encryptionKey: ENCRYPTION_KEY });
  const admin = new Client(server.base);
  await admin.login(adminEmail, PASSWORD, totp);
  const file = csv(ROWS);
  const pid = server.child.pid;
  log(`${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB; server idle RSS ${memoryOf(pid).rss.toFixed(0)} MB`);
  const api = async (method, url, json) => {
    const res = await admin.req(method, url, json === undefined ? {} : { json });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data;
  };
  const importOnce = async (label) => {
    const form = multipart({}, 'clients.csv', file, 'text/csv');
    const imp = await step(`${label}: upload (store + scan)`, pid, async () => {
      const res = await admin.req('POST', '/api/v1/admin/client-imports', { body: form.body, headers: form.headers });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.data)}`);
      return res.data;
    });
    await api('PUT', `/api/v1/admin/client-imports/${imp.id}/mapping`, { mapping: imp.suggested_mapping });
    const counts = await step(`${label}: dry run`, pid, () =>
      api('POST', `/api/v1/admin/client-imports/${imp.id}/dry-run`),
    );
    log(`  dry run: ${JSON.stringify(counts)}`);
    const result = await step(`${label}: commit`, pid, () =>
      api('POST', `/api/v1/admin/client-imports/${imp.id}/commit`),
    );
    log(
      `  commit: created ${result.created} (clients and spouses), duplicates ${result.duplicates}, invalid ${result.invalid}`,
    );
    return imp.id;
  };
  const first = await importOnce('first import');
  await importOnce('same file again');
  const invited = await step('invite all by e-mail (queue)', pid, () =>
    api('POST', `/api/v1/admin/client-imports/${first}/invitations`, { channel: 'email' }),
  );
  log(`  invitations: ${JSON.stringify(invited)}`);
  log(`server peak RSS over the run (VmHWM): ${memoryOf(pid).hwm.toFixed(0)} MB`);
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(`${server.dataDir}.keys.json`, { force: true });
  }
  await db.drop();
}
