import { MEDIA_FILE, MEDIA_PATH, type MediaFormat } from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { siteMedia, siteMediaFiles } from '../platform/db/schema.ts';
import { fieldError } from '../platform/errors.ts';

// The media library's names and how content points at it (decision 0020-c).
const EXT: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const TYPE_OF_EXT: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};
export const mediaUrl = (key: string, format: MediaFormat) => `${MEDIA_PATH}${key}.${EXT[format]}`;

/** The content type of a variant's public name, or null when the name is not one. */
export const mediaFileType = (file: string) =>
  MEDIA_FILE.test(file) ? (TYPE_OF_EXT[file.split('.')[1]!] ?? null) : null;

export type MediaRow = typeof siteMedia.$inferSelect;
export type FileRow = typeof siteMediaFiles.$inferSelect;

const srcsetOf = (files: FileRow[], format: MediaFormat) =>
  files
    .filter((f) => f.format === format)
    .sort((a, b) => a.width - b.width)
    .map((f) => `${mediaUrl(f.key, format)} ${f.width}w`)
    .join(', ');

/** What an image field stores for a library item (the server's, never the client's). */
export function imageFieldsOf(files: FileRow[], row: Pick<MediaRow, 'width' | 'height'>) {
  const fallback = files.find((f) => f.format === 'jpeg' || f.format === 'png');
  return {
    src: fallback ? mediaUrl(fallback.key, fallback.format as MediaFormat) : '',
    width: row.width,
    height: row.height,
    srcset: { avif: srcsetOf(files, 'avif'), webp: srcsetOf(files, 'webp') },
  };
}

export async function loadMedia(db: Tx, ids: string[]): Promise<Map<string, { row: MediaRow; files: FileRow[] }>> {
  const out = new Map<string, { row: MediaRow; files: FileRow[] }>();
  if (!ids.length) return out;
  for (const row of await db.select().from(siteMedia).where(inArray(siteMedia.id, ids))) {
    out.set(row.id, { row, files: [] });
  }
  for (const f of await db.select().from(siteMediaFiles).where(inArray(siteMediaFiles.media_id, ids))) {
    out.get(f.media_id)?.files.push(f);
  }
  return out;
}

/**
 * Fills every library image in a piece of content from the library (src, width, height, srcset), whatever the
 * client sent; an image without `media_id` keeps only its address, alt text and size. An unknown item is 422 at
 * its field. Runs on every save, after the sanitiser.
 */
export async function resolveImages<T>(db: Tx, data: T): Promise<T> {
  const found: { node: Record<string, unknown>; path: string[] }[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, [...path, String(i)]));
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (typeof o.src === 'string' && 'alt' in o) found.push({ node: o, path });
      for (const [k, v] of Object.entries(o)) walk(v, [...path, k]);
    }
  };
  walk(data, ['data']);
  const ids = [...new Set(found.map((f) => f.node.media_id).filter((x): x is string => typeof x === 'string'))];
  const loaded = await loadMedia(db, ids);
  for (const { node, path } of found) {
    delete node.srcset;
    if (typeof node.media_id !== 'string') continue;
    const m = loaded.get(node.media_id);
    if (!m) throw fieldError([...path, 'media_id'].join('.'), SITE_TEXTS.media.gone);
    Object.assign(node, imageFieldsOf(m.files, m.row));
  }
  return data;
}
