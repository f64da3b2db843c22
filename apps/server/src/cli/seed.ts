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

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
await seedDemoData({ database, config, secrets: loadSecrets(config), log: pino({ level: config.LOG_LEVEL }) });
console.log(`Seeded (${database.kind}).`);
await database.close();
