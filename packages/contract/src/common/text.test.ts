import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as endpoints from '../endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { isoDateSchema, multilineText, text } from './text.ts';

const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v;
const declared = Object.values(endpoints).flatMap((v) =>
  isEndpoint(v) ? [v] : Object.values(v as object).filter(isEndpoint),
);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every string a client can send: the string leaves of an input schema, with where they are. */
function stringLeaves(schema: z.ZodType, at: string, out: [string, z.ZodType][] = [], seen = new Set<unknown>()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => stringLeaves(s as z.ZodType, p, out, seen);
  switch (def.type) {
    case 'string':
      out.push([at, schema]);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as object)) walk(v, `${at}.${k}`);
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      walk(def.innerType, at);
      break;
    case 'pipe':
      walk(def.in, at);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => walk(o, `${at}|${i}`));
      break;
    case 'intersection':
      walk(def.left, at);
      walk(def.right, at);
      break;
    case 'record':
      walk(def.keyType, `${at}{key}`);
      walk(def.valueType, `${at}{}`);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), at);
      break;
    default:
  }
  return out;
}

const HOSTILE = {
  nul: 'a\u0000b',
  'lone surrogate': 'a\ud800b',
  'only invisible': '\u200b\u202e\u2066',
  'escape sequence': 'a\u001b[31mb',
};

describe('the one text rule', () => {
  const leaves = declared.flatMap((e) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      e[part] ? stringLeaves(e[part], `${e.method} ${e.path} ${part}`) : [],
    ),
  );

  it('covers every string of every endpoint: none accepts NUL, a lone surrogate or invisible-only text', () => {
    expect(leaves.length).toBeGreaterThan(80);
    const open = leaves.flatMap(([at, leaf]) =>
      Object.entries(HOSTILE)
        // A password is never shown, so invisible characters in one mislead nobody (secretText).
        .filter(([name]) => !(name === 'only invisible' && at.endsWith('password')))
        .filter(([, v]) => leaf.safeParse(v).success)
        .map(([name]) => `${at}: ${name}`),
    );
    expect(open).toEqual([]);
  });

  it('normalises to NFC and trims', () => {
    expect(text().parse(' Zoe\u0308 ')).toBe('Zoë');
    expect(multilineText().parse('line one\nline two\r\n\ttab')).toBe('line one\nline two\r\n\ttab');
  });

  it('refuses bidi overrides in single-line text (names) and keeps them in messages', () => {
    expect(text().safeParse('Ann \u202eeoD').success).toBe(false);
    expect(text().safeParse('a\nb').success).toBe(false);
    expect(multilineText().safeParse('quote: \u2067שלום\u2069 ok').success).toBe(true);
  });

  it('accepts only real calendar dates', () => {
    const date = isoDateSchema();
    for (const ok of ['2024-02-29', '1999-12-31', '2026-04-15']) expect(date.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2024-02-30', '2023-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '2026-4-1'])
      expect(date.safeParse(bad).success, bad).toBe(false);
  });
});
