import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from './index.ts';
import { SERVER_TEXTS_ES } from './es.ts';
import { flattenTexts, textMarks } from './tree.ts';

/** A plural form's base key (`count_one` → `count`), or the key itself. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe("the server's catalogue (issue 31)", () => {
  const en = flattenTexts(SERVER_TEXTS);
  const es = flattenTexts(SERVER_TEXTS_ES);

  it('has every English text in Spanish, and nothing else (Spanish adds `_many` beside `_other`)', () => {
    const expected = new Set(en.keys());
    for (const key of en.keys()) if (key.endsWith('_other')) expected.add(key.replace(/_other$/, '_many'));
    expect([...expected].filter((k) => !es.has(k)).sort()).toEqual([]);
    expect([...es.keys()].filter((k) => !expected.has(k)).sort()).toEqual([]);
  });

  it('keeps each text’s placeholders in Spanish', () => {
    const differ = [...es].filter(([key, text]) => {
      const english = en.get(key) ?? en.get(`${base(key)}_other`);
      return english !== undefined && textMarks(english).join() !== textMarks(text).join();
    });
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it('has no Spanish text left empty or left in English (beyond names and codes)', () => {
    const same = [...es].filter(
      ([key, text]) => !text.trim() || (text === en.get(key) && /[a-z]{4,} [a-z]{3,}/.test(text)),
    );
    expect(same.map(([k]) => k)).toEqual([]);
  });
});
