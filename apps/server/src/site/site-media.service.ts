import { createHash, randomUUID } from 'node:crypto';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  MAX_UPLOAD_BYTES,
  MEDIA_UPLOAD_TYPES,
  MEDIA_WIDTHS,
  MESSAGES,
  textSchema,
  UPLOAD_MESSAGES,
  type LocalizedText,
  type Media,
  type MediaFormat,
} from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import type { FastifyBaseLogger } from 'fastify';
import { cleanFileName } from '../documents/index.ts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { siteEntries, siteMedia, siteMediaFiles } from '../platform/db/schema.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { fileTooLarge, sweepStore, type MediaStore } from '../platform/storage/index.ts';
import { imageFieldsOf, loadMedia, mediaFileType, type FileRow, type MediaRow } from './site-media.ts';
import type { Editor } from './site.service.ts';
import { takeSanitised } from './site.sanitize.ts';
import { loadSharp } from '../platform/images.ts';

export interface MediaDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
}

/** A decompression bomb (a tiny file of huge dimensions) is refused before it is decoded. */
const MAX_PIXELS = 50_000_000;

interface Variant {
  key: string;
  format: MediaFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The widths an image is stored at: the standard ones below its own width, and its width capped at the largest. */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!);
  return [...MEDIA_WIDTHS.filter((w) => w < top), top];
}

/**
 * Every variant of an image: each width in AVIF and WebP, and the largest in JPEG (PNG when it has transparency)
 * for `src` and link previews. sharp strips EXIF, GPS, XMP and IPTC (it keeps none unless asked); `.rotate()`
 * turns the pixels upright first, since the orientation tag goes with the rest.
 */
async function variantsOf(image: Buffer): Promise<{ width: number; height: number; variants: Variant[] }> {
  const sharp = await loadSharp();
  const open = () => sharp(image, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false }).rotate();
  const meta = await open().metadata();
  if (!meta.width || !meta.height) throw new Error('no dimensions');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths = widthsFor(width);
  const variants: Variant[] = [];
  const add = async (w: number, format: MediaFormat) => {
    let pipeline = open().resize({ width: w, withoutEnlargement: true });
    if (format === 'avif') pipeline = pipeline.avif({ quality: 55, effort: 2 });
    else if (format === 'webp') pipeline = pipeline.webp({ quality: 78 });
    else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
    else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const key = createHash('sha256').update(data).digest('hex').slice(0, 32);
    variants.push({ key, format, width: info.width, height: info.height, bytes: data });
  };
  for (const w of widths) {
    await add(w, 'avif');
    await add(w, 'webp');
  }
  await add(widths[widths.length - 1]!, meta.hasAlpha ? 'png' : 'jpeg');
  return { width, height, variants };
}

/** Entries (any kind, draft or published) whose content names a media item. */
const usedByCondition = (id: string) => {
  const needle = `%"media_id": "${id}"%`;
  return or(sql`${siteEntries.draft}::text like ${needle}`, sql`${siteEntries.published}::text like ${needle}`);
};

async function usedBy(db: Tx, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(siteEntries).where(usedByCondition(id));
  return row?.n ?? 0;
}

function mediaDto(row: MediaRow, files: FileRow[], used: number): Media {
  const fields = imageFieldsOf(files, row);
  return {
    id: row.id,
    file_name: row.file_name,
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    alt: row.alt as LocalizedText,
    src: fields.src,
    srcset: fields.srcset,
    size_bytes: files.reduce((n, f) => n + f.size_bytes, 0),
    used_by: used,
    created_at: row.created_at.toISOString(),
  };
}

async function oneMedia(db: Tx, id: string): Promise<Media> {
  const found = (await loadMedia(db, [id])).get(id);
  if (!found) throw notFound(MESSAGES.notFound);
  return mediaDto(found.row, found.files, await usedBy(db, id));
}

export async function listMedia(db: Db) {
  const rows = await db.select({ id: siteMedia.id }).from(siteMedia).orderBy(desc(siteMedia.created_at)).limit(500);
  const loaded = await loadMedia(
    db,
    rows.map((r) => r.id),
  );
  const items: Media[] = [];
  for (const { id } of rows) {
    const m = loaded.get(id)!;
    items.push(mediaDto(m.row, m.files, await usedBy(db, id)));
  }
  return { items };
}

/** Reads the one file part (counting: past the vault's 10 MB is 413) and an optional `alt`. */
async function readUpload(parts: AsyncIterable<MultipartFile | MultipartValue>) {
  let file: { bytes: Buffer; name: string } | null = null;
  let alt = '';
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw fieldError('file', SITE_TEXTS.media.oneImage);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > MAX_UPLOAD_BYTES) {
          part.file.resume();
          throw fileTooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      file = { bytes: Buffer.concat(chunks), name: part.filename };
    } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
      alt = part.value;
    }
  }
  if (!file) throw fieldError('file', SITE_TEXTS.media.chooseImage);
  if (file.bytes.length === 0) throw fieldError('file', UPLOAD_MESSAGES.emptyFile);
  return { file, alt };
}

const NOT_AN_IMAGE = SITE_TEXTS.media.notAnImage;

/**
 * An upload: type by content, decoded and resized into every variant in memory, the variants written to the
 * media store, then the rows in one transaction. When anything fails, the variants written are removed again
 * (unless another item has the same bytes); what a crash leaves, the media sweeper removes.
 */
export async function uploadMedia(
  deps: MediaDeps,
  editor: Editor,
  parts: AsyncIterable<MultipartFile | MultipartValue>,
): Promise<Media> {
  const { file, alt } = await readUpload(parts);
  return storeMedia(deps, editor, { ...file, alt });
}

/** An image's bytes into the library (the upload's second half; the demo sample site's images come this way). */
export async function storeMedia(
  deps: MediaDeps,
  editor: Editor,
  file: { bytes: Buffer; name: string; alt: string },
): Promise<Media> {
  // The alternative text first, sanitised then checked (takeSanitised): a control character, or one an entity stands
  // for, or more than 500 characters is a 422 before anything is made or stored, never cut in two.
  const alt = takeSanitised(textSchema, { en: file.alt }, 'alt');
  const sniffed = await fileTypeFromBuffer(file.bytes);
  const type = sniffed?.mime;
  if (!type || !(MEDIA_UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new AppError('unsupported_media_type', NOT_AN_IMAGE, { errors: [{ field: 'file', message: NOT_AN_IMAGE }] });
  }
  let made: Awaited<ReturnType<typeof variantsOf>>;
  try {
    made = await variantsOf(file.bytes);
  } catch (err) {
    throw new AppError('validation', UPLOAD_MESSAGES.damagedImage, {
      errors: [{ field: 'file', message: UPLOAD_MESSAGES.damagedImage }],
      cause: err,
    });
  }
  const id = randomUUID();
  const written: string[] = [];
  try {
    for (const v of made.variants) {
      await deps.media.put(v.key, v.bytes);
      written.push(v.key);
    }
    await deps.db.transaction(async (tx) => {
      await tx.insert(siteMedia).values({
        id,
        file_name: cleanFileName(file.name, sniffed!.ext),
        content_type: type,
        width: made.width,
        height: made.height,
        alt,
        created_by: editor.userId,
      });
      const seen = new Set<string>();
      await tx.insert(siteMediaFiles).values(
        made.variants
          .filter((v) => !seen.has(v.key) && seen.add(v.key))
          .map((v) => ({
            media_id: id,
            key: v.key,
            format: v.format,
            width: v.width,
            height: v.height,
            size_bytes: v.bytes.length,
          })),
      );
      await audit(tx, {
        actorId: editor.userId,
        action: 'site.media_upload',
        entityType: 'site_media',
        entityId: id,
        ip: editor.ip,
      });
    });
  } catch (err) {
    await removeUnnamed(deps, written);
    throw err;
  }
  return oneMedia(deps.db, id);
}

/** Removes the keys no row names (content-addressed: another item may hold the same bytes). */
async function removeUnnamed(deps: MediaDeps, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const named = new Set(
    (
      await deps.db.select({ key: siteMediaFiles.key }).from(siteMediaFiles).where(inArray(siteMediaFiles.key, keys))
    ).map((r) => r.key),
  );
  for (const key of new Set(keys)) {
    if (named.has(key)) continue;
    await deps.media.remove(key).catch((err) => deps.log.warn({ err }, 'media file not removed'));
  }
}

export async function updateMediaAlt(db: Db, editor: Editor, id: string, alt: LocalizedText): Promise<Media> {
  const clean: LocalizedText = takeSanitised(textSchema, alt, 'alt');
  const done = await db
    .update(siteMedia)
    .set({ alt: clean })
    .where(eq(siteMedia.id, id))
    .returning({ id: siteMedia.id });
  if (!done.length) throw notFound(MESSAGES.notFound);
  await audit(db, {
    actorId: editor.userId,
    action: 'site.media_alt',
    entityType: 'site_media',
    entityId: id,
    ip: editor.ip,
  });
  return oneMedia(db, id);
}

/** Deletes an item and its files; refused (409) while any entry's draft or published content names it. */
export async function deleteMedia(deps: MediaDeps, editor: Editor, id: string): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: siteMedia.id }).from(siteMedia).where(eq(siteMedia.id, id)).for('update');
    if (!row) throw notFound(MESSAGES.notFound);
    if ((await usedBy(tx, id)) > 0) throw new AppError('conflict', SITE_TEXTS.media.inUse);
    const files = await tx
      .select({ key: siteMediaFiles.key })
      .from(siteMediaFiles)
      .where(eq(siteMediaFiles.media_id, id));
    await tx.delete(siteMedia).where(eq(siteMedia.id, id));
    await audit(tx, {
      actorId: editor.userId,
      action: 'site.media_delete',
      entityType: 'site_media',
      entityId: id,
      ip: editor.ip,
    });
    return files.map((f) => f.key);
  });
  await removeUnnamed(deps, keys);
}

/** Opens a variant for the public read; 404 when the name is not one or the file is gone. */
export async function openMediaFile(deps: Pick<MediaDeps, 'media'>, file: string) {
  const type = mediaFileType(file);
  if (!type) throw notFound(MESSAGES.notFound);
  const key = file.slice(0, 32);
  try {
    return { type, stream: await deps.media.open(key) };
  } catch {
    throw notFound(MESSAGES.notFound);
  }
}

export const MEDIA_SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Removes media files no row names, older than the grace period (what a crash mid-upload left). */
export async function sweepMedia(deps: MediaDeps & { now: () => number }, graceMs = MEDIA_SWEEP_GRACE_MS) {
  const named = async (keys: string[]) =>
    new Set(
      (
        await deps.db.select({ key: siteMediaFiles.key }).from(siteMediaFiles).where(inArray(siteMediaFiles.key, keys))
      ).map((r) => r.key),
    );
  const removed = await sweepStore(deps.media, named, deps.now() - graceMs);
  if (removed.length) deps.log.info({ count: removed.length }, 'swept orphaned media files');
  return { removed };
}
