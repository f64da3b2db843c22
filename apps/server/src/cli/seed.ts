/**
 * Applies migrations and seeds reference data plus, unless SEED_DEMO=false, the demo accounts and (once)
 * their sample data (`npm run db:seed`).
 */
import { pino } from 'pino';
import { seedDemoData } from '../demo/demo-data.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { seedBase } from '../platform/db/seed.ts';
import { loadSecrets } from '../platform/secrets.ts';

// A SIGINT or SIGTERM (Ctrl-C, or the server that started this for a new embedded database passing its own on)
// stops the sample between two steps, to go on at the next start (decision 0008); what comes before it finishes.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
  });

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
await seedDemoData({
  database,
  config,
  secrets: loadSecrets(config),
  log: pino({ level: config.LOG_LEVEL }),
  stop: () => stopping,
});
console.log(`Seeded (${database.kind}).`);
await database.close();
