import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, newPglite, openPglite, openPostgres } from '../platform/db/client.ts';
import { seedBase } from '../platform/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgSnapshot: string;
    pgTemplate: string;
  }
}

function migrationsHash(): string {
  const folder = migrationsFolder();
  const h = createHash('sha256');
  for (const f of fs.readdirSync(folder).sort())
    if (f.endsWith('.sql')) h.update(fs.readFileSync(path.join(folder, f)));
  h.update(fs.readFileSync(new URL('../platform/db/seed.ts', import.meta.url)));
  return h.digest('hex').slice(0, 16);
}

/**
 * Builds, once per run, a migrated and seeded database that every test file
 * starts from: a PGlite data-dir dump (initdb takes ~4 s; loading a dump well
 * under one), or, with TEST_DATABASE_URL, a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `taxportal_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const database = openPostgres(u.toString(), 2);
    await database.migrate();
    await seedBase(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
    };
  }
  const file = path.join(os.tmpdir(), `taxportal-test-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const client = newPglite();
    const database = openPglite(client);
    await database.migrate();
    await seedBase(database.db);
    const dump = await client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    await client.close();
  }
  project.provide('pgSnapshot', file);
  project.provide('pgTemplate', '');
}
