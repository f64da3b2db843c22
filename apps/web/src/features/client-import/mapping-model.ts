import { IMPORT_TARGETS, type ImportMapping, type ImportTarget } from '@taxportal/contract';

/** A spreadsheet's column name: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Sets one target's column; a column chosen for another target is taken from it (a column holds one thing). */
export function assign(mapping: ImportMapping, target: ImportTarget, column: number | null): ImportMapping {
  const next = { ...mapping, [target]: column };
  if (column !== null)
    for (const other of IMPORT_TARGETS) if (other !== target && next[other] === column) next[other] = null;
  // A full name replaces first and last name columns, and the other way round.
  if (target === 'full_name' && column !== null) Object.assign(next, { first_name: null, last_name: null });
  if ((target === 'first_name' || target === 'last_name') && column !== null) next.full_name = null;
  return next;
}

/** Whether the mapping can be checked: a name (full, or first/last) and an e-mail column. */
export const isComplete = (m: ImportMapping): boolean =>
  (m.full_name !== null || m.first_name !== null || m.last_name !== null) && m.email !== null;
