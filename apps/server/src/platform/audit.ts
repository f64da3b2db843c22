import type { Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  ip?: string | null;
  meta?: Record<string, unknown>;
}

/** Appends to the audit log; takes a transaction so the entry commits with its change. */
export async function audit(db: Tx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor_id: e.actorId,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId ?? null,
    ip: e.ip ?? null,
    meta: e.meta ?? null,
  });
}
