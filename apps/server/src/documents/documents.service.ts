import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  isCancelledStatus,
  isSignedRecordKind,
  MESSAGES,
  uploadDocumentFieldsSchema,
  UPLOAD_MESSAGES,
  type Document,
  type DocumentKind,
  type DocumentList,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { z } from 'zod';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { documentRequests, documents, documentTypes, tickets, userRoles, users } from '../platform/db/schema.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { keysetCursor } from '../platform/keyset-cursor.ts';
import {
  assertDocumentType,
  checkRequest,
  discardStaged,
  documentDto,
  documentExtras,
  insertDocument,
  stageUpload,
  type DocumentRow,
  type StagedFile,
} from './document-files.ts';
import { filesTicket, ticketsFiledBy, visibleTicket } from '../tickets/index.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import {
  DRAFT_DOCUMENT_KEPT,
  isDraftOrFormDocument,
  isSignedRecord,
  SIGNED_RECORD_KEPT,
} from './documents.repository.ts';
import { fulfilledRequestsOf, otherTypeRefusal, proposalsForDocuments, reopenFulfilled } from './request-matches.ts';

/** A customer may delete their own uploads until the ticket is done. */
const LOCKED_STATUSES = new Set(['Completed', 'Closed']);
const NOT_FOUND = TICKET_TEXTS.documents.notFound;

export function canDelete(
  auth: AuthContext,
  row: DocumentRow,
  /** The document's ticket: its status, and whether the caller files it (their own or a joint return of theirs). */
  ticket: { status: string; filed: boolean } | null,
): boolean {
  // Signed records (e-file authorisations, engagement letters) are kept (at least 3 years): nobody deletes them here.
  if (isSignedRecordKind(row.kind)) return false;
  if (isStaff(auth)) return true;
  return (
    row.kind === 'upload' &&
    row.visibility === 'shared' &&
    row.uploaded_by === auth.user.id &&
    // On a ticket, only while the caller still files it: a return made separate keeps the spouse's files.
    (!ticket || (ticket.filed && !LOCKED_STATUSES.has(ticket.status)))
  );
}

/**
 * The row if the caller may see it; 404 otherwise (another customer's, or staff-only). A customer sees their own
 * vault and the documents of the tickets they file (a joint return's: docs/decisions/0032); a spouse's documents
 * kept outside a joint return stay the spouse's.
 */
export async function visibleDocument(db: Tx, auth: AuthContext, id: string): Promise<DocumentRow> {
  const [found] = await db
    .select({ doc: documents, customer_id: tickets.customer_id, spouse_id: tickets.spouse_id })
    .from(documents)
    .leftJoin(tickets, eq(tickets.id, documents.ticket_id))
    .where(eq(documents.id, id));
  if (!found) throw notFound(NOT_FOUND);
  const { doc: row } = found;
  if (isStaff(auth)) return row;
  const filed =
    found.customer_id !== null &&
    filesTicket({ customer_id: found.customer_id, spouse_id: found.spouse_id }, auth.user.id);
  if ((row.customer_id !== auth.user.id && !filed) || row.visibility === 'internal') throw notFound(NOT_FOUND);
  return row;
}

/** The customer of the ticket a request is on, when the caller files that ticket (a joint return); else null. */
async function requestFiler(db: Tx, auth: AuthContext, requestId: string): Promise<string | null> {
  const [found] = await db
    .select({ customer_id: tickets.customer_id, spouse_id: tickets.spouse_id })
    .from(documentRequests)
    .innerJoin(tickets, eq(tickets.id, documentRequests.ticket_id))
    .where(eq(documentRequests.id, requestId));
  return found && filesTicket(found, auth.user.id) ? found.customer_id : null;
}

/** The open requests the customer's own uploads look like they answer, for them to confirm (staff get none). */
const proposalsFor = async (db: Tx, auth: AuthContext, ids: string[]): Promise<Map<string, ProposedRequest>> =>
  isStaff(auth) ? new Map() : proposalsForDocuments(db, auth.user.id, ids);
type ProposedRequest = NonNullable<Document['proposed_request']>;

/** Keyset on (created_at, id); documents' timestamps are read as Dates (milliseconds). */
const cursor = keysetCursor(z.object({ at: z.iso.datetime(), id: z.string().min(1) }));

export async function listDocuments(
  deps: DocumentsDeps,
  auth: AuthContext,
  q: { ticket_id?: string; customer_id?: string; kind?: DocumentKind; cursor?: string; limit: number },
): Promise<DocumentList> {
  const { db } = deps;
  const where: SQL[] = [];
  if (isStaff(auth)) {
    if (q.customer_id) where.push(eq(documents.customer_id, q.customer_id));
  } else {
    // Their own vault, and the documents of the joint returns they file with their spouse.
    where.push(
      or(
        eq(documents.customer_id, auth.user.id),
        sql`${documents.ticket_id} in (${ticketsFiledBy(auth.user.id)})`,
      ) as SQL,
      ne(documents.visibility, 'internal'),
    );
  }
  if (q.ticket_id) {
    const t = await visibleTicket(db, auth, q.ticket_id);
    where.push(eq(documents.ticket_id, t.id));
  }
  if (q.kind) where.push(eq(documents.kind, q.kind));
  if (q.cursor) {
    const c = cursor.decode(q.cursor);
    const at = new Date(c.at);
    where.push(or(lt(documents.created_at, at), and(eq(documents.created_at, at), lt(documents.id, c.id))) as SQL);
  }
  const rows = await db
    .select({
      doc: documents,
      ticket_name: tickets.name,
      ticket_status: tickets.status,
      ticket_customer_id: tickets.customer_id,
      ticket_spouse_id: tickets.spouse_id,
      type_name: documentTypes.name,
    })
    .from(documents)
    .leftJoin(tickets, eq(tickets.id, documents.ticket_id))
    .leftJoin(documentTypes, eq(documentTypes.id, documents.document_type_id))
    .where(and(...where))
    .orderBy(desc(documents.created_at), desc(documents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const ids = page.map((r) => r.doc.id);
  const proposals = await proposalsFor(db, auth, ids);
  const fulfils = await fulfilledRequestsOf(db, ids);
  return {
    items: page.map((r) =>
      documentDto(r.doc, {
        ticket_name: r.ticket_name,
        document_type_name: r.type_name,
        can_delete: canDelete(
          auth,
          r.doc,
          r.ticket_customer_id
            ? {
                status: r.ticket_status ?? '',
                filed: filesTicket({ customer_id: r.ticket_customer_id, spouse_id: r.ticket_spouse_id }, auth.user.id),
              }
            : null,
        ),
        proposed_request: proposals.get(r.doc.id) ?? null,
        fulfils_requests: fulfils.get(r.doc.id) ?? [],
      }),
    ),
    next_cursor:
      rows.length > q.limit && last ? cursor.encode({ at: last.doc.created_at.toISOString(), id: last.doc.id }) : null,
  };
}

type Part = MultipartFile | MultipartValue;

/**
 * POST /api/v1/documents: every file part is stored as it streams in (the fields may come before or after);
 * then the fields are checked and all rows are written in one transaction. Any refusal removes what was
 * stored, so nothing is left behind.
 */
export async function uploadDocuments(
  deps: DocumentsDeps,
  auth: AuthContext,
  parts: AsyncIterable<Part>,
  ip: string,
): Promise<Document[]> {
  const staged: StagedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw fieldError(part.fieldname, TICKET_TEXTS.documents.unexpectedFileField);
        }
        staged.push(await stageUpload(deps, part));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (staged.length === 0) throw fieldError('file', UPLOAD_MESSAGES.fileRequired);
    const parsed = uploadDocumentFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
      throw new AppError('validation', errors[0]!.message, { errors });
    }
    const f = parsed.data;
    const typeName = await assertDocumentType(deps.db, f.document_type);

    // Whose vault, and which ticket. A customer's upload is their own, on a joint return too (the spouse's file stays
    // the spouse's if the return is made separate); the request it answers may be the ticket's customer's.
    let customerId = auth.user.id;
    let requestCustomerId = customerId;
    let ticketId: string | null = f.ticket_id ?? null;
    let ticket: { name: string; status: string } | null = null;
    if (ticketId) {
      const t = await visibleTicket(deps.db, auth, ticketId);
      if (isCancelledStatus(t.status)) throw new AppError('conflict', MESSAGES.ticketCancelledNoUploads);
      ticketId = t.id;
      ticket = t;
      if (isStaff(auth) && f.customer_id && f.customer_id !== t.customer_id) {
        throw fieldError('customer_id', TICKET_TEXTS.documents.ticketOfAnotherCustomer);
      }
      if (isStaff(auth)) customerId = t.customer_id;
      requestCustomerId = t.customer_id;
    } else if (isStaff(auth)) {
      if (!f.customer_id) throw fieldError('customer_id', TICKET_TEXTS.documents.chooseCustomer);
      const [c] = await deps.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role, 'Customer')))
        .where(eq(users.id, f.customer_id));
      if (!c) throw notFound(TICKET_TEXTS.documents.customerNotFound);
      customerId = c.id;
      requestCustomerId = c.id;
    }
    if (f.request_id) {
      if (staged.length > 1) throw fieldError('request_id', TICKET_TEXTS.documents.oneFilePerRequest);
      // A request of a joint return the spouse answers: the request is its ticket's customer's, the file the spouse's.
      if (!ticketId && !isStaff(auth))
        requestCustomerId = (await requestFiler(deps.db, auth, f.request_id)) ?? requestCustomerId;
      const requested = await checkRequest(deps.db, f.request_id, requestCustomerId, ticketId);
      // A file of another specific type than the request asks for does not fulfil it (422: choose the right type).
      const refusal = await otherTypeRefusal(
        deps.db,
        f.document_type ?? null,
        requested.documentTypeId,
        'document_type',
      );
      if (refusal) throw refusal;
      if (requested.ticketId !== ticketId) ticket = null; // the request's ticket: looked up below
      ticketId = requested.ticketId;
    }

    const rows = await deps.db.transaction(async (tx) => {
      const out: DocumentRow[] = [];
      for (const s of staged) {
        const row = await insertDocument(tx, deps, s, {
          customerId,
          ticketId,
          kind: 'upload',
          visibility: 'shared',
          documentTypeId: f.document_type,
          requestId: f.request_id ?? null,
          requestCustomerId,
          uploadedBy: auth.user.id,
          matchedVia: isStaff(auth) ? 'staff' : 'upload',
        });
        await audit(tx, {
          actorId: auth.user.id,
          action: 'document.upload',
          entityType: 'document',
          entityId: row.id,
          ip,
          meta: { customer_id: customerId, ticket_id: ticketId, size_bytes: row.size_bytes, type: row.content_type },
        });
        out.push(row);
      }
      return out;
    });
    // The names the answer shows are known already, unless a request moved the upload to its own ticket.
    const extras =
      ticketId && !ticket
        ? await documentExtras(deps.db, rows[0]!)
        : { ticket_name: ticket?.name ?? null, ticket_status: ticket?.status ?? null, document_type_name: typeName };
    // An upload naming no request: is it what an open request asks for? (The customer is asked to confirm.)
    const proposals = f.request_id
      ? new Map<string, ProposedRequest>()
      : await proposalsFor(
          deps.db,
          auth,
          rows.map((r) => r.id),
        );
    return rows.map((row) =>
      documentDto(row, {
        ...extras,
        // Just uploaded: to the vault, or to a ticket the caller files (staff: any).
        can_delete: canDelete(auth, row, extras.ticket_status ? { status: extras.ticket_status, filed: true } : null),
        proposed_request: proposals.get(row.id) ?? null,
      }),
    );
  } catch (err) {
    await discardStaged(deps, staged);
    throw err;
  }
}

/** Opens a document (or its thumbnail) for the caller, writing the read to the audit log first. */
export async function openDocument(
  deps: DocumentsDeps,
  auth: AuthContext,
  id: string,
  what: 'file' | 'thumbnail',
  ip: string,
  disposition: 'attachment' | 'inline',
) {
  const row = await visibleDocument(deps.db, auth, id);
  const ref =
    what === 'file'
      ? { storageKey: row.storage_key, wrappedKey: row.wrapped_key, sha256: row.sha256 }
      : row.thumb_storage_key && row.thumb_wrapped_key && row.thumb_sha256
        ? { storageKey: row.thumb_storage_key, wrappedKey: row.thumb_wrapped_key, sha256: row.thumb_sha256 }
        : null;
  if (!ref) throw notFound(TICKET_TEXTS.documents.noThumbnail);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: what === 'file' ? 'document.download' : 'document.thumbnail',
    entityType: 'document',
    entityId: row.id,
    ip,
    meta: { customer_id: row.customer_id, kind: row.kind, disposition, via: auth.via },
  });
  return { row, ref };
}

export async function deleteDocument(deps: DocumentsDeps, auth: AuthContext, id: string, ip: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const doc = await visibleDocument(tx, auth, id);
    // A signed record is kept whoever asks: said so (409) before whether they may delete others.
    if (await isSignedRecord(tx, doc)) throw new AppError('conflict', SIGNED_RECORD_KEPT);
    const [t] = doc.ticket_id
      ? await tx
          .select({ status: tickets.status, customer_id: tickets.customer_id, spouse_id: tickets.spouse_id })
          .from(tickets)
          .where(eq(tickets.id, doc.ticket_id))
      : [];
    if (!canDelete(auth, doc, t ? { status: t.status, filed: filesTicket(t, auth.user.id) } : null))
      throw new AppError('forbidden', MESSAGES.forbidden);
    return deleteDocumentRow(tx, doc, { actorId: auth.user.id, ip });
  });
  await removeDocumentFiles(deps, row);
}

/**
 * Deletes a document in the caller's transaction, once the caller has decided it may: refused (409) while a draft
 * version or a Form 8879 request still names it; a request it fulfilled opens again; the row goes; the audit log
 * says who, and why when `reason` says. Its stored files go after the commit: `removeDocumentFiles(row)`.
 */
export async function deleteDocumentRow(
  tx: Tx,
  doc: DocumentRow,
  by: { actorId: string; ip: string; reason?: string },
): Promise<DocumentRow> {
  if (await isSignedRecord(tx, doc)) throw new AppError('conflict', SIGNED_RECORD_KEPT);
  // A draft version or a Form 8879 PDF stays with its history (drafts.* / signing.* reference it).
  if (await isDraftOrFormDocument(tx, doc.id)) throw new AppError('conflict', DRAFT_DOCUMENT_KEPT);
  // A request this document fulfilled is open again (and reminded of again).
  const reopened = await reopenFulfilled(tx, { documentId: doc.id });
  await tx.delete(documents).where(eq(documents.id, doc.id));
  await audit(tx, {
    actorId: by.actorId,
    action: 'document.delete',
    entityType: 'document',
    entityId: doc.id,
    ip: by.ip,
    meta: {
      customer_id: doc.customer_id,
      ticket_id: doc.ticket_id,
      file_name: doc.file_name,
      ...(reopened.length ? { reopened_request_ids: reopened } : {}),
      ...(by.reason ? { reason: by.reason } : {}),
    },
  });
  return doc;
}

/** After the commit that deleted its row: the document's stored file and thumbnail (a failure is left to the sweeper). */
export async function removeDocumentFiles(
  deps: Pick<DocumentsDeps, 'files' | 'log'>,
  row: Pick<DocumentRow, 'storage_key' | 'thumb_storage_key'>,
): Promise<void> {
  for (const key of [row.storage_key, row.thumb_storage_key]) {
    if (key) await deps.files.remove(key).catch((err) => deps.log.warn({ err }, 'stored file not removed'));
  }
}
