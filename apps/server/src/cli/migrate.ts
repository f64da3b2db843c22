/** Applies migrations and reference data (`npm run db:migrate`); the server also does this at start. */
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { seedBase } from '../platform/db/seed.ts';

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
