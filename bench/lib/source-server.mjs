// A benchmark's server run from source (tsx) on PostgreSQL, for the benches that make their own database
// (client-import, engagement): the command-line options, a free port, the server, and its memory from /proc.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './client.mjs';

/** `--name N` from the command line, as a number; `fallback` without it. */
export function numberOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * The server from source on `dbUrl`, with its own data dir (`name` in its name) and the run's `encryptionKey` (the
 * bench enrolled its staff's authenticators under it); `imports` are extra `--import` modules, `env` more variables.
 * Resolves once the server answers /api/ready.
 */
export async function startSourceServer({ name, dbUrl, encryptionKey, imports = [], env = {} }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tp-bench-${name}-`));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...imports.flatMap((m) => ['--import', m]), 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: dbUrl,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: encryptionKey.toString('base64'),
        DATA_DIR: dataDir,
        KEY_FILE: `${dataDir}.keys.json`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const server = { child, base: `http://127.0.0.1:${port}`, dataDir };
  // Ready within two minutes (migrations on a fresh database), or the run stops.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const ready = await fetch(`${server.base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    if (i > 1200) {
      child.kill();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process's resident memory now and its high-water mark, in MB. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}
