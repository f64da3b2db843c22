import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { and, desc, eq, lt, ne, or, type SQL } from 'drizzle-orm';
import {
  isCancelledStatus,
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
import { visibleTicket } from '../tickets/index.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import { DRAFT_DOCUMENT_KEPT, isDraftOrFormDocument } from './documents.repository.ts';

/** A customer may delete their own uploads until the ticket is done. */
const LOCKED_STATUSES = new Set(['Completed', 'Closed']);
const NOT_FOUND = TICKET_TEXTS.documents.notFound;

export function canDelete(auth: AuthContext, row: DocumentRow, ticketStatus: string | null | undefined): boolean {
  // Signed e-file authorisations are kept (at least 3 years): nobody deletes them here.
  if (row.kind === 'signed_8879') return false;
  if (isStaff(auth)) return true;
  return (
    row.kind === 'upload' &&
    row.visibility === 'shared' &&
    row.uploaded_by === auth.user.id &&
    !LOCKED_STATUSES.has(ticketStatus ?? '')
  );
}

/** The row if the caller may see it; 404 otherwise (another customer's, or staff-only). */
export async function visibleDocument(db: Tx, auth: AuthContext, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (!isStaff(auth) && (row.customer_id !== auth.user.id || row.visibility === 'internal')) throw notFound(NOT_FOUND);
  return row;
}

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
    where.push(eq(documents.customer_id, auth.user.id), ne(documents.visibility, 'internal'));
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
    .select({ doc: documents, ticket_name: tickets.name, ticket_status: tickets.status, type_name: documentTypes.name })
    .from(documents)
    .leftJoin(tickets, eq(tickets.id, documents.ticket_id))
    .leftJoin(documentTypes, eq(documentTypes.id, documents.document_type_id))
    .where(and(...where))
    .orderBy(desc(documents.created_at), desc(documents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) =>
      documentDto(r.doc, {
        ticket_name: r.ticket_name,
        document_type_name: r.type_name,
        can_delete: canDelete(auth, r.doc, r.ticket_status),
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

    // Whose vault, and which ticket.
    let customerId = auth.user.id;
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
      customerId = t.customer_id;
    } else if (isStaff(auth)) {
      if (!f.customer_id) throw fieldError('customer_id', TICKET_TEXTS.documents.chooseCustomer);
      const [c] = await deps.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role, 'Customer')))
        .where(eq(users.id, f.customer_id));
      if (!c) throw notFound(TICKET_TEXTS.documents.customerNotFound);
      customerId = c.id;
    }
    if (f.request_id) {
      if (staged.length > 1) throw fieldError('request_id', TICKET_TEXTS.documents.oneFilePerRequest);
      const requested = (await checkRequest(deps.db, f.request_id, customerId, ticketId)).ticketId;
      if (requested !== ticketId) ticket = null; // the request's ticket: looked up below
      ticketId = requested;
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
          uploadedBy: auth.user.id,
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
    return rows.map((row) => documentDto(row, { ...extras, can_delete: canDelete(auth, row, extras.ticket_status) }));
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
    const [t] = doc.ticket_id
      ? await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, doc.ticket_id))
      : [];
    if (!canDelete(auth, doc, t?.status)) throw new AppError('forbidden', MESSAGES.forbidden);
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
  // A draft version or a Form 8879 PDF stays with its history (drafts.* / signing.* reference it).
  if (await isDraftOrFormDocument(tx, doc.id)) throw new AppError('conflict', DRAFT_DOCUMENT_KEPT);
  // A request this document fulfilled is open again.
  await tx
    .update(documentRequests)
    .set({ status: 'open', fulfilled_document_id: null, fulfilled_at: null })
    .where(and(eq(documentRequests.fulfilled_document_id, doc.id), eq(documentRequests.status, 'fulfilled')));
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
