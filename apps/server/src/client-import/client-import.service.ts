import {
  type ClientImport,
  type ImportMapping,
  type ImportRow,
  importRowSchema,
  IMPORT_TARGETS,
  isLanguage,
} from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { guessMapping } from './column-guess.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-import.repository.ts';

export const importNotFound = () => new AppError('not_found', T.step.notFound);

/** The caller's import or a 404 (another Admin's too). */
export async function ownImport(tx: Tx, id: string, actor: Pick<Actor, 'userId'>, opts: { lock?: boolean } = {}) {
  const row = await repo.findOwnImport(tx, id, actor.userId, opts);
  if (!row) throw importNotFound();
  return row;
}

const fullMapping = (m: Record<string, number | null> | null): ImportMapping | null =>
  m ? (Object.fromEntries(IMPORT_TARGETS.map((t) => [t, m[t] ?? null])) as ImportMapping) : null;

export async function importView(tx: Tx, row: repo.ImportRecord, suggested?: ImportMapping): Promise<ClientImport> {
  const counted = row.to_create !== null && row.duplicates !== null && row.invalid !== null;
  return {
    id: row.id,
    file_name: row.file_name,
    size_bytes: row.size_bytes,
    row_count: row.row_count,
    status: row.status as ClientImport['status'],
    header: row.header,
    sample_rows: row.sample_rows,
    suggested_mapping: suggested ?? guessMapping(row.header),
    mapping: fullMapping(row.mapping ?? null),
    counts: counted ? { to_create: row.to_create!, duplicates: row.duplicates!, invalid: row.invalid! } : null,
    created: row.created,
    same_file_as: await repo.sameFileImport(tx, row),
    created_at: row.created_at.toISOString(),
    checked_at: row.checked_at?.toISOString() ?? null,
    committed_at: row.committed_at?.toISOString() ?? null,
  };
}

export async function getImport(deps: ClientImportDeps, actor: Actor, id: string) {
  return importView(deps.db, await ownImport(deps.db, id, actor));
}

/** A page of the Admin's imports; the cursor is the page's last import (another's reads as none: an empty page). */
export async function listImports(
  deps: ClientImportDeps,
  actor: Actor,
  query: { cursor?: string | undefined; limit: number } = { limit: 10 },
) {
  const found = await repo.listOwnImports(deps.db, actor.userId, query.cursor ?? null, query.limit + 1);
  const items = found.slice(0, query.limit);
  return {
    items: items.map((r) => ({
      id: r.id,
      file_name: r.file_name,
      row_count: r.row_count,
      status: r.status as ClientImport['status'],
      created_at: r.created_at.toISOString(),
    })),
    next_cursor: found.length > query.limit ? items.at(-1)!.id : null,
  };
}

/** The Admin's mapping: a name (full, or first/last) and an e-mail column, each column of the file, used once. */
export async function putMapping(deps: ClientImportDeps, actor: Actor, id: string, mapping: ImportMapping) {
  return deps.db.transaction(async (tx) => {
    const row = await ownImport(tx, id, actor, { lock: true });
    if (row.status === 'committed') throw new AppError('conflict', T.step.committed);
    if (mapping.full_name === null && mapping.first_name === null && mapping.last_name === null)
      throw fieldError('mapping.full_name', T.mapping.nameMissing);
    if (mapping.email === null) throw fieldError('mapping.email', T.mapping.emailMissing);
    const used = IMPORT_TARGETS.map((t) => mapping[t]).filter((c): c is number => c !== null);
    if (used.some((c) => c >= row.header.length)) throw fieldError('mapping', T.mapping.columnMissing);
    if (new Set(used).size !== used.length) throw fieldError('mapping', T.mapping.sameColumn);
    await repo.deleteRows(tx, id);
    await repo.updateImport(tx, id, {
      mapping,
      status: 'mapped',
      to_create: null,
      duplicates: null,
      invalid: null,
      checked_at: null,
    });
    return importView(tx, (await ownImport(tx, id, actor))!);
  });
}

const rowView = (r: repo.ImportRowRecord): ImportRow =>
  importRowSchema.parse({
    line: r.line,
    outcome: r.outcome,
    reason: r.reason,
    reasons: r.reasons.length ? r.reasons : r.reason ? [r.reason] : [],
    duplicate_line: r.duplicate_line,
    full_name: r.full_name,
    email: r.email,
    phone: r.phone,
    spouse_name: r.spouse_name,
    spouse_email: r.spouse_email,
    language: isLanguage(r.language) ? r.language : null,
    user_id: r.user_id,
  });

/** A page of the dry run's rows of one outcome; the cursor is the last line shown. */
export async function listRows(
  deps: ClientImportDeps,
  actor: Actor,
  id: string,
  query: { outcome?: string | undefined; cursor?: string | undefined; limit: number },
) {
  await ownImport(deps.db, id, actor);
  const after = query.cursor && /^\d{1,9}$/.test(query.cursor) ? Number(query.cursor) : 0;
  const found = await repo.pageRows(deps.db, id, query.outcome, after, query.limit + 1);
  const page = found.slice(0, query.limit);
  return {
    items: page.map(rowView),
    next_cursor: found.length > query.limit ? String(page.at(-1)!.line) : null,
  };
}
