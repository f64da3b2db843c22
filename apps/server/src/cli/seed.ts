/** Applies migrations and seeds reference data plus, unless SEED_DEMO=false, the demo accounts (`npm run db:seed`). */
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { seedBase, seedDemo } from '../platform/db/seed.ts';

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
if (config.SEED_DEMO) await seedDemo(database.db);
console.log(`Seeded (${database.kind}).`);
await database.close();
