import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DOCUMENT_REQUEST_REMINDER_DAYS,
  isCancelledStatus,
  matchDocumentType,
  type Document,
  type DocumentRequestMatch,
  type RequestFile,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { documentMatchDeclines, documentRequests, documents, documentTypes, tickets } from '../platform/db/schema.ts';

// Which file fulfils which document request. The vault owns it (requests build on the vault, never back): an upload
// from a request fulfils it here, a deleted document gives its requests back here, and the proposals (an upload that
// looks like what an open request asks for, for the customer to confirm) are made here for the vault's documents and
// for the requests alike, so both show the same pairs. docs/decisions/0033-uploads-matched-to-requests.md.

const REMINDER_MS = DOCUMENT_REQUEST_REMINDER_DAYS * 86_400_000;
/** The seeded catch-all type: an upload filed under it says nothing of what it is, so its file name is read. */
const CATCH_ALL_TYPE = 'other';
/** The customer's newest unmatched uploads a request's proposal is looked for among. */
const PROPOSABLE_UPLOADS = 200;

/**
 * The one write that fulfils a request with a document: an upload from the request, a proposal confirmed, staff's
 * choice. Conditional (an open request; or, for staff replacing the file, a fulfilled one too), so two callers racing
 * fulfil it once: false for the one that came second (the request is no longer what it expected).
 */
export async function fulfilRequest(
  tx: Tx,
  m: { requestId: string; documentId: string; by: string; via: DocumentRequestMatch; at: Date; replace?: boolean },
): Promise<boolean> {
  const done = await tx
    .update(documentRequests)
    .set({
      status: 'fulfilled',
      fulfilled_document_id: m.documentId,
      fulfilled_at: m.at,
      fulfilled_by: m.by,
      fulfilled_via: m.via,
      next_reminder_at: null,
    })
    .where(
      and(
        eq(documentRequests.id, m.requestId),
        m.replace ? inArray(documentRequests.status, ['open', 'fulfilled']) : eq(documentRequests.status, 'open'),
      ),
    )
    .returning({ id: documentRequests.id, ticket_id: documentRequests.ticket_id });
  if (!done.length) return false;
  // A vault file given to a request is on that request's ticket from now on: listed under its Documents.
  await tx
    .update(documents)
    .set({ ticket_id: done[0]!.ticket_id })
    .where(and(eq(documents.id, m.documentId), isNull(documents.ticket_id)));
  return true;
}

/**
 * Fulfilled requests open again, their file taken off (the document deleted, or staff unmatching it): reminders
 * start again from `at` (the database's clock without one). Returns the requests reopened.
 */
export async function reopenFulfilled(
  tx: Tx,
  which: { documentId: string } | { requestId: string },
  at?: Date,
): Promise<string[]> {
  const reopened = await tx
    .update(documentRequests)
    .set({
      status: 'open',
      fulfilled_document_id: null,
      fulfilled_at: null,
      fulfilled_by: null,
      fulfilled_via: null,
      next_reminder_at: at
        ? new Date(at.getTime() + REMINDER_MS)
        : sql`now() + make_interval(days => ${DOCUMENT_REQUEST_REMINDER_DAYS})`,
    })
    .where(
      and(
        'documentId' in which
          ? eq(documentRequests.fulfilled_document_id, which.documentId)
          : eq(documentRequests.id, which.requestId),
        eq(documentRequests.status, 'fulfilled'),
      ),
    )
    .returning({ id: documentRequests.id });
  return reopened.map((r) => r.id);
}

/**
 * This document is not for this request (the customer's "Not this one", or staff taking it off): recorded once, and
 * the document is proposed for no request again (a file declined for one W-2 would otherwise be offered for the next
 * W-2 at once). False when the pair was declined already (nothing written).
 */
export async function declineProposal(tx: Tx, documentId: string, requestId: string, by: string): Promise<boolean> {
  const added = await tx
    .insert(documentMatchDeclines)
    .values({ document_id: documentId, request_id: requestId, declined_by: by })
    .onConflictDoNothing()
    .returning({ id: documentMatchDeclines.document_id });
  return added.length > 0;
}

/** Whether this pair was declined (the customer's "Not this one" or staff's taking the file off). */
export async function wasDeclined(tx: Tx, documentId: string, requestId: string): Promise<boolean> {
  const found = await tx
    .select({ id: documentMatchDeclines.document_id })
    .from(documentMatchDeclines)
    .where(and(eq(documentMatchDeclines.document_id, documentId), eq(documentMatchDeclines.request_id, requestId)))
    .limit(1);
  return found.length > 0;
}

/** An upload a proposal may name: the customer's own vault upload (not staff's papers) fulfilling no request. */
interface Upload {
  id: string;
  customer_id: string;
  ticket_id: string | null;
  document_type_id: string | null;
  document_type_name: string | null;
  file_name: string;
  created_at: Date;
}

/** An open request a proposal may name. */
interface OpenRequest {
  id: string;
  customer_id: string;
  ticket_id: string;
  ticket_name: string;
  ticket_status: string;
  label: string;
  document_type_id: string | null;
  document_type_name: string | null;
}

const isCatchAll = (typeName: string | null) => !typeName || typeName.trim().toLowerCase() === CATCH_ALL_TYPE;

/**
 * A file of one document type is plainly not what a request of another asks for when both name a specific type (not
 * none, not the catch-all "Other") and they differ. Such a file does not fulfil the request on the customer's word (a
 * confirm, an upload from the request: 422 with this refusal's text) and is never proposed to it; staff may still
 * choose it (their checklist shows the file's type). Null when the file fits.
 */
export async function otherTypeRefusal(
  db: Tx,
  fileTypeId: string | null,
  requestTypeId: string | null,
  field = 'document_id',
): Promise<AppError | null> {
  if (!fileTypeId || !requestTypeId || fileTypeId === requestTypeId) return null;
  const found = await db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(inArray(documentTypes.id, [fileTypeId, requestTypeId]));
  const name = (id: string) => found.find((t) => t.id === id)?.name ?? null;
  const [fileType, requestType] = [name(fileTypeId), name(requestTypeId)];
  if (isCatchAll(fileType) || isCatchAll(requestType)) return null;
  return new AppError('validation', TICKET_TEXTS.requests.otherType, {
    params: { fileType: fileType!, requestType: requestType! },
    errors: [{ field, message: TICKET_TEXTS.requests.otherType }],
  });
}
/** A file name as words: no extension, underscores and dots as spaces ("daycare_letter.v2.pdf": "daycare letter v2"). */
const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/[_.]+/g, ' ');

/**
 * The open request an upload looks like it answers, if any: among the customer's open requests (oldest first, the
 * ones on the upload's own ticket before the others; none on a cancelled ticket), the first of the upload's
 * document type; for an upload without one (or filed under the catch-all "Other"), the one whose type or label its
 * file name names (the contract's matchDocumentType, the staff form's rule). An upload declined for any request (the
 * customer's "Not this one", staff taking it off) is proposed for none again.
 */
export function proposalFor(upload: Upload, open: readonly OpenRequest[], declined: ReadonlySet<string>) {
  if (declined.has(upload.id)) return null;
  const candidates = open.filter((r) => r.customer_id === upload.customer_id && !isCancelledStatus(r.ticket_status));
  const ordered = [
    ...candidates.filter((r) => r.ticket_id === upload.ticket_id),
    ...candidates.filter((r) => r.ticket_id !== upload.ticket_id),
  ];
  if (!isCatchAll(upload.document_type_name))
    return ordered.find((r) => r.document_type_id === upload.document_type_id) ?? null;
  const names = ordered.flatMap((r) => [
    ...(isCatchAll(r.document_type_name) ? [] : [{ name: r.document_type_name!, request: r }]),
    { name: r.label, request: r },
  ]);
  return matchDocumentType(stem(upload.file_name), names)?.request ?? null;
}

const isProposable = and(
  eq(documents.kind, 'upload'),
  eq(documents.visibility, 'shared'),
  sql`not exists (select 1 from ${documentRequests} f where f.fulfilled_document_id = ${documents.id})`,
);

async function openRequestsOf(db: Tx, customerIds: string[]): Promise<OpenRequest[]> {
  return db
    .select({
      id: documentRequests.id,
      customer_id: documentRequests.customer_id,
      ticket_id: documentRequests.ticket_id,
      ticket_name: tickets.name,
      ticket_status: tickets.status,
      label: documentRequests.label,
      document_type_id: documentRequests.document_type_id,
      document_type_name: documentTypes.name,
    })
    .from(documentRequests)
    .innerJoin(tickets, eq(tickets.id, documentRequests.ticket_id))
    .leftJoin(documentTypes, eq(documentTypes.id, documentRequests.document_type_id))
    .where(and(inArray(documentRequests.customer_id, customerIds), eq(documentRequests.status, 'open')))
    .orderBy(asc(documentRequests.created_at), asc(documentRequests.id));
}

/** Of these documents, the ones declined for some request. */
async function declinedDocuments(db: Tx, documentIds: string[]): Promise<Set<string>> {
  if (!documentIds.length) return new Set();
  const found = await db
    .selectDistinct({ document_id: documentMatchDeclines.document_id })
    .from(documentMatchDeclines)
    .where(inArray(documentMatchDeclines.document_id, documentIds));
  return new Set(found.map((d) => d.document_id));
}

const uploadColumns = {
  id: documents.id,
  customer_id: documents.customer_id,
  ticket_id: documents.ticket_id,
  document_type_id: documents.document_type_id,
  document_type_name: documentTypes.name,
  file_name: documents.file_name,
  created_at: documents.created_at,
};

/**
 * The vault's documents' proposals (their `proposed_request`), by document id: only `customerId`'s own uploads that
 * fulfil nothing, to their own requests (a document shared with them names nobody else's requests).
 */
export async function proposalsForDocuments(
  db: Tx,
  customerId: string,
  documentIds: string[],
): Promise<Map<string, NonNullable<Document['proposed_request']>>> {
  const out = new Map<string, NonNullable<Document['proposed_request']>>();
  if (!documentIds.length) return out;
  const uploads = await db
    .select(uploadColumns)
    .from(documents)
    .leftJoin(documentTypes, eq(documentTypes.id, documents.document_type_id))
    .where(and(inArray(documents.id, documentIds), eq(documents.customer_id, customerId), isProposable));
  if (!uploads.length) return out;
  const open = await openRequestsOf(db, [customerId]);
  if (!open.length) return out;
  const declined = await declinedDocuments(
    db,
    uploads.map((u) => u.id),
  );
  for (const u of uploads) {
    const r = proposalFor(u, open, declined);
    if (r) out.set(u.id, { id: r.id, label: r.label, ticket_id: r.ticket_id, ticket_name: r.ticket_name });
  }
  return out;
}

export const requestFile = (d: {
  id: string;
  file_name: string;
  created_at: Date;
  document_type_name?: string | null;
}): RequestFile => ({
  id: d.id,
  file_name: d.file_name,
  created_at: d.created_at.toISOString(),
  file_url: `/api/v1/documents/${d.id}/file`,
  ...(d.document_type_name !== undefined ? { document_type_name: d.document_type_name } : {}),
});

/**
 * `customerId`'s requests' proposals (their `proposed_document`), by request id: each of their newest unmatched uploads
 * is proposed as above (against all their open requests, so a request shows the upload the vault shows for it), and a
 * request gets the newest upload proposed to it.
 */
export async function proposalsForRequests(db: Tx, customerId: string): Promise<Map<string, RequestFile>> {
  const out = new Map<string, RequestFile>();
  const open = await openRequestsOf(db, [customerId]);
  if (!open.length) return out;
  const uploads = await db
    .select(uploadColumns)
    .from(documents)
    .leftJoin(documentTypes, eq(documentTypes.id, documents.document_type_id))
    .where(and(eq(documents.customer_id, customerId), isProposable))
    .orderBy(desc(documents.created_at), desc(documents.id))
    .limit(PROPOSABLE_UPLOADS);
  const declined = await declinedDocuments(
    db,
    uploads.map((u) => u.id),
  );
  for (const u of uploads) {
    const r = proposalFor(u, open, declined);
    if (r && !out.has(r.id)) out.set(r.id, requestFile(u));
  }
  return out;
}

/** The requests these documents fulfil, by document id (oldest first): deleting one opens them again. */
export async function fulfilledRequestsOf(
  db: Tx,
  documentIds: string[],
): Promise<Map<string, { id: string; label: string }[]>> {
  const out = new Map<string, { id: string; label: string }[]>();
  if (!documentIds.length) return out;
  const found = await db
    .select({ id: documentRequests.id, label: documentRequests.label, doc: documentRequests.fulfilled_document_id })
    .from(documentRequests)
    .where(and(inArray(documentRequests.fulfilled_document_id, documentIds), eq(documentRequests.status, 'fulfilled')))
    .orderBy(asc(documentRequests.created_at), asc(documentRequests.id));
  for (const r of found) out.set(r.doc!, [...(out.get(r.doc!) ?? []), { id: r.id, label: r.label }]);
  return out;
}
