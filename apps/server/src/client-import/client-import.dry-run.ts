import { type DuplicateReason, type ImportMapping, IMPORT_TARGETS } from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import { AppError } from '../platform/errors.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-import.repository.ts';
import { ownImport } from './client-import.service.ts';
import { openText } from './client-import.upload.ts';
import type { CsvEncoding } from './csv-reader.ts';
import { readCsv } from './csv-reader.ts';
import { type CheckedRow, type RowKeys, checkRow } from './row-check.ts';

const BATCH = 500;

type RowInsert = Parameters<typeof repo.insertRows>[1][number];

const NO_KEYS: RowKeys = { email: null, phone: null, spouse_email: null };
const keysOf = (checked: CheckedRow): RowKeys =>
  checked.ok
    ? { email: checked.values.email, phone: checked.values.phone, spouse_email: checked.values.spouse_email }
    : checked.keys;

/**
 * A line with broken quotes: its only reason. What could be read of it is kept to show (to find the line), but not
 * matched: its cells are a guess.
 */
function malformed(guess: CheckedRow): CheckedRow {
  const partial = guess.ok ? guess.values : guess.partial;
  return { ok: false, reasons: ['malformed'], partial, keys: NO_KEYS };
}

interface Known {
  takenEmails: Set<string>;
  takenPhones: Set<string>;
  /** Whose account a spouse e-mail is. */
  spouseAccounts: Map<string, 'customer' | 'staff'>;
  /** Every row's own e-mail → its first line (the whole file, read before: the answer depends on no order). */
  ownLines: Map<string, number>;
  seenEmail: Map<string, number>;
  seenPhone: Map<string, number>;
  seenSpouse: Map<string, number>;
}

/**
 * What a row repeats, in this order: an account's e-mail, an earlier row's e-mail, a customer's phone, and when no
 * earlier row has its e-mail, an earlier row's phone; then what its spouse e-mail clashes with: an account (a client's
 * is never linked into a household without their consent; staff's never), the person of another row (earlier or
 * later), or the spouse of an earlier row. `line`: the first other row named.
 */
function duplicateOf(keys: RowKeys, line: number, known: Known): { reasons: DuplicateReason[]; line: number | null } {
  const reasons: DuplicateReason[] = [];
  let other: number | null = null;
  if (keys.email && known.takenEmails.has(keys.email)) reasons.push('email');
  const sameEmail = keys.email ? known.seenEmail.get(keys.email) : undefined;
  if (sameEmail !== undefined) {
    reasons.push('file_email');
    other = sameEmail;
  }
  if (keys.phone && known.takenPhones.has(keys.phone)) reasons.push('phone');
  const samePhone = keys.phone ? known.seenPhone.get(keys.phone) : undefined;
  if (samePhone !== undefined && other === null) {
    reasons.push('file_phone');
    other = samePhone;
  }
  const spouse = keys.spouse_email;
  if (spouse) {
    const account = known.spouseAccounts.get(spouse);
    if (account) reasons.push(account === 'customer' ? 'spouse_client' : 'spouse_staff');
    const person = known.ownLines.get(spouse);
    const sameSpouse = known.seenSpouse.get(spouse);
    if (person !== undefined && person !== line) {
      reasons.push('spouse_in_file');
      other ??= person;
    } else if (sameSpouse !== undefined) {
      reasons.push('file_spouse');
      other ??= sameSpouse;
    }
  }
  return { reasons, line: other };
}

type Source = Parameters<typeof readCsv>[0];
/** The file's data rows, each checked (a line with broken quotes: malformed). */
async function* checkedRows(source: Source, delimiter: string, mapping: ImportMapping, region: string) {
  let header = true;
  for await (const record of readCsv(source, delimiter)) {
    if (header) {
      header = false;
      continue;
    }
    const checked = checkRow(record.cells, mapping, region);
    yield { line: record.line, checked: record.malformed ? malformed(checked) : checked };
  }
}

/**
 * The dry run: the stored file streamed again through the mapping, each row checked (row-check.ts) and compared with
 * the accounts (an e-mail any account has, a phone a customer has) and the earlier rows of the file, in batches of
 * 500. A row invalid and repeated is invalid, with both kinds of reason. Only the import's own rows and counts are
 * written; no client is made.
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
  const seenSpouse = new Map<string, number>();
  const ownLines = new Map<string, number>();
  let batch: { line: number; checked: CheckedRow }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const keyed = batch.map((b) => ({ ...b, keys: keysOf(b.checked) }));
    const emails = keyed.flatMap((b) => (b.keys.email ? [b.keys.email] : []));
    const phones = keyed.flatMap((b) => (b.keys.phone ? [b.keys.phone] : []));
    const spouseEmails = keyed.flatMap((b) => (b.keys.spouse_email ? [b.keys.spouse_email] : []));
    const [takenEmails, takenPhones, spouseAccounts] = [
      await repo.existingEmails(deps.db, emails),
      await repo.existingCustomerPhones(deps.db, phones),
      await repo.accountKinds(deps.db, spouseEmails),
    ];
    const values: RowInsert[] = keyed.map(({ line, checked, keys }) => {
      const dup = duplicateOf(keys, line, {
        takenEmails,
        takenPhones,
        spouseAccounts,
        ownLines,
        seenEmail,
        seenPhone,
        seenSpouse,
      });
      if (!checked.ok) {
        const p = checked.partial;
        const reasons = [...checked.reasons, ...dup.reasons];
        return {
          import_id: id,
          line,
          outcome: 'invalid',
          reason: reasons[0]!,
          reasons,
          duplicate_line: dup.line,
          full_name: p.full_name ?? null,
          email: p.email ?? null,
          phone: p.phone ?? null,
          spouse_name: p.spouse_name ?? null,
          spouse_email: p.spouse_email ?? null,
        };
      }
      const v = checked.values;
      // The first row with an e-mail or phone is the one later rows repeat (a duplicate of an account's too).
      if (!seenEmail.has(v.email)) seenEmail.set(v.email, line);
      if (v.spouse_email && !seenSpouse.has(v.spouse_email)) seenSpouse.set(v.spouse_email, line);
      if (v.phone && !seenPhone.has(v.phone)) seenPhone.set(v.phone, line);
      const base = { import_id: id, line, ...v };
      if (dup.reasons.length)
        return {
          ...base,
          outcome: 'duplicate',
          reason: dup.reasons[0]!,
          reasons: dup.reasons,
          duplicate_line: dup.line,
        };
      return { ...base, outcome: 'create', reason: null, reasons: [] };
    });
    await repo.insertRows(deps.db, values);
    batch = [];
  };

  const open = () =>
    openText(
      deps,
      { storageKey: imp.storage_key, wrappedKey: imp.wrapped_key, sha256: imp.sha256 },
      imp.encoding as CsvEncoding,
    );
  // First every row's own e-mail, so a spouse who is the person of a later row is told as of an earlier one.
  for await (const { line, checked } of checkedRows(await open(), imp.delimiter, mapping, region)) {
    const email = keysOf(checked).email;
    if (email && !ownLines.has(email)) ownLines.set(email, line);
  }
  for await (const row of checkedRows(await open(), imp.delimiter, mapping, region)) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();

  const counts = await repo.countOutcomes(deps.db, id);
  await repo.updateImport(deps.db, id, { status: 'checked', ...counts, checked_at: new Date() });
  return counts;
}
