import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { texts as firstLoadEs } from './es.ts';
import { catalogues } from './index.ts';
import { portalTexts } from './portal-texts.ts';
import { portalTextsEs } from './portal-texts-es.ts';

/*
 * Issue 31: every English catalogue has its Spanish, with exactly its keys, its interpolation placeholders and
 * tags, and its plural forms (Spanish adds `_many`, which Intl.PluralRules('es') uses for 1,000,000 and up).
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const english = fs
  .readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /(^|\.)en\.json$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name));

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flat(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
};
const marks = (text: string) =>
  [...text.matchAll(/\{\{[^}]+\}\}|<\/?\d+\/?>|<\/?[a-z]+\/?>|\$t\([^)]*\)/g)].map((m) => m[0]).sort();
const read = (file: string) => flat(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);

/** Keys written twice in one object of a JSON text (JSON.parse keeps the last, silently): `path.key` each. */
function duplicateKeys(json: string): string[] {
  const stack: { keys: Set<string>; path: string; expectKey: boolean; last: string }[] = [];
  const found: string[] = [];
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    const top = stack.at(-1);
    if (c === '"') {
      let j = i + 1;
      while (json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      const str = JSON.parse(json.slice(i, j + 1)) as string;
      if (top?.expectKey) {
        if (top.keys.has(str)) found.push(`${top.path}${str}`);
        top.keys.add(str);
        top.last = str;
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{') {
      stack.push({ keys: new Set(), path: top ? `${top.path}${top.last}.` : '', expectKey: true, last: '' });
    } else if (c === '}') stack.pop();
    else if (c === ',' && top) top.expectKey = true;
  }
  return found;
}

describe('the Spanish catalogues', () => {
  it('finds a key written twice', () => {
    expect(duplicateKeys('{"a": {"b": "x", "b": "y"}, "c": "{\\"", "a2": 1, "c": 2}')).toEqual(['a.b', 'c']);
  });

  it('have no key written twice, nor have their English ones (the first would never show)', () => {
    const files = english.flatMap((f) => [f, f.replace(/en\.json$/, 'es.json')]);
    const twice = files.flatMap((f) =>
      duplicateKeys(fs.readFileSync(f, 'utf8')).map((k) => `${path.relative(src, f)}: ${k}`),
    );
    expect(twice).toEqual([]);
  });

  it('merge as the English ones do: the same parts in the first load and in the portal', () => {
    // es.ts and portal-texts-es.ts list the catalogues index.ts and portal-texts.ts list: one left out here would
    // show its English to a Spanish reader, with no key missing from any one file.
    expect(Object.keys(firstLoadEs).sort()).toEqual(
      Object.keys(Object.assign({}, ...Object.values(catalogues))).sort(),
    );
    expect(Object.keys(portalTextsEs).sort()).toEqual(Object.keys(portalTexts).sort());
  });

  it('are there for every English one', () => {
    expect(english.length).toBeGreaterThan(15);
    const missing = english.filter((f) => !fs.existsSync(f.replace(/en\.json$/, 'es.json')));
    expect(missing.map((f) => path.relative(src, f))).toEqual([]);
  });

  for (const file of english) {
    const name = path.relative(src, file);
    it(`${name}: the same keys, placeholders, tags and plural forms`, () => {
      const en = read(file);
      const es = read(file.replace(/en\.json$/, 'es.json'));
      const expected = new Set(en.keys());
      for (const key of en.keys()) if (key.endsWith('_other')) expected.add(key.replace(/_other$/, '_many'));
      expect(
        [...es.keys()].filter((k) => !expected.has(k)),
        'keys only in Spanish',
      ).toEqual([]);
      expect(
        [...expected].filter((k) => !es.has(k)),
        'keys missing in Spanish',
      ).toEqual([]);
      const differing = [...en].flatMap(([key, text]) => {
        const spanish = es.get(key) ?? '';
        return marks(text).join(' ') === marks(spanish).join(' ') ? [] : [`${key}: ${text} | ${spanish}`];
      });
      expect(differing, 'placeholders or tags differ').toEqual([]);
      expect(
        [...es].filter(([, v]) => !v.trim()).map(([k]) => k),
        'empty texts',
      ).toEqual([]);
    });
  }
});
