import { Readable } from 'node:stream';
import type { AuditChainReport, AuditLogEntry, auditLogFilterSchema } from '@taxportal/contract';
import { ADMIN_TEXTS } from '@taxportal/contract/texts';
import { z } from 'zod';
import { audit, verifyAuditChain } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import { fieldError } from '../platform/errors.ts';
import { cursorTimestamp, keysetCursor } from '../platform/keyset-cursor.ts';
import { csvLine } from './audit-log-csv.ts';
import { type AuditFilter, type AuditRow, listAuditEntries } from './audit-log.repository.ts';

type FilterQuery = z.output<typeof auditLogFilterSchema>;

const cursor = keysetCursor(z.object({ ts: cursorTimestamp, id: z.number().int() }));
const DAY_MS = 86_400_000;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function instant(field: 'from' | 'to', raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const d = new Date(isDay(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(d.getTime())) throw fieldError(field, ADMIN_TEXTS.auditLog.invalidDate);
  // A day as `to` means up to the end of that (UTC) day.
  return field === 'to' && isDay(raw) ? new Date(d.getTime() + DAY_MS) : d;
}

function toFilter(q: FilterQuery): AuditFilter {
  return {
    actor: q.actor,
    action: q.action,
    entityType: q.entity_type,
    entityId: q.entity_id,
    from: instant('from', q.from),
    to: instant('to', q.to),
  };
}

const toEntry = (r: AuditRow): AuditLogEntry => ({
  id: r.id,
  seq: r.seq,
  created_at: r.created_at.toISOString(),
  actor: r.actor_id ? { id: r.actor_id, name: r.actor_name, email: r.actor_email } : null,
  action: r.action,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  ip: r.ip,
  user_agent: r.user_agent,
  meta: r.meta && typeof r.meta === 'object' && !Array.isArray(r.meta) ? (r.meta as Record<string, unknown>) : null,
  hash: r.hash,
});

export async function listAuditLog(db: Db, q: FilterQuery & { cursor?: string | undefined; limit: number }) {
  const after = q.cursor ? cursor.decode(q.cursor) : null;
  const found = await listAuditEntries(db, toFilter(q), after, q.limit + 1);
  const page = found.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    next_cursor: found.length > q.limit && last ? cursor.encode({ ts: last.cursor_ts, id: last.id }) : null,
  };
}

const CSV_BATCH = 1000;
const CSV_HEADER = [
  'id',
  'seq',
  'created_at_utc',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'entity_type',
  'entity_id',
  'ip',
  'user_agent',
  'meta',
  'hash',
];

/**
 * Every entry the filters match, newest first, as CSV, read in keyset batches so a long log streams in constant
 * memory. The export is itself audited (who took a copy of the log, with which filters).
 */
export async function exportAuditLog(db: Db, auth: AuthContext, q: FilterQuery): Promise<Readable> {
  const filter = toFilter(q);
  await audit(db, {
    actorId: auth.user.id,
    action: 'audit_log.export',
    entityType: 'audit_log',
    meta: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)),
  });
  async function* lines() {
    yield csvLine(CSV_HEADER);
    let after: { ts: string; id: number } | null = null;
    for (;;) {
      const batch = await listAuditEntries(db, filter, after, CSV_BATCH);
      for (const r of batch) {
        yield csvLine([
          r.id,
          r.seq,
          r.created_at.toISOString(),
          r.actor_id,
          r.actor_name,
          r.actor_email,
          r.action,
          r.entity_type,
          r.entity_id,
          r.ip,
          r.user_agent,
          r.meta === null ? null : JSON.stringify(r.meta),
          r.hash,
        ]);
      }
      const last = batch.at(-1);
      if (batch.length < CSV_BATCH || !last) return;
      after = { ts: last.cursor_ts, id: last.id };
    }
  }
  return Readable.from(lines());
}

export async function verifyAuditLog(db: Db, auth: AuthContext): Promise<AuditChainReport> {
  const report = await verifyAuditChain(db);
  await audit(db, {
    actorId: auth.user.id,
    action: 'audit_log.verify',
    entityType: 'audit_log',
    meta: { ok: report.ok, checked: report.checked, breaks: report.breaks.length },
  });
  return { ...report, verified_at: new Date().toISOString() };
}
