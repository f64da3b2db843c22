import type { Db } from '../platform/db/client.ts';

/**
 * What visitors read of the public site (published settings, pages, posts, lists, each route's head), kept in
 * memory for a few seconds (`SITE_CACHE_SECONDS`, 0 turns it off). A visit burst then costs the database one
 * read per URL per interval instead of one per visitor (bench/site).
 *
 * - A publish, unpublish or delete on this server clears it at once (site.service), so an editor sees their
 *   change on the next load; another server on the same database sees it within the interval.
 * - Only answers are kept: a read that fails (a 404 included) is not, so a page published a moment ago is found.
 * - Concurrent reads of one key share a single load.
 * - Keys come from visitors' URLs (validated params), so the map is bounded: past `MAX_KEYS` the oldest go.
 * - Only published content, which anyone may read, is ever kept here; nothing per person.
 */
export interface PublishedCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const MAX_KEYS = 2000;
/**
 * Rendered pages are kept apart, fewer: one is ~50 KB with its compressed bodies (platform/web.ts), and some routes
 * take any value (`home/{id}`), so visitors choose those keys too.
 */
const MAX_PAGES = 200;

interface Entry {
  until: number;
  value: Promise<unknown>;
}

function createPublishedCache(seconds: number, now: () => number, maxKeys: number): PublishedCache {
  const entries = new Map<string, Entry>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (seconds <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value as Promise<T>;
      entries.delete(key);
      const value = load();
      const entry: Entry = { until: at + seconds * 1000, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

const PASS_THROUGH: PublishedCache = { read: (_key, load) => load(), clear: () => {} };
const caches = new WeakMap<Db, { reads: PublishedCache; pages: PublishedCache }>();

/** Turns the cache on for one database (the app does, from config); until then reads go straight through. */
export function configurePublishedCache(db: Db, seconds: number, now: () => number = Date.now): void {
  const reads = createPublishedCache(seconds, now, MAX_KEYS);
  const pages = createPublishedCache(seconds, now, MAX_PAGES);
  // A publish clears both: the pages are made of the reads.
  const clear = () => {
    reads.clear();
    pages.clear();
  };
  caches.set(db, { reads: { read: reads.read, clear }, pages });
}

/** The cache of the database a read or write goes to (a pass-through for one never configured). */
export function publishedCache(db: Db): PublishedCache {
  return caches.get(db)?.reads ?? PASS_THROUGH;
}

/**
 * Something made only of published content (a public page rendered on the server: platform/prerender.ts), kept
 * with it: for the same few seconds, and gone on the next publish.
 */
export const keepPublished = <T>(db: Db, key: string, make: () => Promise<T>): Promise<T> =>
  (caches.get(db)?.pages ?? PASS_THROUGH).read(key, make);
