import type { z } from 'zod';

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
  return { path: issue.path.join('.'), message: issue.message };
}
