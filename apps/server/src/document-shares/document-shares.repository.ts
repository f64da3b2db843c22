import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import {
  documents,
  documentShareEvents,
  documentShareFiles,
  documentShares,
  tickets,
  users,
} from '../platform/db/schema.ts';

export type ShareRow = typeof documentShares.$inferSelect;

/** The ticket's documents among `ids` that a share may hold: any but staff's internal ones. */
export async function ticketDocuments(db: Tx, ticketId: string, ids: string[]) {
  return db
    .select({ id: documents.id, file_name: documents.file_name })
    .from(documents)
    .where(and(eq(documents.ticket_id, ticketId), inArray(documents.id, ids), ne(documents.visibility, 'internal')));
}

export async function insertShare(tx: Tx, share: typeof documentShares.$inferInsert, documentIds: string[]) {
  await tx.insert(documentShares).values(share);
  await tx.insert(documentShareFiles).values(documentIds.map((document_id) => ({ share_id: share.id, document_id })));
}

export async function findShare(db: Tx, id: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(documentShares).where(eq(documentShares.id, id));
  return row;
}

export async function revokeShare(tx: Tx, id: string, by: string, at: Date) {
  await tx.update(documentShares).set({ revoked_at: at, revoked_by: by }).where(eq(documentShares.id, id));
}

/** A ticket's shares, newest first, with who made each. */
export async function sharesOfTicket(db: Tx, ticketId: string) {
  return db
    .select({ share: documentShares, created_by_name: users.full_name })
    .from(documentShares)
    .leftJoin(users, eq(users.id, documentShares.created_by))
    .where(eq(documentShares.ticket_id, ticketId))
    .orderBy(desc(documentShares.created_at), desc(documentShares.id));
}

/** The files the shares still hold (a deleted document is gone), in name order. */
export async function filesOfShares(db: Tx, shareIds: string[]) {
  if (!shareIds.length) return [];
  return db
    .select({
      share_id: documentShareFiles.share_id,
      id: documents.id,
      file_name: documents.file_name,
      content_type: documents.content_type,
      size_bytes: documents.size_bytes,
      storage_key: documents.storage_key,
      wrapped_key: documents.wrapped_key,
      sha256: documents.sha256,
      ticket_id: documents.ticket_id,
    })
    .from(documentShareFiles)
    .innerJoin(documents, eq(documents.id, documentShareFiles.document_id))
    .where(inArray(documentShareFiles.share_id, shareIds))
    .orderBy(documents.file_name, documents.id);
}

const eventRow = rowSchema({
  share_id: col.text(),
  kind: col.text(),
  file_name: col.text().nullable(),
  ip: col.text().nullable(),
  user_agent: col.text().nullable(),
  at: col.timestamp(),
});
const countRow = rowSchema({ share_id: col.text(), kind: col.text(), n: col.int() });

/** Each share's latest `limit` events, newest first, and its counts by kind. */
export async function eventsOfShares(db: Tx, shareIds: string[], limit: number) {
  if (!shareIds.length) return { events: [], counts: [] };
  const ids = sql`${sql.param(shareIds)}::text[]`;
  const events = await rows(
    db,
    eventRow,
    sql`select share_id, kind, file_name, ip, user_agent, at from (
          select e.*, row_number() over (partition by e.share_id order by e.at desc, e.id desc) as rn
          from ${documentShareEvents} e where e.share_id = any(${ids})) x
        where rn <= ${limit} order by at desc, id desc`,
  );
  const counts = await rows(
    db,
    countRow,
    sql`select share_id, kind, count(*)::int as n from ${documentShareEvents}
        where share_id = any(${ids}) group by share_id, kind`,
  );
  return { events, counts };
}

export async function recordEvent(
  tx: Tx,
  e: { share_id: string; kind: 'open' | 'download'; file_name: string | null; ip: string; user_agent: string | null },
) {
  await tx.insert(documentShareEvents).values(e);
}

/**
 * Marks the live links made under a consent as ended with it (its revocation): those made under it, and on a joint
 * return whose spouse revoked theirs, the links of the spouse's tickets to that recipient (each filer's consent is
 * needed: docs/decisions/0035).
 */
export async function endSharesOfConsent(
  db: Tx,
  e: { consentId: string; customerId: string; recipientEmail: string | null },
  at: Date,
) {
  const underIt = eq(documentShares.consent_id, e.consentId);
  const spouses = e.recipientEmail
    ? and(
        sql`lower(${documentShares.recipient_email}) = lower(${e.recipientEmail})`,
        inArray(
          documentShares.ticket_id,
          db.select({ id: tickets.id }).from(tickets).where(eq(tickets.spouse_id, e.customerId)),
        ),
      )
    : undefined;
  await db
    .update(documentShares)
    .set({ consent_ended_at: at })
    .where(and(spouses ? or(underIt, spouses) : underIt, isNull(documentShares.consent_ended_at)));
}
