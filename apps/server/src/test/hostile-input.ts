import fc from 'fast-check';
import type { z } from 'zod';

/**
 * The shared hostile corpus of the no-5xx property suite, and arbitraries derived from the contract's zod
 * schemas. Every hostile string carries LOG_MARKER, so a test can grep the log for it: no request body, query
 * value or SQL parameter may reach the log.
 */
export const LOG_MARKER = 'Qx7LogMarker';
const M = LOG_MARKER;

/** Strings no field should take as they are. */
export const HOSTILE_STRINGS: readonly string[] = [
  `${M}a\u0000b`,
  `${M}\ud800`,
  `\udc00${M}`,
  `${M}\u202e\u202e`,
  `\u200b\u200c\u200d\ufeff${M}`,
  `${M}\u0007\u0008\u001b[2J`,
  `${M}' OR '1'='1' --`,
  `${M}"); DROP TABLE users; --`,
  `../../../../etc/passwd${M}`,
  `%00${M}%2e%2e%2f`,
  `${M}${'\u0301'.repeat(50)}`,
  `${M}\r\nSet-Cookie: a=b`,
  `<script>alert('${M}')</script>`,
  `${M}${'x'.repeat(5000)}`,
  '2024-02-30',
  '9999-99-99',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  '',
  ' ',
];

/** A string of about 1 MB (bodies above the limit are refused with 413). */
export const HUGE_STRING = `${M}${'\u00e9'.repeat(600_000)}`;

/** Numbers (and non-numbers where a number belongs). */
const HOSTILE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  0.5,
  '12',
  `${M}`,
  null,
  true,
  [],
  {},
];

/** Whole bodies of the wrong shape. */
const HOSTILE_BODIES: readonly unknown[] = [
  null,
  [],
  `${M}`,
  42,
  true,
  JSON.parse(`{"__proto__": {"isAdmin": true, "${M}": 1}}`) as unknown,
  { constructor: { prototype: { polluted: M } } },
  { [M]: M },
];

/** JSON nested deeper than any parser should be asked to go, as raw text. */
export const DEEP_JSON = `${'{"a":'.repeat(5000)}"${M}"${'}'.repeat(5000)}`;

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileAny = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_NUMBERS));

/** A plausible string for a field: short text, a date, a uuid. */
const plainString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('2024-02-29', '2026-04-15', 'TD.0001', 'W-2', 'someone@example.test', '+12025550199'),
  fc.uuid(),
);

/**
 * Values for a zod schema: mostly of its shape (each field valid-looking or hostile), sometimes something
 * else entirely. Not a generator of valid input: of input the schema has to refuse well.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  const inner = (s: unknown) => arbitraryFor(s as z.ZodType, depth + 1);
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return fc.oneof(plainString, hostileString);
      case 'number':
      case 'bigint':
        return fc.oneof(fc.integer({ min: -5, max: 3000 }), fc.double(), fc.constantFrom(...HOSTILE_NUMBERS));
      case 'boolean':
        return fc.oneof(fc.boolean(), hostileAny);
      case 'literal':
        return fc.oneof(fc.constantFrom(...(def.values as unknown[])), hostileAny);
      case 'enum':
        return fc.oneof(fc.constantFrom(...Object.values(def.entries as object)), hostileString);
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const record = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v)]));
        return fc.record(record, { requiredKeys: [] });
      }
      case 'array':
        return fc.oneof(fc.array(inner(def.element), { maxLength: 3 }), hostileAny);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return fc.oneof(inner(def.innerType), fc.constant(null), fc.constant(undefined));
      case 'pipe':
        return inner(def.in);
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map(inner));
      case 'intersection':
        return inner(def.left);
      case 'record':
        return fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileString), inner(def.valueType), {
          maxKeys: 3,
        });
      case 'lazy':
        return inner((def.getter as () => unknown)());
      default:
        return hostileAny;
    }
  })();
  return depth === 0
    ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) })
    : shaped;
}

/** A query string from a query schema's arbitrary (values as the client would send them: text). */
export function queryArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  if (!schema) return fc.dictionary(fc.constantFrom('q', 'x', '__proto__'), hostileString, { maxKeys: 2 });
  return arbitraryFor(schema, 1).map((v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, typeof x === 'string' ? x : (JSON.stringify(x) ?? '')]),
    );
  });
}
