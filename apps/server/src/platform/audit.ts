import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import { col, firstRow, rows, rowSchema } from './db/rows.ts';
import { auditChain, auditLog } from './db/schema.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  /** The caller's address; the request's (see registerAuditContext) when not given. */
  ip?: string | null;
  meta?: Record<string, unknown>;
}

interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

const origin = new AsyncLocalStorage<RequestOrigin>();

/** Printable text only, bounded: a header is the client's to choose, the log is the reader's. */
const cleanUserAgent = (ua: string | undefined) => {
  const text = ua
    ?.replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 512);
  return text || null;
};

/**
 * Remembers where each request came from (address as Fastify sees it, TRUST_PROXY included, and its user
 * agent) for the length of the request, so every audit entry written while answering it records both without
 * each feature passing them down.
 */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    origin.run({ ip: req.ip, userAgent: cleanUserAgent(req.headers['user-agent']) }, done);
  });
}

/**
 * Appends to the audit log; takes a transaction so the entry commits with its change. The entry is chained by
 * hash when its transaction commits (a deferred trigger: docs/decisions/0014).
 */
export async function audit(db: Tx, e: AuditEntry): Promise<void> {
  const from = origin.getStore();
  await db.insert(auditLog).values({
    actor_id: e.actorId,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId ?? null,
    ip: e.ip ?? from?.ip ?? null,
    user_agent: from?.userAgent ?? null,
    meta: e.meta ?? null,
  });
}

export type ChainProblem =
  /** The entry's content or hash was changed after it was written. */
  | 'altered'
  /** Entries before this one are missing (deleted): the seqs in `missing`. */
  | 'deleted'
  /** The entry does not follow the one before it (that one was rewritten with a new hash). */
  | 'relinked'
  /** The last entries are missing: the head says the chain is longer. */
  | 'tail_deleted'
  /** A committed entry outside the chain (written with the trigger disabled). */
  | 'unchained';

export interface ChainBreak {
  problem: ChainProblem;
  /** The entry where the break shows (null for a deleted tail). */
  id: number | null;
  seq: number | null;
  /** For deletions: the first and last missing seq. */
  missing?: { from: number; to: number };
}

export interface ChainReport {
  ok: boolean;
  /** Entries checked. */
  checked: number;
  head: { seq: number; hash: string } | null;
  /** The first break (where the chain stops being trustworthy), then the others, in chain order. */
  breaks: ChainBreak[];
  /** True when more breaks were found than `breaks` lists. */
  truncated: boolean;
}

const GENESIS = '0'.repeat(64);
const BATCH = 2000;
const linkRow = rowSchema({
  id: col.int(),
  seq: col.int(),
  prev_hash: col.text().nullable(),
  hash: col.text().nullable(),
  expected: col.text().nullable(),
});
const headRow = rowSchema({ seq: col.int(), hash: col.text() });
const idRow = rowSchema({ id: col.int() });

/**
 * Walks the chain in seq order on one snapshot and reports every break (up to `limit`): an entry whose hash is
 * not sha256(previous hash + its content) was altered; a gap in seq is a deletion; an entry whose prev_hash is
 * not its predecessor's hash follows a rewritten entry; a head beyond the last entry is a deleted tail.
 */
export async function verifyAuditChain(db: Db, limit = 100): Promise<ChainReport> {
  return db.transaction(
    async (tx) => {
      const breaks: ChainBreak[] = [];
      let total = 0;
      const report = (b: ChainBreak) => {
        total++;
        if (breaks.length < limit) breaks.push(b);
      };
      let prev: { id: number | null; seq: number; hash: string | null } = { id: null, seq: 0, hash: GENESIS };
      let checked = 0;
      for (;;) {
        const batch = await rows(
          tx,
          linkRow,
          sql`select a.id, a.seq, a.prev_hash, a.hash, audit_log_entry_hash(a.prev_hash, a) as expected
              from ${auditLog} a where a.seq > ${prev.seq} order by a.seq limit ${BATCH}`,
        );
        for (const r of batch) {
          if (r.seq !== prev.seq + 1) {
            report({ problem: 'deleted', id: r.id, seq: r.seq, missing: { from: prev.seq + 1, to: r.seq - 1 } });
          } else if (r.prev_hash !== prev.hash) {
            report({ problem: 'relinked', id: r.id, seq: r.seq });
          }
          if (r.expected === null || r.hash !== r.expected) report({ problem: 'altered', id: r.id, seq: r.seq });
          prev = { id: r.id, seq: r.seq, hash: r.hash };
          checked++;
        }
        if (batch.length < BATCH) break;
      }
      const head = (await firstRow(tx, headRow, sql`select seq, hash from ${auditChain} where id = 1`)) ?? null;
      if (head && head.seq > prev.seq) {
        report({ problem: 'tail_deleted', id: null, seq: null, missing: { from: prev.seq + 1, to: head.seq } });
      } else if (head && head.seq === prev.seq && head.hash !== prev.hash && checked > 0) {
        // The last entry was rewritten with a hash of its own making: the head remembers the real one.
        report({ problem: 'altered', id: prev.id, seq: prev.seq });
      }
      const loose = await rows(tx, idRow, sql`select id from ${auditLog} where seq is null order by id limit ${limit}`);
      for (const r of loose) report({ problem: 'unchained', id: r.id, seq: null });
      return { ok: total === 0, checked, head, breaks, truncated: total > breaks.length };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Recomputes the chain from the first entry matching `where` on: for the demo sample, which re-dates entries it
 * wrote a moment ago. Never for a chain verification found broken (that would hide the tampering).
 */
export async function rechainAuditFrom(db: Tx, where: SQL): Promise<void> {
  const first = await firstRow(
    db,
    rowSchema({ seq: col.int().nullable() }),
    sql`select min(seq) as seq from ${auditLog} where ${where}`,
  );
  if (first?.seq != null) await db.execute(sql`select audit_log_rechain(${first.seq})`);
}
