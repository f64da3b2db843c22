import { inArray, or } from 'drizzle-orm';
import { documents } from '../platform/db/schema.ts';
import type { DocumentsDeps } from './documents.deps.ts';

/** Stored files younger than this are left alone: their upload may still be writing its row. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const BATCH = 200;

type SweepDeps = Pick<DocumentsDeps, 'db' | 'files' | 'log' | 'now'>;

/**
 * Removes stored files that no `documents` row names (storage_key or thumb_storage_key) and that are older
 * than the grace period: what a killed upload, a crash between file and row, or a failed removal left.
 */
export async function sweepOrphans(deps: SweepDeps, graceMs = SWEEP_GRACE_MS): Promise<{ removed: string[] }> {
  const cutoff = deps.now().getTime() - graceMs;
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const keys = batch.map((k) => k.replace(/\.part$/, ''));
    const rows = await deps.db
      .select({ a: documents.storage_key, b: documents.thumb_storage_key })
      .from(documents)
      .where(or(inArray(documents.storage_key, keys), inArray(documents.thumb_storage_key, keys)));
    const known = new Set(rows.flatMap((r) => [r.a, r.b]));
    for (const key of batch) {
      // A `.part` file is an unfinished write: never a row's file, whatever its name.
      if (!key.endsWith('.part') && known.has(key)) continue;
      await deps.files.remove(key);
      removed.push(key);
    }
    batch = [];
  };
  for await (const obj of deps.files.list()) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    batch.push(obj.storageKey);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (removed.length) deps.log.info({ count: removed.length }, 'swept orphaned stored files');
  return { removed };
}

/** Runs the sweep on a timer started with the app; `stop()` on close. Several servers sweeping is harmless. */
export function startSweeper(deps: SweepDeps, intervalMs = SWEEP_INTERVAL_MS) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrphans(deps)
      .catch((err) => deps.log.error({ err }, 'sweep failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
