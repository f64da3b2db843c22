// The portal for bench/taps: started in `root` on `port` with a fresh data dir and the demo accounts, the README's
// way (`npm start`) when its build is current, else the built server as `npm start` runs it (never building: a
// benchmark measures the build it was given).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from '../../scripts/build-freshness.mjs';
import { benchServerEnv } from '../lib/server-env.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts it and waits until it is ready; `onStop` gets what stops it (and removes its data) as soon as it runs, so
 * an interrupted start is cleaned up too. Answers how it was started, for RESULTS.md.
 */
export async function startServer({ root, port, onStop }) {
  const base = `http://127.0.0.1:${port}`;
  const { missing, stale } = buildState(root);
  if (missing) throw new Error(`no build in ${root}: npm run build first`);
  const { env, remove } = benchServerEnv('taps', port);
  delete env.SEED_DEMO; // the demo accounts and their sample data, as `npm start` has them
  let command;
  let argv;
  let how;
  if (!stale) {
    [command, argv, how] = ['npm', ['start'], '`npm start`'];
  } else {
    const serverProcess = path.join(root, 'scripts/server-process.mjs');
    const flags = fs.existsSync(serverProcess)
      ? (await import(pathToFileURL(serverProcess).href)).SERVER_NODE_FLAGS
      : ['--enable-source-maps'];
    [command, argv] = [process.execPath, [...flags, 'apps/server/dist/main.js']];
    how =
      `\`node ${argv.join(' ')}\`, as \`npm start\` runs it once built (the build is older than its sources: ` +
      `\`npm start\` would have built first)`;
    console.log(`The build in ${root} is older than its sources. Measuring the build as it is: ${how}.`);
  }
  const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
        await exited;
      }
    }
    remove();
  };
  onStop(stop);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not become ready in 120 s');
    await sleep(200);
  }
  return how;
}
