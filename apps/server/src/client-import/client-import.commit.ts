import { randomUUID } from 'node:crypto';
import { type DuplicateReason, isLanguage } from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { createPasswordlessCustomers } from '../platform/users.ts';
import { insertHouseholds } from '../households/index.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-import.repository.ts';
import { importView, ownImport } from './client-import.service.ts';

/** Rows per transaction: each batch is atomic; a commit cut short is completed by the next (rows made keep their user). */
export const COMMIT_BATCH = 500;

/**
 * One batch of rows still to create, in the caller's transaction. Duplicates are checked again now (an account made
 * since the dry run): such a row becomes a duplicate. The clients are made in bulk (platform/users.ts), with their
 * language, staff's note, and for a row with a spouse e-mail no account has, the spouse and their household.
 */
async function commitBatch(tx: Tx, rows: repo.ImportRowRecord[], actor: Actor): Promise<number> {
  const taken = await repo.existingEmails(
    tx,
    rows.map((r) => r.email!),
  );
  const spouseAccounts = await repo.accountKinds(
    tx,
    rows.flatMap((r) => (r.spouse_email ? [r.spouse_email] : [])),
  );
  const phones = await repo.existingCustomerPhones(
    tx,
    rows.flatMap((r) => (r.phone ? [r.phone] : [])),
  );
  const own = new Set(rows.map((r) => r.email!));
  const spouseOf = new Set<string>();
  const duplicates: { row: repo.ImportRowRecord; reason: DuplicateReason }[] = [];
  const fresh: repo.ImportRowRecord[] = [];
  for (const r of rows) {
    const spouse = r.spouse_email;
    const account = spouse ? spouseAccounts.get(spouse) : undefined;
    if (taken.has(r.email!)) duplicates.push({ row: r, reason: 'email' });
    else if (r.phone && phones.has(r.phone)) duplicates.push({ row: r, reason: 'phone' });
    // A spouse no longer free (an account made since the dry run, another row's person or spouse): the row is
    // reported, never half made (a client without the household the file meant).
    else if (account) duplicates.push({ row: r, reason: account === 'customer' ? 'spouse_client' : 'spouse_staff' });
    else if (spouse && own.has(spouse)) duplicates.push({ row: r, reason: 'spouse_in_file' });
    else if (spouse && spouseOf.has(spouse)) duplicates.push({ row: r, reason: 'file_spouse' });
    else {
      if (spouse) spouseOf.add(spouse);
      fresh.push(r);
    }
  }
  const made = await createPasswordlessCustomers(
    tx,
    fresh.map((r) => ({ email: r.email!, full_name: r.full_name!, phone: r.phone })),
  );
  // An e-mail taken between the check and the insert (a registration meanwhile): a duplicate too.
  for (const r of fresh) if (!made.has(r.email!)) duplicates.push({ row: r, reason: 'email' });
  const created = fresh.filter((r) => made.has(r.email!));

  const withSpouse = created.filter((r) => r.spouse_email && r.spouse_name);
  const spouses = await createPasswordlessCustomers(
    tx,
    withSpouse.map((r) => ({ email: r.spouse_email!, full_name: r.spouse_name!, phone: null })),
  );
  // Only the row that made the spouse links them (a spouse is in one household).
  const spouseRows = new Set(withSpouse.filter((r) => spouses.has(r.spouse_email!)));

  const languages: { user_id: string; language: string }[] = [];
  const notes: { user_id: string; body: string }[] = [];
  const households: { id: string; primary: string; spouse: string }[] = [];
  const links: { line: number; user_id: string; spouse_user_id: string | null }[] = [];
  for (const r of created) {
    const userId = made.get(r.email!)!;
    const spouseId = spouseRows.has(r) ? spouses.get(r.spouse_email!)! : null;
    if (isLanguage(r.language)) {
      languages.push({ user_id: userId, language: r.language });
      if (spouseId) languages.push({ user_id: spouseId, language: r.language });
    }
    if (r.notes) notes.push({ user_id: userId, body: r.notes });
    if (spouseId) households.push({ id: randomUUID(), primary: userId, spouse: spouseId });
    links.push({ line: r.line, user_id: userId, spouse_user_id: spouseId });
  }
  await repo.saveLanguages(tx, languages);
  await repo.insertNotes(tx, notes, actor.userId);
  await insertHouseholds(tx, households);
  await repo.linkRows(tx, rows[0]!.import_id, links);
  for (const d of duplicates)
    await repo.updateRow(tx, d.row.import_id, d.row.line, {
      outcome: 'duplicate',
      reason: d.reason,
      reasons: [d.reason],
    });
  return made.size + spouses.size;
}

/**
 * Creates the clients of the dry run, in batches of COMMIT_BATCH rows, each one transaction under a lock of the
 * import (a second commit at the same time waits, then finds nothing left). A committed import commits nothing
 * more; the same file imported again finds every client a duplicate.
 */
export async function commitImport(deps: ClientImportDeps, actor: Actor, id: string) {
  const first = await ownImport(deps.db, id, actor);
  if (first.status !== 'checked' && first.status !== 'committed') throw new AppError('conflict', T.step.notChecked);
  let created = 0;
  for (;;) {
    const finished = await deps.db.transaction(async (tx) => {
      const imp = await ownImport(tx, id, actor, { lock: true });
      if (imp.status === 'committed') return true;
      const rows = await repo.rowsToCreate(tx, id, COMMIT_BATCH);
      if (rows.length) {
        created += await commitBatch(tx, rows, actor);
        return false;
      }
      const counts = await repo.countOutcomes(tx, id);
      await repo.updateImport(tx, id, {
        status: 'committed',
        ...counts,
        created: await repo.countCreated(tx, id),
        committed_at: new Date(),
      });
      await audit(tx, {
        actorId: actor.userId,
        action: 'client_import.committed',
        entityType: 'client_import',
        entityId: id,
        ip: actor.ip,
      });
      return true;
    });
    if (finished) break;
  }
  const imp = await ownImport(deps.db, id, actor);
  const view = await importView(deps.db, imp);
  return { created, duplicates: view.counts?.duplicates ?? 0, invalid: view.counts?.invalid ?? 0, import: view };
}
