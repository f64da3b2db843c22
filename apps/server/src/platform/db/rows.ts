import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from './client.ts';

/**
 * The one boundary for raw SQL. Drizzle's builder types what it selects; the
 * queries it cannot express (keyset lists, search, dashboards) come back from
 * `db.execute` as untyped objects whose values differ by driver: timestamps are
 * text on both (drizzle turns the drivers' parsers off), a bigint is a number on
 * PGlite and a string on node-postgres. Each such query names its columns in a
 * zod object built from the column types below, so every row is parsed here:
 * timestamps come out as `Date`, counts as numbers, and a missing or renamed
 * column fails loudly instead of reaching a DTO as `undefined`.
 */

const toDate = (v: Date | string, ctx: z.RefinementCtx): Date => {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: `not a timestamp: ${String(v)}` });
    return z.NEVER;
  }
  return d;
};

const toInt = (v: number | string | bigint, ctx: z.RefinementCtx): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) {
    // zod's own issue (no text of ours): a row that fails is the server's error (a 500), never read by a person.
    ctx.addIssue({ code: 'invalid_type', expected: 'int', input: v });
    return z.NEVER;
  }
  return n;
};

/** Column types for row schemas: what the database may send, and what the code gets. */
export const col = {
  /** timestamptz (or a `Date` already) → Date. */
  timestamp: () => z.union([z.date(), z.string()]).transform(toDate),
  /** int4, int8 (text on node-postgres) or a whole numeric → number. */
  int: () => z.union([z.number(), z.string(), z.bigint()]).transform(toInt),
  /** numeric / float (text on node-postgres) → number. */
  number: () => z.union([z.number(), z.string()]).transform(Number).pipe(z.number()),
  text: () => z.string(),
  bool: () => z.boolean(),
  /** jsonb, already parsed by both drivers. */
  json: () => z.unknown(),
};

/** A row schema: one entry per selected column. */
export type RowShape = z.ZodRawShape;
export type RowOf<S extends RowShape> = z.output<z.ZodObject<S>>;

/** Builds a row schema once (module level), so each query does not rebuild it. */
export const rowSchema = <S extends RowShape>(shape: S) => z.object(shape);

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement (on PostgreSQL; PGlite runs it as usual): each pool connection
 * parses and plans it once, and after a few runs PostgreSQL keeps a generic plan, so the hot reads (lists,
 * the ticket, dashboards) stop paying the planner on every request: planning their scalar subqueries cost
 * more than running them. Only for statements whose text is fixed (values as parameters, lists as arrays):
 * each distinct text stays prepared on every connection.
 */
async function executePrepared(db: Tx, query: SQL): Promise<unknown> {
  const q = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(q.sql).digest('hex').slice(0, 24)}`;
  return db._.session.prepareQuery(q, undefined, name, false).execute();
}

/**
 * Runs raw SQL and parses every row with `schema`. Extra columns are dropped; a missing one throws.
 * `prepare`: see executePrepared.
 */
export async function rows<T extends z.ZodType>(
  db: Tx,
  schema: T,
  query: SQL,
  opts: { prepare?: boolean } = {},
): Promise<z.output<T>[]> {
  const result = (opts.prepare ? await executePrepared(db, query) : await db.execute(query)) as unknown as {
    rows: unknown[];
  };
  return result.rows.map((r, i) => {
    const parsed = schema.safeParse(r);
    if (!parsed.success) throw new Error(`row ${i} does not match its schema: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}

/** The first row, or null. */
export async function firstRow<T extends z.ZodType>(
  db: Tx,
  schema: T,
  query: SQL,
  opts: { prepare?: boolean } = {},
): Promise<z.output<T> | null> {
  return (await rows(db, schema, query, opts))[0] ?? null;
}
