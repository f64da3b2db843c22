import { eq, sql } from 'drizzle-orm';
import { isSignedRecordKind } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { documents, engagementLetters, signatures, signingRequests, taxDrafts } from '../platform/db/schema.ts';

/** One stored document's row (the vault owns the documents table; signing reads its drafts' PDFs through it). */
export async function documentRow(db: Tx, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export const DRAFT_DOCUMENT_KEPT = TICKET_TEXTS.documents.keptWithHistory;
export const SIGNED_RECORD_KEPT = TICKET_TEXTS.documents.signedRecordKept;

/**
 * Whether a document is a signed record (the contract's SIGNED_RECORD_KINDS: a signed Form 8879, a signed engagement
 * letter), by its kind or because a signature or a letter names it as what was signed. Asked of the tables directly,
 * as isDraftOrFormDocument does, so the vault imports neither signing nor engagement.
 */
export async function isSignedRecord(db: Tx, doc: { id: string; kind: string }): Promise<boolean> {
  if (isSignedRecordKind(doc.kind)) return true;
  const found = await rows(
    db,
    rowSchema({ n: col.int() }),
    sql`select 1 as n from ${engagementLetters} where signed_document_id = ${doc.id}
        union all select 1 from ${signatures} where signed_document_id = ${doc.id}
        union all select 1 from ${signingRequests} where signed_document_id = ${doc.id}
        limit 1`,
  );
  return found.length > 0;
}

/**
 * Whether a document is the bytes of a draft version or of a Form 8879 (kept with its history). The vault asks
 * the drafts' and signing requests' tables directly (they only reference documents), so it imports neither
 * feature: they build on the vault, never the other way round.
 */
export async function isDraftOrFormDocument(db: Tx, documentId: string): Promise<boolean> {
  const found = await rows(
    db,
    rowSchema({ n: col.int() }),
    sql`select 1 as n from ${taxDrafts} where document_id = ${documentId}
        union all select 1 from ${signingRequests} where document_id = ${documentId} or signed_document_id = ${documentId}
        limit 1`,
  );
  return found.length > 0;
}
