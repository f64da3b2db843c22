import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

describe('the Spanish catalogues', () => {
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
