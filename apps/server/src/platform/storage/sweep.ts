import type { FastifyBaseLogger } from 'fastify';
import type { BlobDriver } from './drivers.ts';

const BATCH = 200;

/**
 * Removes a store's objects older than `cutoff` that no row names (`named` answers which of a batch of keys some
 * row names): what a killed upload, a crash between file and row, or a failed removal left. A `.part` object is an
 * unfinished write, never a row's file, whatever its name. Used by the vault's and the media store's sweepers.
 */
export async function sweepStore(
  store: Pick<BlobDriver, 'list' | 'remove'>,
  named: (keys: string[]) => Promise<Set<string | null>>,
  cutoff: number,
): Promise<string[]> {
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const known = await named(batch.map((k) => k.replace(/\.part$/, '')));
    for (const key of batch) {
      if (!key.endsWith('.part') && known.has(key)) continue;
      await store.remove(key);
      removed.push(key);
    }
    batch = [];
  };
  for await (const obj of store.list()) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    batch.push(obj.storageKey);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}

/** Runs a sweep on a timer (one at a time); `stop()` waits for a running one. Several servers sweeping is harmless. */
export function sweepEvery(run: () => Promise<unknown>, intervalMs: number, log: Pick<FastifyBaseLogger, 'error'>) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((err: unknown) => log.error({ err }, 'sweep failed'))
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
