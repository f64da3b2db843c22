import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { col, firstRow, rowSchema } from './rows.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when every migration in the journal has been applied. */
  isMigrated(): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** LISTEN on a channel; resolves to an unsubscribe function. Used by platform/realtime.ts. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY a channel (delivered to every listener of every app server on this database). */
  notify(channel: string, payload: string): Promise<void>;
}

type PubSub = Pick<Database, 'listen' | 'notify'>;

const migrationCount = rowSchema({ n: col.int() });

/** The migrations folder: `drizzle/` next to src/ or dist/, found from this file. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

function journalLength(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.length;
}

function wrap(
  db: Db,
  kind: Database['kind'],
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
  pubsub: PubSub,
): Database {
  const folder = migrationsFolder();
  return {
    ...pubsub,
    db,
    kind,
    migrate: runMigrations,
    async isMigrated() {
      try {
        const r = await firstRow(db, migrationCount, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        return (r?.n ?? 0) >= journalLength(folder);
      } catch {
        return false;
      }
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return wrap(
    db,
    'pglite',
    () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    () => client.close(),
    {
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
  );
}

/**
 * PGlite's own PostgreSQL settings (for its server and for its initdb). shared_buffers: 16 MB instead of initdb's 128 MB, which was most of the
 * embedded server's resident memory (docs/decisions/0017): the embedded database is one small firm's, its
 * files stay in the OS page cache, and PostgreSQL servers (DATABASE_URL) keep their own configuration.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * V8 compiles PGlite's WebAssembly (PostgreSQL) twice by default: at once with its baseline compiler, Liftoff,
 * then the hot functions again with TurboFan, keeping both. Liftoff alone takes ~90 MB less resident memory on
 * an idle embedded server (302 -> 214 MB), and measured no slower on the queries a portal makes (the tier-up is
 * itself work): docs/decisions/0017. Set before the first PGlite compiles; the flag touches WebAssembly only
 * (JavaScript keeps its own tiers), and a V8 without it ignores it.
 */
let wasmBaselineOnly = false;
function compileWasmBaselineOnly() {
  if (wasmBaselineOnly) return;
  v8.setFlagsFromString('--liftoff-only');
  wasmBaselineOnly = true;
}

export function newPglite(dataDir?: string, loadDataDir?: Blob): PGlite {
  compileWasmBaselineOnly();
  return new PGlite({
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    // initdb (a new data directory) runs its own PostgreSQL: the same settings, or it takes 128 MB too.
    initDbStartParams: PGLITE_SETTINGS,
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops (a restart, a failover) is reported here; without a listener it
  // would end the process. The pool forgets it and opens a new one on the next query.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = pgListener(url);
  return wrap(
    db,
    'postgres',
    () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    async () => {
      await listener.close();
      await pool.end();
    },
    {
      listen: listener.listen,
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
  );
}

/**
 * LISTEN needs one connection of its own, outside the pool: opened on the
 * first listen, reconnected (and re-LISTENed) if it drops.
 */
function pgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  let retry: NodeJS.Timeout | undefined;
  /** Reconnects (and re-LISTENs) after a drop, every second until it succeeds or the listener is closed. */
  const reconnectLater = () => {
    if (closed || retry || !handlers.size) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(reconnectLater);
    }, 1000);
    retry.unref();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      const dropped = () => {
        // Forget it; reconnect and listen again (notifications sent meanwhile are lost: SSE clients refetch
        // when their stream reconnects).
        if (client === c) client = null;
        c.end().catch(() => {});
        reconnectLater();
      };
      c.on('error', dropped);
      c.on('end', () => {
        if (!closed && client === c) dropped();
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        c.end().catch(() => {});
        throw err;
      } finally {
        // A failed attempt is not remembered: the next call tries again.
        connecting = null;
      }
      client = c;
      return c;
    })();
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const c =
        client ??
        (await connect().catch((err: unknown) => {
          reconnectLater(); // the channel is kept: it is listened to once the database answers
          throw err;
        }));
      if (first) await c.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      const c = client;
      client = null;
      connecting = null;
      await c?.end().catch(() => {});
    },
  };
}

/** Where the embedded database (PGlite) keeps its files. */
export const embeddedDataDir = (opts: { DATA_DIR: string }): string => path.join(opts.DATA_DIR, 'db');

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted under DATA_DIR/db. */
export function openDatabase(opts: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Database {
  if (opts.DATABASE_URL) return openPostgres(opts.DATABASE_URL);
  fs.mkdirSync(opts.DATA_DIR, { recursive: true });
  return openPglite(newPglite(embeddedDataDir(opts)));
}
