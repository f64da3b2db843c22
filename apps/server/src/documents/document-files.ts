import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type AcceptedUploadType,
  type Document,
  type DocumentKind,
  type DocumentRequestMatch,
  type DocumentVisibility,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { Tx } from '../platform/db/client.ts';
import { documentRequests, documents, documentTypes, tickets } from '../platform/db/schema.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import type { StoredFile } from '../platform/storage/index.ts';
import { cleanFileName } from './document-names.ts';
import { pdfActiveContent } from './pdf-active-content.ts';
import { fulfilRequest } from './request-matches.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import { loadSharp } from '../platform/images.ts';

export type DocumentRow = typeof documents.$inferSelect;
type Deps = Pick<DocumentsDeps, 'db' | 'files' | 'log'>;

/** Enough of the head of a file for file-type to recognise every format it knows. */
const SNIFF_BYTES = 4100;
const IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
export const THUMB_SIZE = 320;

/** A file in storage that has no row yet (a row is written by `insertDocument`). */
export interface StagedFile {
  file: StoredFile;
  thumb: StoredFile | null;
  fileName: string;
  contentType: AcceptedUploadType;
}

export interface DocumentMeta {
  customerId: string;
  ticketId?: string | null;
  kind: DocumentKind;
  visibility: DocumentVisibility;
  documentTypeId?: string | null;
  requestId?: string | null;
  /** The customer whose request it fulfils, when not the document's own: a spouse answering a joint return's. */
  requestCustomerId?: string;
  uploadedBy: string;
  /** Who matched the upload to its request: the customer uploading from it (the default), or staff. */
  matchedVia?: DocumentRequestMatch;
}

/** The upload's body: a multipart part, or a plain stream/buffer with the name the client gave. */
export type UploadSource = Pick<MultipartFile, 'file' | 'filename'> | { file: Readable | Buffer; filename?: string };

/**
 * Reads the first bytes for sniffing and gives back a stream of the whole file: the same stream with the
 * head put back (no extra stream layer per chunk), or, for a file shorter than the sample, the head alone.
 */
function readHead(stream: Readable): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (ended: boolean) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      const head = Buffer.concat(chunks, size);
      if (ended) return resolve({ head, body: Readable.from(head.length ? [head] : []) });
      stream.pause();
      stream.unshift(head);
      resolve({ head, body: stream });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= SNIFF_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onError = (err: Error) => reject(err);
    // A part of a cut-off form may be destroyed (or closed) before anyone reads it: it will never end.
    const onClose = () => {
      if (!stream.readableEnded) reject(stream.errored ?? new Error('Unexpected end of form'));
    };
    if (stream.destroyed) return onClose();
    stream.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** Keeps a copy of an image's bytes for the thumbnail (images are at most MAX_UPLOAD_BYTES). */
class Keep extends Transform {
  chunks: Buffer[] = [];
  override _transform(chunk: Buffer, _e: BufferEncoding, cb: TransformCallback) {
    this.chunks.push(chunk);
    cb(null, chunk);
  }
}

/** A JPEG thumbnail with no metadata (sharp drops EXIF, GPS, XMP and ICC unless asked to keep them). */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { failOn: 'truncated' })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78 })
    .toBuffer();
}

/**
 * Recognises the type by content, stores the file encrypted (streamed), checks images decode whole and
 * makes their thumbnail. Refusals: 415 (type), 413 (size, SPEC's texts), 422 (empty, damaged image).
 * Nothing is left in storage when it throws.
 */
export async function stageUpload(deps: Deps, part: UploadSource, maxBytes = MAX_UPLOAD_BYTES): Promise<StagedFile> {
  const source = Buffer.isBuffer(part.file) ? Readable.from([part.file]) : part.file;
  const { head, body } = await readHead(source);
  if (head.length === 0) throw fieldError('file', UPLOAD_MESSAGES.emptyFile);
  const sniffed = await fileTypeFromBuffer(head);
  const contentType = sniffed?.mime as AcceptedUploadType | undefined;
  if (!contentType || !(contentType in ACCEPTED_UPLOAD_TYPES)) {
    source.destroy();
    throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.unsupportedType, {
      errors: [{ field: 'file', message: UPLOAD_MESSAGES.unsupportedType }],
    });
  }
  const isImage = IMAGE_TYPES.has(contentType);
  const isPdf = contentType === 'application/pdf';
  const keep = isImage || isPdf ? new Keep() : null;
  if (keep) body.once('error', (err) => keep.destroy(err));
  const file = await deps.files.put(keep ? body.pipe(keep) : body, { maxBytes });
  let thumb: StoredFile | null = null;
  if (keep && isPdf) {
    const active = await pdfActiveContent(Buffer.concat(keep.chunks));
    keep.chunks = [];
    if (active) {
      await deps.files.remove(file.storageKey).catch(() => {});
      const message = TICKET_TEXTS.documents.activePdf;
      throw new AppError('validation', message, { params: { what: active }, errors: [{ field: 'file', message }] });
    }
  } else if (keep) {
    const bytes = Buffer.concat(keep.chunks);
    keep.chunks = [];
    const heif = contentType === 'image/heic' || contentType === 'image/heif';
    try {
      thumb = await deps.files.put(await makeThumbnail(bytes));
    } catch (err) {
      // HEIC (HEVC) is not decodable by sharp's bundled libvips: stored without a thumbnail.
      if (!heif) {
        await deps.files.remove(file.storageKey).catch(() => {});
        throw new AppError('validation', UPLOAD_MESSAGES.damagedImage, {
          errors: [{ field: 'file', message: UPLOAD_MESSAGES.damagedImage }],
          cause: err,
        });
      }
    }
  }
  return { file, thumb, fileName: cleanFileName(part.filename, ACCEPTED_UPLOAD_TYPES[contentType]), contentType };
}

/** Removes a staged file and its thumbnail (after a refusal); failures are left to the sweeper. */
export async function discardStaged(deps: Pick<Deps, 'files' | 'log'>, staged: StagedFile[]): Promise<void> {
  for (const s of staged) {
    for (const key of [s.file.storageKey, s.thumb?.storageKey]) {
      if (key) await deps.files.remove(key).catch((err) => deps.log.warn({ err }, 'stored file not removed'));
    }
  }
}

/** 422 unless the document type exists; its name otherwise. */
export async function assertDocumentType(db: Tx, id: string | null | undefined): Promise<string> {
  if (!id) throw fieldError('document_type', UPLOAD_MESSAGES.documentTypeRequired);
  const [row] = await db.select({ name: documentTypes.name }).from(documentTypes).where(eq(documentTypes.id, id));
  if (!row) throw fieldError('document_type', UPLOAD_MESSAGES.unknownDocumentType);
  return row.name;
}

/**
 * The open request an upload fulfils: 404 unless it is the customer's; 422 unless it is open and on the same
 * ticket. `lock` takes the row (FOR UPDATE) inside the upload's transaction. Returns the request's ticket.
 */
export async function checkRequest(
  db: Tx,
  requestId: string,
  customerId: string,
  ticketId: string | null | undefined,
  lock = false,
): Promise<{ ticketId: string; documentTypeId: string | null }> {
  const q = db
    .select({
      id: documentRequests.id,
      status: documentRequests.status,
      ticket_id: documentRequests.ticket_id,
      document_type_id: documentRequests.document_type_id,
    })
    .from(documentRequests)
    .where(and(eq(documentRequests.id, requestId), eq(documentRequests.customer_id, customerId)));
  const [req] = lock ? await q.for('update') : await q;
  if (!req) throw new AppError('not_found', TICKET_TEXTS.requests.notFound);
  if (req.status !== 'open') throw fieldError('request_id', TICKET_TEXTS.requests.notOpen);
  if (ticketId && req.ticket_id !== ticketId) {
    throw fieldError('request_id', TICKET_TEXTS.requests.otherTicket);
  }
  return { ticketId: req.ticket_id, documentTypeId: req.document_type_id };
}

/**
 * Writes the row of a staged file (and fulfils its request) in `tx`. Call inside a transaction: the
 * request's update and the row commit together.
 */
export async function insertDocument(
  tx: Tx,
  deps: Pick<DocumentsDeps, 'now'>,
  staged: StagedFile,
  meta: DocumentMeta,
): Promise<DocumentRow> {
  let ticketId = meta.ticketId ?? null;
  if (meta.requestId)
    ticketId = (await checkRequest(tx, meta.requestId, meta.requestCustomerId ?? meta.customerId, ticketId, true))
      .ticketId;
  const id = randomUUID();
  const [row] = await tx
    .insert(documents)
    .values({
      id,
      customer_id: meta.customerId,
      ticket_id: ticketId,
      document_type_id: meta.documentTypeId ?? null,
      kind: meta.kind,
      visibility: meta.visibility,
      file_name: staged.fileName,
      content_type: staged.contentType,
      size_bytes: staged.file.sizeBytes,
      sha256: staged.file.sha256,
      storage_key: staged.file.storageKey,
      wrapped_key: staged.file.wrappedKey,
      thumb_storage_key: staged.thumb?.storageKey ?? null,
      thumb_wrapped_key: staged.thumb?.wrappedKey ?? null,
      thumb_sha256: staged.thumb?.sha256 ?? null,
      request_id: meta.requestId ?? null,
      uploaded_by: meta.uploadedBy,
      created_at: deps.now(),
    })
    .returning();
  if (meta.requestId) {
    // Locked and checked open above, in this transaction: the conditional write cannot miss.
    await fulfilRequest(tx, {
      requestId: meta.requestId,
      documentId: id,
      by: meta.uploadedBy,
      via: meta.matchedVia ?? 'upload',
      at: deps.now(),
    });
  }
  return row!;
}

export interface DocumentExtras {
  ticket_name?: string | null;
  ticket_status?: string | null;
  document_type_name?: string | null;
  can_delete?: boolean;
  proposed_request?: Document['proposed_request'];
  fulfils_requests?: Document['fulfils_requests'];
}

/** The API shape of a row. */
export function documentDto(row: DocumentRow, extras: DocumentExtras = {}): Document {
  return {
    id: row.id,
    customer_id: row.customer_id,
    ticket_id: row.ticket_id,
    ticket_name: extras.ticket_name ?? null,
    document_type_id: row.document_type_id,
    document_type_name: extras.document_type_name ?? null,
    kind: row.kind as Document['kind'],
    visibility: row.visibility as Document['visibility'],
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    has_thumbnail: row.thumb_storage_key !== null,
    request_id: row.request_id,
    uploaded_by: row.uploaded_by,
    created_at: row.created_at.toISOString(),
    file_url: `/api/v1/documents/${row.id}/file`,
    thumbnail_url: row.thumb_storage_key ? `/api/v1/documents/${row.id}/thumbnail` : null,
    can_delete: extras.can_delete ?? false,
    proposed_request: extras.proposed_request ?? null,
    ...(extras.fulfils_requests ? { fulfils_requests: extras.fulfils_requests } : {}),
  };
}

/** Names for the DTO: the ticket's and the document type's. */
export async function documentExtras(db: Tx, row: DocumentRow): Promise<DocumentExtras> {
  const [t] = row.ticket_id
    ? await db.select({ name: tickets.name, status: tickets.status }).from(tickets).where(eq(tickets.id, row.ticket_id))
    : [];
  const [dt] = row.document_type_id
    ? await db
        .select({ name: documentTypes.name })
        .from(documentTypes)
        .where(eq(documentTypes.id, row.document_type_id))
    : [];
  return { ticket_name: t?.name ?? null, ticket_status: t?.status ?? null, document_type_name: dt?.name ?? null };
}

/**
 * A multipart body of fields and exactly one PDF (a draft, the firm's Form 8879): the file is stored, encrypted,
 * as it streams in, and removed again when anything is refused.
 */
export async function readPdfUpload<T>(
  deps: Deps,
  parts: AsyncIterable<MultipartFile | MultipartValue>,
  opts: { fields: z.ZodType<T>; messages: { oneFile: string; fileRequired: string; notPdf: string } },
): Promise<{ staged: StagedFile; fields: T }> {
  const fields: Record<string, string> = {};
  let staged: StagedFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw fieldError('file', opts.messages.oneFile);
        }
        staged = await stageUpload(deps, part);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (!staged) throw fieldError('file', opts.messages.fileRequired);
    if (staged.contentType !== 'application/pdf') {
      throw new AppError('unsupported_media_type', opts.messages.notPdf, {
        errors: [{ field: 'file', message: opts.messages.notPdf }],
      });
    }
    const parsed = opts.fields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw fieldError(String(issue.path[0] ?? 'body'), issue.message);
    }
    return { staged, fields: parsed.data };
  } catch (err) {
    if (staged) await discardStaged(deps, [staged]);
    throw err;
  }
}
