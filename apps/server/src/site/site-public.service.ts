import { z } from 'zod';
import { jobIsOpen, MESSAGES, type ContentKind, type PageVariant } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { notFound } from '../platform/errors.ts';
import { keysetCursor } from '../platform/keyset-cursor.ts';
import * as repo from './site.repository.ts';

/** What visitors read: published content only; a draft, or an unpublished entry, is 404 like a missing one. */
const publishedDto = (row: repo.EntryRow) => ({
  id: row.id,
  published_at: row.published_at!.toISOString(),
  ...(row.published as Record<string, unknown>),
});

/**
 * Whether published content is shown to visitors: a job opening past its closing day is not (no page, no place in the
 * list or the sitemap, no JobPosting for search engines); everything else published is.
 */
export const isShown = (kind: ContentKind, data: unknown): boolean =>
  kind !== 'jobs' || jobIsOpen(data as { valid_through?: string | null });

export async function getPublished(db: Db, kind: ContentKind, key: string) {
  const row = await repo.findPublished(db, kind, key);
  if (!row || !isShown(kind, row.published)) throw notFound(MESSAGES.notFound);
  return publishedDto(row) as never;
}

/** The home page's mobile variant when asked for and published; otherwise the web page. */
export async function getPage(db: Db, route: string, app: PageVariant) {
  const row =
    (app === 'mobile' ? await repo.findPublished(db, 'pages', route, 'mobile') : null) ??
    (await repo.findPublished(db, 'pages', route, 'web'));
  if (!row) throw notFound(MESSAGES.notFound);
  return publishedDto(row) as never;
}

const cursor = keysetCursor(z.object({ at: z.iso.datetime(), id: z.string().max(64) }));

/** A page of published entries, newest first, optionally filtered after reading (categories, upcoming events). */
export async function listPublished(
  db: Db,
  kind: ContentKind,
  q: { limit: number; cursor?: string | undefined },
  opts: { keep?: (data: Record<string, unknown>) => boolean; omit?: string[] } = {},
) {
  const items: Record<string, unknown>[] = [];
  let after = q.cursor ? cursor.decode(q.cursor) : undefined;
  let hasMore = false;
  // A filter may drop rows, so read on until the page is full (and one more row shows there is a next page).
  for (;;) {
    const rows = await repo.listPublished(db, kind, { limit: q.limit + 1, after });
    for (const row of rows) {
      if (items.length === q.limit) {
        hasMore = true;
        break;
      }
      after = { at: row.published_at!.toISOString(), id: row.id };
      if (!isShown(kind, row.published)) continue;
      if (opts.keep && !opts.keep(row.published as Record<string, unknown>)) continue;
      const dto: Record<string, unknown> = publishedDto(row);
      for (const key of opts.omit ?? []) delete dto[key];
      items.push(dto);
    }
    if (hasMore || rows.length <= q.limit) break;
  }
  return { items: items as never[], next_cursor: hasMore && after ? cursor.encode(after) : null };
}

/** Events in time order: upcoming soonest first, past latest first (few rows: a firm's calendar). */
export async function listEvents(db: Db, when: 'upcoming' | 'past', limit: number) {
  const rows = await repo.listPublished(db, 'events', { limit: 500 });
  const now = Date.now();
  const dtos = rows.map((r) => {
    const { body: _body, ...rest } = publishedDto(r) as Record<string, unknown>;
    return rest;
  });
  const startOf = (e: Record<string, unknown>) => Date.parse(String(e.starts_at));
  const chosen = dtos
    .filter((e) => (when === 'upcoming' ? startOf(e) >= now : startOf(e) < now))
    .sort((a, b) => (when === 'upcoming' ? startOf(a) - startOf(b) : startOf(b) - startOf(a)));
  return { items: chosen.slice(0, limit) as never[], next_cursor: null };
}
