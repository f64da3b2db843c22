// Time from `npm start` (existing data dir, built app) to /api/ready answering 200.
// Usage: npm run build && node bench/startup/startup.mjs [runs=5]. Target: <= 3 s.
import { spawn } from 'node:child_process';
import { benchServerEnv } from '../lib/server-env.mjs';

const runs = Number(process.argv[2] ?? 5);
const port = 3390;
const { env, remove } = benchServerEnv('startup', port);

async function once() {
  const started = performance.now();
  const child = spawn('npm', ['start'], { env, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > 60_000) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return ms;
}

const first = await once(); // creates and migrates the data dir
const times = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`first start (new data dir): ${(first / 1000).toFixed(2)} s`);
console.log(
  `npm start -> /api/ready, existing data dir, ${runs} runs: median ${(median / 1000).toFixed(2)} s, min ${(times[0] / 1000).toFixed(2)} s, max ${(times.at(-1) / 1000).toFixed(2)} s`,
);
remove();
