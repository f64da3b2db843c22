import { hrefSchema, imageUrlSchema, longTextSchema, richTextSchema, type LocalizedText } from '@taxportal/contract';
import type { z } from 'zod';
import { contractText } from '../../../lib/language.ts';

/*
 * Reading the contract's zod schemas for the editor's forms (schema-form.tsx): what kind of value a schema
 * describes, its checks, the value a new item starts as, and the first problem in a value.
 */

type Schema = z.ZodType;
export interface Def {
  type: string;
  [key: string]: unknown;
}
export const def = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
export type Checks = { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }[];
export const checkOf = (d: Def, name: string) =>
  ((d.checks ?? []) as Checks).find((c) => c._zod.def.check === name)?._zod.def;

export const shapeOf = (d: Def) => d.shape as Record<string, Schema>;
/** A text of content in every language: `{ en, es? }`. */
export const isLocalized = (d: Def) => d.type === 'object' && Object.keys(shapeOf(d)).join() === 'en,es';

/** The value a new item of this schema starts as: its default, or the emptiest value it describes. */
export function emptyOf(schema: Schema): unknown {
  const d = def(schema);
  switch (d.type) {
    case 'default':
      return structuredClone(d.defaultValue);
    case 'optional':
      return undefined;
    case 'nullable':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(shapeOf(d))) {
        const e = emptyOf(v);
        if (e !== undefined) out[k] = e;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: checkOf(d, 'min_length')?.minimum ?? 0 }, () => emptyOf(d.element as Schema));
    case 'string':
      return '';
    case 'number':
      return checkOf(d, 'greater_than')?.value ?? 0;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries as Record<string, string>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'union':
      return emptyOf((d.options as Schema[])[0]!);
    case 'pipe':
      return emptyOf(d.in as Schema);
    default:
      return undefined;
  }
}

/** The schema inside `.default()`, `.optional()` and pipes. */
export function unwrapped(schema: Schema): Schema {
  const d = def(schema);
  if (d.type === 'default' || d.type === 'optional') return unwrapped(d.innerType as Schema);
  if (d.type === 'pipe') return unwrapped(d.in as Schema);
  return schema;
}

/** The first problem zod finds in a value, as `field: message` for the editor's notice; null when valid. */
export function firstIssue(schema: Schema, value: unknown): { path: string; message: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: contractText(issue.message) };
}

/**
 * A row's own title in a list of rows (a plan's name, a question, a menu entry's label): the text of its first
 * short text field, read by `text` (the editor's language); '' when the row has none or it is still empty. Long and
 * rich texts, addresses and hidden keys are no titles.
 */
export function rowTitleOf(schema: Schema, value: unknown, text: (t: LocalizedText) => string): string {
  const d = def(unwrapped(schema));
  if (d.type !== 'object' || isLocalized(d) || typeof value !== 'object' || value === null) return '';
  const row = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(shapeOf(d))) {
    if (ROW_TITLE_SKIPPED.has(key)) continue;
    const s = unwrapped(field);
    const fd = def(s);
    if (isLocalized(fd)) {
      if (s === longTextSchema || s === richTextSchema) continue;
      const v = row[key];
      return typeof v === 'object' && v !== null ? text(v as LocalizedText).trim() : '';
    }
    if (fd.type === 'string' && s !== hrefSchema && s !== imageUrlSchema && fd.format === undefined) {
      const v = row[key];
      return typeof v === 'string' ? v.trim() : '';
    }
  }
  return '';
}
const ROW_TITLE_SKIPPED = new Set(['id', 'media_id', 'currency']);

/** Whole cents of an amount of money (199.99 → 19999), in integers: no float drift; null when it is no amount. */
export function centsOfAmount(amount: number | string): number | null {
  const written = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(2) : '') : amount;
  const m = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(written.replace(/,/g, ''));
  if (!m || (m[2] === '' && !m[3])) return null;
  // Digits, not floating point: 0.29 * 100 is 28.999999999999996.
  const cents = Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0').slice(0, 2));
  return m[1] ? -cents : cents;
}
