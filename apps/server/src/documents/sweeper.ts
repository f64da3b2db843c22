import { inArray, or } from 'drizzle-orm';
import { clientImports, documents, formSubmissionFiles } from '../platform/db/schema.ts';
import { sweepEvery, sweepStore } from '../platform/storage/index.ts';
import type { DocumentsDeps } from './documents.deps.ts';

/** Stored files younger than this are left alone: their upload may still be writing its row. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

type SweepDeps = Pick<DocumentsDeps, 'db' | 'files' | 'log' | 'now'>;

/**
 * Removes stored files that no row names and that are older than the grace period: what a killed upload, a crash
 * between file and row, or a failed removal left. The rows naming vault files: `documents` (storage_key,
 * thumb_storage_key) and the files sent with the public site's web forms (`form_submission_files`, which the
 * vault stores for the site feature; read here directly, as the delete rule reads `tax_drafts`).
 */
export async function sweepOrphans(deps: SweepDeps, graceMs = SWEEP_GRACE_MS): Promise<{ removed: string[] }> {
  const named = async (keys: string[]) => {
    const rows = await deps.db
      .select({ a: documents.storage_key, b: documents.thumb_storage_key })
      .from(documents)
      .where(or(inArray(documents.storage_key, keys), inArray(documents.thumb_storage_key, keys)));
    const sent = await deps.db
      .select({ key: formSubmissionFiles.storage_key })
      .from(formSubmissionFiles)
      .where(inArray(formSubmissionFiles.storage_key, keys));
    // Admin's CSV client lists (client-import), kept in the vault's store with their import.
    const lists = await deps.db
      .select({ key: clientImports.storage_key })
      .from(clientImports)
      .where(inArray(clientImports.storage_key, keys));
    return new Set([...rows.flatMap((r) => [r.a, r.b]), ...sent.map((r) => r.key), ...lists.map((r) => r.key)]);
  };
  const removed = await sweepStore(deps.files, named, deps.now().getTime() - graceMs);
  if (removed.length) deps.log.info({ count: removed.length }, 'swept orphaned stored files');
  return { removed };
}

/** Runs the sweep on a timer started with the app; `stop()` on close. Several servers sweeping is harmless. */
export const startSweeper = (deps: SweepDeps, intervalMs = SWEEP_INTERVAL_MS) =>
  sweepEvery(() => sweepOrphans(deps), intervalMs, deps.log);
