import { type ImportMapping, IMPORT_TARGETS } from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import { AppError } from '../platform/errors.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-import.repository.ts';
import { ownImport } from './client-import.service.ts';
import { openText } from './client-import.upload.ts';
import type { CsvEncoding } from './csv-reader.ts';
import { readCsv } from './csv-reader.ts';
import { type CheckedRow, checkRow } from './row-check.ts';

const BATCH = 500;

type RowInsert = Parameters<typeof repo.insertRows>[1][number];

/**
 * The dry run: the stored file streamed again through the mapping, each row checked (row-check.ts) and compared with
 * the accounts (an e-mail any account has, a phone a customer has) and the earlier rows of the file, in batches of
 * 500. Only the import's own rows and counts are written; no client is made.
 */
export async function dryRun(deps: ClientImportDeps, actor: Actor, id: string) {
  const imp = await ownImport(deps.db, id, actor);
  if (imp.status === 'committed') throw new AppError('conflict', T.step.committed);
  if (!imp.mapping) throw new AppError('conflict', T.step.notMapped);
  const mapping = Object.fromEntries(IMPORT_TARGETS.map((t) => [t, imp.mapping![t] ?? null])) as ImportMapping;
  const region = await deps.firmCountry(deps.db);
  await deps.db.transaction(async (tx) => {
    await repo.deleteRows(tx, id);
    await repo.updateImport(tx, id, {
      status: 'mapped',
      to_create: null,
      duplicates: null,
      invalid: null,
      checked_at: null,
    });
  });

  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  let batch: { line: number; checked: CheckedRow }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const emails = batch.flatMap((b) => (b.checked.ok ? [b.checked.values.email] : []));
    const phones = batch.flatMap((b) => (b.checked.ok && b.checked.values.phone ? [b.checked.values.phone] : []));
    const [takenEmails, takenPhones] = [
      await repo.existingEmails(deps.db, emails),
      await repo.existingCustomerPhones(deps.db, phones),
    ];
    const values: RowInsert[] = batch.map(({ line, checked }) => {
      if (!checked.ok) {
        const p = checked.partial;
        return {
          import_id: id,
          line,
          outcome: 'invalid',
          reason: checked.reason,
          full_name: p.full_name ?? null,
          email: p.email ?? null,
          phone: p.phone ?? null,
          spouse_name: p.spouse_name ?? null,
          spouse_email: p.spouse_email ?? null,
        };
      }
      const v = checked.values;
      const base = { import_id: id, line, ...v };
      if (takenEmails.has(v.email)) return { ...base, outcome: 'duplicate', reason: 'email' };
      if (v.phone && takenPhones.has(v.phone)) return { ...base, outcome: 'duplicate', reason: 'phone' };
      const earlier = seenEmail.get(v.email) ?? (v.phone ? seenPhone.get(v.phone) : undefined);
      if (earlier !== undefined) return { ...base, outcome: 'duplicate', reason: 'file', duplicate_line: earlier };
      seenEmail.set(v.email, line);
      if (v.spouse_email && !seenEmail.has(v.spouse_email)) seenEmail.set(v.spouse_email, line);
      if (v.phone) seenPhone.set(v.phone, line);
      return { ...base, outcome: 'create', reason: null };
    });
    await repo.insertRows(deps.db, values);
    batch = [];
  };

  const source = await openText(
    deps,
    { storageKey: imp.storage_key, wrappedKey: imp.wrapped_key, sha256: imp.sha256 },
    imp.encoding as CsvEncoding,
  );
  let header = true;
  for await (const record of readCsv(source, imp.delimiter)) {
    if (header) {
      header = false;
      continue;
    }
    const checked: CheckedRow = record.malformed
      ? { ok: false, reason: 'malformed', partial: {} }
      : checkRow(record.cells, mapping, region);
    batch.push({ line: record.line, checked });
    if (batch.length >= BATCH) await flush();
  }
  await flush();

  const counts = await repo.countOutcomes(deps.db, id);
  await repo.updateImport(deps.db, id, { status: 'checked', ...counts, checked_at: new Date() });
  return counts;
}
