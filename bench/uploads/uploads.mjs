// bench/uploads: N concurrent 10 MB document uploads (POST /api/v1/documents, multipart) against the built
// server on loopback, compared in the same run with a plain loopback transfer of the same bytes to a sink
// process (sink.mjs) and with the floor (floor.mjs: the same bytes only hashed, encrypted, written and
// fsynced, on every core, with nothing else); and the server's memory growth per concurrent upload (RSS
// sampled from /proc/<pid>/status). Every round runs plain, floor and portal back to back.
//
// Usage: npm run build && node bench/uploads/uploads.mjs [concurrency=20] [rounds=3]
// With BENCH_DATABASE_URL=postgres://user@host:port/postgres the server runs on a fresh PostgreSQL database
// made for the run (and dropped after); without it, on the embedded database.
// Targets: throughput >= 0.5x the plain transfer; peak RSS growth <= 5 MB per concurrent upload.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const CONCURRENCY = Number(process.argv[2] ?? 20);
const ROUNDS = Number(process.argv[3] ?? 3);
const FILE_BYTES = 10 * 1024 * 1024 - 64 * 1024; // just under the 10 MB limit, multipart overhead included
const PORT = 3391;
const SINK_PORT = 3392;
const FLOOR_PORT = 3393;
const CPU_FLOOR_PORT = 3394;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverMain)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** A PDF of FILE_BYTES (a header, then a comment block, %%EOF): accepted by the server as a PDF. */
function pdfBytes() {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const fill = Buffer.alloc(FILE_BYTES - head.length - tail.length);
  for (let i = 0; i < fill.length; i++) fill[i] = 0x41 + (i % 26);
  return Buffer.concat([head, fill, tail]);
}

function multipart(fields, fileName, data) {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  const parts = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

function post(port, urlPath, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { ...headers, 'content-length': body.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    // Written in 64 KiB slices, as a browser streams a file.
    let off = 0;
    const write = () => {
      while (off < body.length) {
        const next = body.subarray(off, off + 64 * 1024);
        off += next.length;
        if (!req.write(next)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** CPU seconds per thread of a process (name: seconds), for the breakdown of where the server's time went. */
function threadCpuOf(pid) {
  const out = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(`${tid === String(pid) ? 'main' : name}#${tid}`, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      /* the thread ended */
    }
  }
  return out;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

async function waitReady(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready');
}

const adminUrl = process.env.BENCH_DATABASE_URL;
let databaseUrl;
let dbName;
if (adminUrl) {
  const { default: pg } = await import('pg');
  dbName = `tp_bench_uploads_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
async function dropDatabase() {
  if (!adminUrl) return;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-uploads-'));
const server = spawn(
  process.execPath,
  [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), serverMain],
  {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      KEY_FILE: `${dataDir}.keys.json`,
      LOG_LEVEL: 'warn',
      // No demo accounts (nor their sample data, made in the background after start): the bench registers its
      // own customer, so nothing else runs on the server while it is measured.
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', process.env.BENCH_NODE_ARGS ? 'inherit' : 'ignore', 'inherit'],
  },
);
const sink = fork(path.join(here, 'sink.mjs'), [String(SINK_PORT)], { stdio: 'inherit' });
const floor = fork(path.join(here, 'floor.mjs'), [String(FLOOR_PORT), path.join(dataDir, 'floor')], {
  stdio: 'inherit',
});
const cpuFloor = fork(path.join(here, 'floor.mjs'), [String(CPU_FLOOR_PORT), path.join(dataDir, 'floor'), 'crypto'], {
  stdio: 'inherit',
});
const stopAll = () => {
  server.kill('SIGTERM');
  sink.kill('SIGTERM');
  floor.kill('SIGTERM');
  cpuFloor.kill('SIGTERM');
};
process.on('exit', stopAll);

try {
  await waitReady(`${base}/api/ready`, server);
  await new Promise((r) => sink.once('message', r));
  await new Promise((r) => floor.once('message', r));
  await new Promise((r) => cpuFloor.once('message', r));

  const account = { email: 'bench.customer@example.test', password: 'bench-pass-2026-uploads' };
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, full_name: 'Bench Customer', phone: '+12025550199' }),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('csrf_token=')).split('=')[1]);
  const auth = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
  const types = await (await fetch(`${base}/api/v1/catalog/document-types`, { headers: auth })).json();
  const file = pdfBytes();
  const bodies = Array.from({ length: CONCURRENCY }, (_, i) =>
    multipart({ document_type: types.items[0].id }, `statement-${i}.pdf`, file),
  );
  const totalBytes = bodies.reduce((n, b) => n + b.body.length, 0);

  const upload = (b) => post(PORT, '/api/v1/documents', b.body, { ...auth, 'content-type': b.type });
  const plainRound = () => Promise.all(bodies.map((b) => post(SINK_PORT, '/', b.body, { 'content-type': b.type })));
  const floorRound = (port = FLOOR_PORT) =>
    Promise.all(bodies.map((b) => post(port, '/', b.body, { 'content-type': b.type })));

  // Warm-up: one whole round of each (JIT, thread pools, rings, first files in storage).
  const warm = await Promise.all(bodies.map(upload));
  if (warm.some((r) => r.status !== 201)) throw new Error(`warm-up upload failed: ${warm[0].status} ${warm[0].body}`);
  await plainRound();
  await floorRound();
  await floorRound(CPU_FLOOR_PORT);
  await new Promise((r) => setTimeout(r, 500));

  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const sinkCpu0 = cpuOf(sink.pid);
    let t0 = performance.now();
    await plainRound();
    const plainMs = performance.now() - t0;
    const sinkCpu = cpuOf(sink.pid) - sinkCpu0;
    await new Promise((r) => setTimeout(r, 200));

    t0 = performance.now();
    await floorRound(CPU_FLOOR_PORT);
    const cpuFloorMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 200));

    t0 = performance.now();
    await floorRound();
    const floorMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 200));

    const before = rssOf(server.pid).rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid).rss);
    }, 10);
    const serverCpu0 = cpuOf(server.pid);
    const threads0 = threadCpuOf(server.pid);
    t0 = performance.now();
    const res = await Promise.all(bodies.map(upload));
    const portalMs = performance.now() - t0;
    const serverCpu = cpuOf(server.pid) - serverCpu0;
    const byThread = new Map();
    for (const [k, v] of threadCpuOf(server.pid)) {
      const name = k.split('#')[0];
      byThread.set(name, (byThread.get(name) ?? 0) + v - (threads0.get(k) ?? 0));
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid).rss);
    const failed = res.filter((r) => r.status !== 201);
    if (failed.length) throw new Error(`${failed.length} uploads failed: ${failed[0].status} ${failed[0].body}`);
    const r = {
      round,
      plainMBps: totalBytes / MB / (plainMs / 1000),
      floorMBps: totalBytes / MB / (floorMs / 1000),
      portalMBps: totalBytes / MB / (portalMs / 1000),
      ratio: plainMs / portalMs,
      floorRatio: plainMs / floorMs,
      cpuFloorRatio: plainMs / cpuFloorMs,
      ofFloor: floorMs / portalMs,
      rssBeforeMB: before / MB,
      rssPeakMB: peak / MB,
      growthPerUploadMB: (peak - before) / MB / CONCURRENCY,
      serverCpuS: serverCpu,
      sinkCpuS: sinkCpu,
      load: os.loadavg()[0],
    };
    results.push(r);
    console.log(
      `round ${round}: plain ${r.plainMBps.toFixed(0)} MB/s, floor ${r.floorMBps.toFixed(0)} MB/s (${r.floorRatio.toFixed(2)}x; without the disk ${r.cpuFloorRatio.toFixed(2)}x), ` +
        `portal ${r.portalMBps.toFixed(0)} MB/s (${r.ratio.toFixed(2)}x, ${r.ofFloor.toFixed(2)} of the floor); ` +
        `server RSS ${r.rssBeforeMB.toFixed(0)} -> peak ${r.rssPeakMB.toFixed(0)} MB = ${r.growthPerUploadMB.toFixed(2)} MB per concurrent upload; ` +
        `CPU: server ${r.serverCpuS.toFixed(2)} s, sink ${r.sinkCpuS.toFixed(2)} s; load ${r.load.toFixed(1)}`,
    );
    console.log(
      `  server CPU by thread: ${[...byThread]
        .filter(([, v]) => v > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
        .join(', ')}`,
    );
    await new Promise((r) => setTimeout(r, 500));
  }
  const median = (k) => [...results].sort((a, b) => a[k] - b[k])[Math.floor(results.length / 2)][k];
  const hwm = rssOf(server.pid).hwm / MB;
  console.log(
    `\n${adminUrl ? 'PostgreSQL' : 'embedded database'}; ${CONCURRENCY} concurrent uploads of ${(FILE_BYTES / MB).toFixed(2)} MB (${(totalBytes / MB).toFixed(0)} MB per round), ${ROUNDS} rounds, median:`,
  );
  console.log(
    `  throughput: ${median('portalMBps').toFixed(0)} MB/s vs plain loopback ${median('plainMBps').toFixed(0)} MB/s = ${median('ratio').toFixed(2)}x (target >= 0.5x)`,
  );
  console.log(
    `  the floor (hash, encrypt, write, fsync on ${Math.min(4, os.availableParallelism())} threads, nothing else): ${median('floorMBps').toFixed(0)} MB/s = ${median('floorRatio').toFixed(2)}x of plain; the portal reaches ${median('ofFloor').toFixed(2)} of the floor`,
  );
  console.log(`  the floor without the disk (hash and encrypt only): ${median('cpuFloorRatio').toFixed(2)}x of plain`);
  console.log(
    `  server peak RSS growth: ${median('growthPerUploadMB').toFixed(2)} MB per concurrent upload (target <= 5 MB); VmHWM ${hwm.toFixed(0)} MB`,
  );
  console.log(
    `  server CPU per round: ${median('serverCpuS').toFixed(2)} s = ${(totalBytes / MB / median('serverCpuS')).toFixed(0)} MB per CPU-second ` +
      `(sink: ${(totalBytes / MB / Math.max(0.01, median('sinkCpuS'))).toFixed(0)} MB per CPU-second); machine load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  const ok = median('ratio') >= 0.5 && median('growthPerUploadMB') <= 5;
  console.log(ok ? 'targets met' : 'targets NOT met');
} finally {
  stopAll();
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.keys.json`, { force: true });
  await dropDatabase();
}
