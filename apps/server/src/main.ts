import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { seedDemoAccounts, seedSampleData, type SampleRecord } from './demo/demo-data.ts';
import { seedSampleSite } from './demo/sample-site.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { embeddedDataDir, openDatabase } from './platform/db/client.ts';
import { DEMO_PASSWORD, seedBase } from './platform/db/seed.ts';
import { childNodeOptions } from './platform/node-options.ts';
import { loadSecrets } from './platform/secrets.ts';
import { createMediaStore } from './platform/storage/index.ts';
import { findWebDist } from './platform/web.ts';

async function main() {
  let config;
  let secrets;
  try {
    config = loadConfig();
    // The embedded default's keys: KEY_FILE, outside DATA_DIR; a missing key for existing data stops here.
    secrets = loadSecrets(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.DATABASE_URL) await makeEmbeddedDatabaseIfNew(config);
  const database = openDatabase(config);
  await database.migrate();
  await seedBase(database.db);
  // Demo accounts (never in production: config forces SEED_DEMO off); their sample data once listening.
  const demo = await seedDemoAccounts({ database, config, secrets });

  const webDist = findWebDist();
  const { app } = await buildApp({ config, database, secrets, webDist });
  // The demo firm's website, once, before the first visitor (a few dozen rows).
  if (demo) await seedSampleSite(database.db, app.log, createMediaStore(config));

  let closing = false;
  let samples: Promise<unknown> = Promise.resolve();
  let samplesLater: NodeJS.Timeout | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    clearTimeout(samplesLater);
    try {
      // Fastify stops accepting, lets in-flight requests finish and runs its hooks; the demo sample, if it is
      // being made, stops after its current step; then the database goes.
      await app.close();
      await samples;
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = `${config.PUBLIC_URL} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`;
  const lines = [`Tax Portal is running at ${where}`];
  if (!webDist) lines.push('  (web app not built: run `npm run build` to serve the UI)');
  if (demo) {
    lines.push(`Demo accounts (password: ${DEMO_PASSWORD}; staff sign in with a code from the TOTP secret shown):`);
    for (const a of demo)
      lines.push(`  ${a.role.padEnd(26)} ${a.email}${a.totp_secret ? `  TOTP secret: ${a.totp_secret}` : ''}`);
  }
  // Printed for the person at the terminal, not the structured log.
  console.log(lines.join('\n'));
  collectStartupGarbage();

  // The demo sample, when it is still to make (a new embedded database has it already; PostgreSQL, demo data
  // turned on later, a sample stopped half-way have not), does not hold up the start: it begins a moment after
  // the portal answers, so a server stopped right away (a restart, a quick check) never starts it, and the portal
  // answers meanwhile. A shutdown stops it between two steps; the next start goes on.
  if (demo) {
    samplesLater = setTimeout(() => {
      if (closing) return;
      samples = seedSampleData({ database, config, secrets, log: app.log, stop: () => closing })
        .then((record) => {
          console.log(sampleLine(record));
          collectStartupGarbage();
        })
        .catch((err: unknown) => app.log.error({ err }, 'demo sample data could not be read or made'));
    }, SAMPLE_DELAY_MS);
  }
}

/**
 * Start-up leaves garbage that an idle server would keep resident for hours: the migrations' and the demo
 * sample's (when this server makes it). One full collection returns it to the OS when the process allows it
 * (`npm start` passes --expose-gc; docs/decisions/0017).
 */
function collectStartupGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * A new embedded database is made by `cli/seed` in a process of its own, which then ends: PGlite's initdb, every
 * migration, the reference data and, with SEED_DEMO, the demo accounts, the firm's website and the sample data.
 * Made in the server's process, they left it ~140 MB larger for as long as it ran (WebAssembly memory never
 * shrinks, a fragmented native heap is not given back, libraries loaded for the sample stay): bench/memory,
 * docs/decisions/0025. The first start answers ~4 s later for it. The server then opens the database as it opens
 * any existing one, and each of its own seeding steps finds its work done.
 *
 * Whole or again: `db.making` beside the database marks it as being made, and is removed when the child ends
 * well, so a first start that was killed (initdb half done) is made again from nothing at the next start. A
 * SIGINT or SIGTERM meanwhile goes to the child, which stops the sample between two steps (it goes on at the next
 * start, decision 0008), and the server exits when the child has.
 */
async function makeEmbeddedDatabaseIfNew(config: { DATA_DIR: string }): Promise<void> {
  const dir = embeddedDataDir(config);
  const making = `${dir}.making`;
  if (fs.existsSync(dir) && !fs.existsSync(making)) return;
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  fs.writeFileSync(making, '');
  fs.rmSync(dir, { recursive: true, force: true });

  // Beside this file, as built (dist/cli/seed.js) or as source under tsx (src/cli/seed.ts; tsx's loader comes
  // with execArgv).
  const self = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(self), 'cli', `seed${path.extname(self)}`);
  // Its output is the server's: the seeding's log lines, as they were when the server seeded.
  const child = spawn(process.execPath, [...childNodeOptions(process.execArgv), script], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stoppedBy: NodeJS.Signals | null = null;
  const pass = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  try {
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    if (code === 0) fs.rmSync(making);
    // Stopped as asked: by the child between two steps of the sample, or, when the signal came before the child
    // could catch it, by the signal itself (then `db.making` stays and the next start makes it again).
    if (stoppedBy) process.exit(0);
    if (code !== 0) throw new Error(`The embedded database could not be made (cli/seed: ${signal ?? code}).`);
  } finally {
    process.off('SIGINT', pass);
    process.off('SIGTERM', pass);
  }
}

/** How long after the portal answers the demo sample begins. */
const SAMPLE_DELAY_MS = 1500;

function sampleLine(record: SampleRecord | null): string {
  if (record?.state === 'done') {
    const customers = record.customers.join(', ');
    return `Sample data (README, "Demo accounts"): ${record.tickets} tickets; more customers, same password: ${customers}`;
  }
  if (record?.state === 'failed') return `Sample data could not be created: ${record.error}`;
  if (record?.state === 'paused') return 'Sample data paused by the shutdown: it goes on at the next start.';
  return 'Sample data was begun elsewhere and is not finished (another server, or a start that was killed).';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
