import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { documents, taxDrafts, ticketMessages, tickets, users } from '../platform/db/schema.ts';

const draftRow = rowSchema({
  id: col.text(),
  ticket_id: col.text(),
  document_id: col.text(),
  version: col.int(),
  label: col.text(),
  status: col.text(),
  note: col.text().nullable(),
  created_at: col.timestamp(),
  decided_at: col.timestamp().nullable(),
  decision_message: col.text().nullable(),
  file_name: col.text(),
  size_bytes: col.int(),
  uploaded_by_id: col.text().nullable(),
  uploaded_by_name: col.text().nullable(),
  decided_by_id: col.text().nullable(),
  decided_by_name: col.text().nullable(),
  /** The ticket's status now: whether a pending version can still be reviewed. */
  ticket_status: col.text(),
});
export type DraftRow = RowOf<typeof draftRow.shape>;

const draftColumns = sql`d.id, d.ticket_id, d.document_id, d.version, d.label, d.status, d.note, d.created_at,
  d.decided_at, d.decision_message, doc.file_name, doc.size_bytes,
  d.uploaded_by as uploaded_by_id, up.full_name as uploaded_by_name,
  d.decided_by as decided_by_id, dec.full_name as decided_by_name, tk.status as ticket_status`;
const draftJoins = sql`from ${taxDrafts} d join ${documents} doc on doc.id = d.document_id join ${tickets} tk on tk.id = d.ticket_id
  left join ${users} up on up.id = d.uploaded_by left join ${users} dec on dec.id = d.decided_by`;

/** Newest version first. */
export async function listDrafts(db: Tx, ticketId: string): Promise<DraftRow[]> {
  return rows(
    db,
    draftRow,
    sql`select ${draftColumns} ${draftJoins} where d.ticket_id = ${ticketId} order by d.version desc`,
  );
}

/** The newest version number, under the ticket's row lock (the caller holds it). */
export async function latestVersion(tx: Tx, ticketId: string): Promise<number> {
  const [row] = await tx
    .select({ version: taxDrafts.version })
    .from(taxDrafts)
    .where(eq(taxDrafts.ticket_id, ticketId))
    .orderBy(desc(taxDrafts.version))
    .limit(1);
  return row?.version ?? 0;
}

export async function lockDraft(tx: Tx, ticketId: string, draftId: string) {
  const [row] = await tx
    .select()
    .from(taxDrafts)
    .where(and(eq(taxDrafts.ticket_id, ticketId), eq(taxDrafts.id, draftId)))
    .for('update');
  return row ?? null;
}

/** Every earlier version still awaiting a decision is superseded by the new one. */
export async function supersedePending(tx: Tx, ticketId: string) {
  await tx
    .update(taxDrafts)
    .set({ status: 'superseded' })
    .where(and(eq(taxDrafts.ticket_id, ticketId), eq(taxDrafts.status, 'pending')));
}

export async function insertDraft(tx: Tx, d: typeof taxDrafts.$inferInsert) {
  await tx.insert(taxDrafts).values(d);
}

export async function updateDraft(tx: Tx, id: string, set: Partial<typeof taxDrafts.$inferInsert>) {
  await tx.update(taxDrafts).set(set).where(eq(taxDrafts.id, id));
}

/**
 * A conversation entry written as the tickets feature writes it (ticket_messages, ticket touched; the counts are
 * the trigger's). The caller marks the conversation read for its author through tickets/index.ts.
 */
export async function insertConversationMessage(tx: Tx, m: { ticketId: string; authorId: string; body: string }) {
  const [row] = await tx
    .insert(ticketMessages)
    .values({ ticket_id: m.ticketId, author_id: m.authorId, body: m.body, internal: false, document_ids: [] })
    .returning();
  await tx.execute(sql`update tickets set updated_at = now(), last_message_at = now() where id = ${m.ticketId}`);
  return row!;
}
