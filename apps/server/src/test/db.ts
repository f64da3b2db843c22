import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { newPglite, openPglite, openPostgres, type Database } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { seedBase } from '../platform/db/seed.ts';

let workerPglite: Database | null = null;

/**
 * An isolated, migrated, seeded database for one test file.
 * - PGlite: one instance per worker, loaded from the snapshot once, and emptied
 *   and re-seeded for each file (files in a worker run one after another).
 * - PostgreSQL (TEST_DATABASE_URL): a new database per file, copied from the
 *   migrated template, dropped at the end.
 */
export async function testDatabase(): Promise<Database> {
  if (process.env.TP_TEST_DATABASE === 'none') {
    throw new Error(
      'This file is in the server-standalone project (vitest.config.ts): move it to `server` to use the test database.',
    );
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `tp_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    // A test's commits need not wait for the disk: nothing here outlives the run.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = openPostgres(u.toString(), 5);
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      },
    };
  }
  if (!workerPglite) {
    const blob = new Blob([fs.readFileSync(inject('pgSnapshot'))]);
    workerPglite = openPglite(newPglite(undefined, blob));
  } else {
    await resetDatabase(workerPglite);
  }
  // Closing is the worker's business: the instance is reused by the next file.
  return { ...workerPglite, close: async () => {} };
}

async function resetDatabase(database: Database): Promise<void> {
  const tables = await rows(
    database.db,
    rowSchema({ name: col.text() }),
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length)
    await database.db.execute(sql.raw(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`));
  await seedBase(database.db);
}
