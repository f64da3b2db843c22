import { pino } from 'pino';
import { buildApp } from './app.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { DEMO_PASSWORD, seedBase } from './platform/db/seed.ts';
import { loadSecrets } from './platform/secrets.ts';
import { findWebDist } from './platform/web.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const secrets = loadSecrets(config);
  const database = openDatabase(config);
  await database.migrate();
  await seedBase(database.db);
  // Demo accounts, and the first time their sample data (never in production: config forces SEED_DEMO off).
  const demo = await seedDemoData({ database, config, secrets, log: pino({ level: config.LOG_LEVEL }) });

  const webDist = findWebDist();
  const { app } = await buildApp({ config, database, secrets, webDist });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // Fastify stops accepting, lets in-flight requests finish and runs its hooks; then the database goes.
      await app.close();
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
    lines.push(`Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of demo.accounts) lines.push(`  ${a.role.padEnd(26)} ${a.email}`);
    const s = demo.samples;
    if (s.state === 'done') {
      for (const email of s.customers) lines.push(`  ${'Customer (sample data)'.padEnd(26)} ${email}`);
      lines.push(`Sample data: ${s.tickets} tickets with their conversations, documents and invoices (README)`);
    } else if (s.state === 'failed') {
      lines.push(`Sample data could not be created: ${s.error}`);
    }
  }
  // Printed for the person at the terminal, not the structured log.
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
