import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { questionnaireAnswers, signatures, signingRequests, siteSettings } from '../platform/db/schema.ts';

export type SigningRequestRow = typeof signingRequests.$inferSelect;
export type SignatureRow = typeof signatures.$inferSelect;

/** A pending or completed request: it always has its unsigned PDF (a replaced one's is deleted, document_id null). */
export type LiveRequestRow = SigningRequestRow & { document_id: string };

/** The ticket's live Form 8879 request (pending or completed); replaced ones are history. */
export async function currentRequest(db: Tx, ticketId: string, lock = false): Promise<LiveRequestRow | null> {
  const q = db
    .select()
    .from(signingRequests)
    .where(and(eq(signingRequests.ticket_id, ticketId), ne(signingRequests.status, 'replaced')))
    .orderBy(desc(signingRequests.created_at))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) return null;
  const documentId = row.document_id;
  if (documentId === null) throw new Error(`signing request ${row.id} is ${row.status} without its document`);
  return { ...row, document_id: documentId };
}

export async function insertRequest(tx: Tx, row: typeof signingRequests.$inferInsert) {
  await tx.insert(signingRequests).values(row);
}

export async function updateRequest(tx: Tx, id: string, set: Partial<typeof signingRequests.$inferInsert>) {
  await tx.update(signingRequests).set(set).where(eq(signingRequests.id, id));
}

/** Counts a failed confirmation (outside the refused request's own work, so it sticks). */
export async function countFailure(db: Tx, id: string, role: 'taxpayer' | 'spouse') {
  const column = role === 'taxpayer' ? signingRequests.taxpayer_failures : signingRequests.spouse_failures;
  await db
    .update(signingRequests)
    .set(role === 'taxpayer' ? { taxpayer_failures: sql`${column} + 1` } : { spouse_failures: sql`${column} + 1` })
    .where(eq(signingRequests.id, id));
}

export async function signaturesOf(db: Tx, requestId: string): Promise<SignatureRow[]> {
  return db
    .select()
    .from(signatures)
    .where(eq(signatures.signing_request_id, requestId))
    .orderBy(asc(signatures.signed_at));
}

export async function insertSignature(tx: Tx, row: typeof signatures.$inferInsert) {
  await tx.insert(signatures).values(row);
}

/**
 * Until when a signed Form 8879 must be kept (null: no retention applies). The vault's delete refuses a
 * document while this is in the future.
 */
export async function retainedUntil(db: Tx, documentId: string, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ until: signatures.retain_until })
    .from(signatures)
    .where(and(eq(signatures.signed_document_id, documentId), gt(signatures.retain_until, now)))
    .orderBy(desc(signatures.retain_until))
    .limit(1);
  return row?.until ?? null;
}

/** The firm's signing settings (site setting `signing`), null while never set. */
export async function signingSettings(db: Tx): Promise<{ strict_identity?: unknown } | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'signing'));
  return row && typeof row.value === 'object' && row.value !== null
    ? (row.value as { strict_identity?: unknown })
    : null;
}

export async function saveSigningSettings(db: Tx, strictIdentity: boolean) {
  const value = { strict_identity: strictIdentity };
  await db
    .insert(siteSettings)
    .values({ key: 'signing', value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

/** The firm's name, the ERO on the form: its published website settings' (site's firmName, the one home). */
export { firmName } from '../site/index.ts';

/** What the questionnaire says about a joint return: filing status married_joint and the spouse's name. */
export async function questionnaireSpouse(
  db: Tx,
  ticketId: string,
): Promise<{ joint: boolean; spouse_name: string | null }> {
  const [row] = await db
    .select({ answers: questionnaireAnswers.answers })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.ticket_id, ticketId), eq(questionnaireAnswers.section, 'tax_payer')));
  const a = (row?.answers ?? {}) as {
    filing_status?: unknown;
    spouse?: { first_name?: unknown; last_name?: unknown } | null;
  };
  const name = [a.spouse?.first_name, a.spouse?.last_name].filter(
    (p): p is string => typeof p === 'string' && !!p.trim(),
  );
  return { joint: a.filing_status === 'married_joint', spouse_name: name.length ? name.join(' ') : null };
}
