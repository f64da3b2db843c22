import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { auditLog, users } from '../platform/db/schema.ts';

/** Filters as the service resolved them: instants as Dates, the cursor decoded. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const entryRow = rowSchema({
  id: col.int(),
  seq: col.int().nullable(),
  created_at: col.timestamp(),
  cursor_ts: col.text(),
  actor_id: col.text().nullable(),
  actor_name: col.text().nullable(),
  actor_email: col.text().nullable(),
  action: col.text(),
  entity_type: col.text(),
  entity_id: col.text().nullable(),
  ip: col.text().nullable(),
  user_agent: col.text().nullable(),
  meta: col.json(),
  hash: col.text().nullable(),
});
export type AuditRow = typeof entryRow._zod.output;

function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (f.actor) {
    where.push(
      f.actor.includes('@')
        ? sql`a.actor_id in (select id from ${users} where email = ${f.actor.toLowerCase()})`
        : sql`a.actor_id = ${f.actor}`,
    );
  }
  // `document` is the family document.*; `document.download` one action.
  if (f.action) where.push(sql`(a.action = ${f.action} or left(a.action, ${f.action.length + 1}) = ${`${f.action}.`})`);
  if (f.entityType) where.push(sql`a.entity_type = ${f.entityType}`);
  if (f.entityId) where.push(sql`a.entity_id = ${f.entityId}`);
  if (f.from) where.push(sql`a.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`a.created_at < ${f.to.toISOString()}::timestamptz`);
  return where;
}

/** Newest first; keyset on (created_at, id), the cursor the last row's exact timestamp text and id. */
export function listAuditEntries(
  db: Tx,
  filter: AuditFilter,
  after: { ts: string; id: number } | null,
  limit: number,
): Promise<AuditRow[]> {
  const where = conditions(filter);
  if (after) where.push(sql`(a.created_at, a.id) < (${after.ts}::timestamptz, ${after.id})`);
  return rows(
    db,
    entryRow,
    sql`select a.id, a.seq, a.created_at, a.created_at::text as cursor_ts, a.actor_id,
               u.full_name as actor_name, u.email as actor_email, a.action, a.entity_type, a.entity_id,
               a.ip, a.user_agent, a.meta, a.hash
        from ${auditLog} a left join ${users} u on u.id = a.actor_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by a.created_at desc, a.id desc
        limit ${limit}`,
  );
}
