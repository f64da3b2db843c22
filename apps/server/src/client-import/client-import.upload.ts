import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import {
  CLIENT_IMPORT_MAX_BYTES,
  CLIENT_IMPORT_MAX_COLUMNS,
  CLIENT_IMPORT_MAX_ROWS,
  type ClientImport,
  text,
} from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import type { StoredFile } from '../platform/storage/index.ts';
import { guessMapping } from './column-guess.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import { importView } from './client-import.service.ts';
import { BinaryFileError, type CsvEncoding, decodeText, guessDelimiter, readCsv, sniffEncoding } from './csv-reader.ts';
import * as repo from './client-import.repository.ts';

const HEAD_BYTES = 64 * 1024;
const SAMPLE_ROWS = 5;
const SAMPLE_CELL = 200;

/** What the screen shows of a cell: no control or direction characters, never a broken one, at most 200 characters. */
export function displayCell(value: string): string {
  return (
    value
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim()
      .slice(0, SAMPLE_CELL)
  );
}

const refuse = (code: 'validation' | 'unsupported_media_type', detail: string, params?: Record<string, string>) =>
  new AppError(code, detail, { errors: [{ field: 'file', message: detail }], ...(params ? { params } : {}) });

/** Keeps the first bytes that pass (to sniff the encoding and delimiter) while the file streams into the store. */
function headTap(head: Buffer[]): Transform {
  let kept = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (kept < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      done(null, chunk);
    },
  });
}

/** The decoded text of a stored file. */
export async function openText(
  deps: ClientImportDeps,
  file: { storageKey: string; wrappedKey: string; sha256: string },
  encoding: CsvEncoding,
): Promise<Readable> {
  const raw = await deps.files.open(file);
  const decoded = decodeText(encoding, () => {});
  raw.on('error', (err) => decoded.destroy(err));
  return raw.pipe(decoded);
}

interface Scan {
  header: string[];
  samples: string[][];
  rows: number;
}

/** One pass over the stored file: its header, first rows and the number of data rows; refusals as problems. */
async function scanFile(
  deps: ClientImportDeps,
  stored: StoredFile,
  encoding: CsvEncoding,
  delimiter: string,
): Promise<Scan> {
  const source = await openText(deps, stored, encoding);
  let header: string[] | null = null;
  const samples: string[][] = [];
  let rows = 0;
  try {
    for await (const record of readCsv(source, delimiter)) {
      if (!header) {
        if (record.cells.length > CLIENT_IMPORT_MAX_COLUMNS)
          throw refuse('validation', T.file.tooManyColumns, { max: String(CLIENT_IMPORT_MAX_COLUMNS) });
        header = record.cells.map(displayCell);
        continue;
      }
      rows++;
      if (rows > CLIENT_IMPORT_MAX_ROWS)
        throw refuse('validation', T.file.tooManyRows, { max: CLIENT_IMPORT_MAX_ROWS.toLocaleString('en-US') });
      if (samples.length < SAMPLE_ROWS) samples.push(record.cells.map(displayCell));
    }
  } catch (err) {
    if (err instanceof BinaryFileError) throw refuse('unsupported_media_type', T.file.binary);
    throw err;
  }
  if (!header || header.every((h) => !h)) throw refuse('validation', T.file.empty);
  if (rows === 0) throw refuse('validation', T.file.headerOnly);
  return { header, samples, rows };
}

/** The file part of the upload, stored encrypted as it streams (≤ 10 MB); other parts are drained. */
async function storeFilePart(deps: ClientImportDeps, parts: AsyncIterable<MultipartFile | MultipartValue>) {
  let stored: { file: StoredFile; name: string; head: Buffer } | null = null;
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || stored) {
      part.file.resume();
      continue;
    }
    const head: Buffer[] = [];
    const file = await deps.files.put(part.file.pipe(headTap(head)), { maxBytes: CLIENT_IMPORT_MAX_BYTES });
    const name = text()
      .max(200)
      .safeParse(part.filename ?? '');
    stored = { file, name: name.success && name.data ? name.data : 'clients.csv', head: Buffer.concat(head) };
  }
  if (!stored)
    throw new AppError('validation', T.file.missing, { errors: [{ field: 'file', message: T.file.missing }] });
  return stored;
}

/**
 * Upload: the file streams into the vault's encrypted store (with its SHA-256), then is read once, streamed, for its
 * header, first rows and size in rows. A file that is no CSV, empty, header-only or too large is refused and not kept.
 */
export async function uploadImport(
  deps: ClientImportDeps,
  actor: Actor,
  parts: AsyncIterable<MultipartFile | MultipartValue>,
): Promise<ClientImport> {
  const { file, name, head } = await storeFilePart(deps, parts);
  try {
    if (file.sizeBytes === 0) throw refuse('validation', T.file.empty);
    const sniffed = await fileTypeFromBuffer(head);
    if (sniffed || head.includes(0)) throw refuse('unsupported_media_type', T.file.binary);
    const encoding = sniffEncoding(head);
    const delimiter = guessDelimiter(new TextDecoder(encoding).decode(head).replace(/^\ufeff/, ''));
    const scan = await scanFile(deps, file, encoding, delimiter);
    const id = randomUUID();
    await deps.db.transaction(async (tx) => {
      await repo.insertImport(tx, {
        id,
        created_by: actor.userId,
        file_name: name,
        storage_key: file.storageKey,
        wrapped_key: file.wrappedKey,
        sha256: file.sha256,
        size_bytes: file.sizeBytes,
        encoding,
        delimiter,
        row_count: scan.rows,
        header: scan.header,
        sample_rows: scan.samples,
        status: 'uploaded',
      });
      await audit(tx, {
        actorId: actor.userId,
        action: 'client_import.uploaded',
        entityType: 'client_import',
        entityId: id,
        ip: actor.ip,
      });
    });
    const row = await repo.findOwnImport(deps.db, id, actor.userId);
    return importView(deps.db, row!, guessMapping(scan.header));
  } catch (err) {
    await deps.files.remove(file.storageKey).catch(() => {});
    throw err;
  }
}
