import { describe, expect, it } from 'vitest';

/**
 * Every request is built from the contract's endpoint declarations (call, postFormTo, uploadFormTo, endpointUrl),
 * so no source outside lib/api writes an API path by hand. This reads the web's own sources and fails on:
 * a string or template literal that starts with /api/ (the prefix belongs to the declarations); a string handed
 * straight to a request function; a request sent around lib/api (fetch, XMLHttpRequest). lib/api's functions
 * take an endpoint, not a path, so with these a hand-written path has no way to the server.
 * Tests and their helpers may name paths: they check what goes over the wire.
 */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const checked = Object.entries(sources).filter(([file]) => !file.startsWith('./'));

const RULES: { what: string; pattern: RegExp }[] = [
  { what: 'an /api/ path literal', pattern: /['"`]\/api\//g },
  {
    what: 'a path string passed to a request function',
    pattern:
      /\b(?:call|postFormTo|uploadFormTo|endpointUrl|blobAt|postForm|uploadForm|apiRequest)(?:<[^>(]*>)?\(\s*['"`]/g,
  },
  { what: 'a request of its own (fetch, XMLHttpRequest)', pattern: /\bfetch\(|\bnew XMLHttpRequest\b/g },
  {
    what: 'a path handed to a get/post/put/patch/delete helper',
    pattern: /\.(?:get|post|put|patch|delete)(?:<[^>(]*>)?\(\s*['"`]\//g,
  },
];

/** `file:line: text` of every match, for a failure that says where to look. */
function offences(file: string, text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return `${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`;
  });
}

describe('API paths', () => {
  it('reads the sources outside lib/api (features among them)', () => {
    const files = checked.map(([file]) => file);
    expect(files).toContain('../../features/documents/documents-api.ts');
    expect(files).toContain('../../features/tickets/tickets-api.ts');
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
    expect(files.some((f) => f.includes('.test.') || f.startsWith('../../test/'))).toBe(false);
  });

  it.each(RULES)('no source outside lib/api has $what', ({ pattern }) => {
    expect(checked.flatMap(([file, text]) => offences(file, text, pattern))).toEqual([]);
  });

  it('the rules catch what they are for', () => {
    const [literal, passed, own, helper] = RULES.map((r) => r.pattern);
    expect(offences('x.ts', 'const u = `/api/v1/documents/${id}/file`;', literal!)).toHaveLength(1);
    expect(offences('x.ts', "call(endpoints.getTicket)\nblobAt('/documents')", passed!)).toEqual([
      "x.ts:2: blobAt('/documents')",
    ]);
    expect(offences('x.ts', 'await fetch(url)\nnew XMLHttpRequest()', own!)).toHaveLength(2);
    expect(offences('x.ts', "api.get<Ticket>(`/tickets/${id}`); params.get('customer')", helper!)).toHaveLength(1);
    expect(offences('x.ts', '/** GET /api/v1/tickets */ navigate(`/contacts/${id}`)', literal!)).toEqual([]);
  });
});
