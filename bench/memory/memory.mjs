// Idle resident memory of the portal as `npm start` runs it, on a fresh data directory (embedded PGlite), with
// and without the demo sample data, on its first start and started again on the same data. Builds the server bundle, starts it as scripts/start.mjs does
// (its Node flags from scripts/server-process.mjs, in its own process group) on a new temp data dir, waits
// until /api/ready answers and (with demo data) until the sample data is made, lets it idle, then reads VmRSS
// from /proc. The web app's files (served from disk when built) do not change it; npm and the start script
// around the server add their own ~100 MB of Node processes, which is not the portal's.
//
//   node bench/memory/memory.mjs [--idle 15] [--write LABEL]
//
// Target: the server's idle RSS <= 250 MB. --write LABEL appends the table to bench/memory/RESULTS.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const IDLE_S = Number(option('idle', 15));
const LABEL = option('write', null);
const PORT = 3184;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const rssKb = (pid) => {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};
/** Starts the server on `dataDir`, waits until ready (and the sample data), idles, reads RSS, stops it. */
async function runOnce(dataDir, seedDemo, waitForSample) {
  let out = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Beside the data dir, removed with it (the default lives in ~/.config/taxportal and would stay).
      KEY_FILE: `${dataDir}-keys.json`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: String(seedDemo),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const started = Date.now();
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > 180_000) throw new Error(`not ready in 180 s:\n${out}`);
      await sleep(200);
    }
    const readyRss = rssKb(child.pid);
    if (waitForSample) {
      while (!/Sample data/.test(out)) {
        if (Date.now() - started > 300_000) throw new Error(`no sample data in 300 s:\n${out}`);
        await sleep(250);
      }
    }
    await sleep(IDLE_S * 1000);
    return { ready: readyRss, server: rssKb(child.pid) };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
}

/**
 * A first start on a new data dir (initdb, migrations, the sample data are made in this process), and, with
 * `restart`, the same data dir started again: how a running portal spends its days.
 */
async function measure(seedDemo, restart) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-memory-'));
  try {
    const first = await runOnce(dataDir, seedDemo, seedDemo);
    const label = seedDemo ? 'demo accounts and sample data (SEED_DEMO=true, the default)' : 'empty (SEED_DEMO=false)';
    if (!restart) return { label: `${label}, first start`, ...first };
    return { label: `${label}, started again`, ...(await runOnce(dataDir, seedDemo, false)) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-keys.json`, { force: true });
  }
}

const build = spawn(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
if ((await new Promise((r) => build.on('exit', r))) !== 0) throw new Error('server build failed');
const mb = (kb) => (kb / 1024).toFixed(0);
const results = [];
for (const [seedDemo, restart] of [
  [false, false],
  [true, false],
  [true, true],
]) {
  const r = await measure(seedDemo, restart);
  console.log(`${r.label}: ${mb(r.server)} MB idle (${mb(r.ready)} MB at ready)`);
  results.push(r);
}
const lines = [
  '| data dir | RSS at ready, MB | RSS idle, MB | target (idle) |',
  '| --- | ---: | ---: | ---: |',
  ...results.map(
    (r) => `| ${r.label} | ${mb(r.ready)} | ${mb(r.server)} | ≤ 250 ${r.server / 1024 <= 250 ? '✓' : '✗'} |`,
  ),
];
const head = `Run ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${IDLE_S} s idle after ready (and after the sample data).`;
console.log(`\n${head}\n\n${lines.join('\n')}`);
if (LABEL) {
  fs.appendFileSync(path.join(here, 'RESULTS.md'), `\n### ${LABEL}\n\n${head}\n\n${lines.join('\n')}\n`);
}
