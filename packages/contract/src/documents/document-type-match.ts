// Which document a text names, without zod: the staff's request form preselects a free-text line's type with it (web),
// and the server proposes an upload without a type to the open request its file name names (documents/request-
// proposals.ts). One rule for both.

/** Hyphens (and their typographic kin) and spaces: "W2", "W 2" and "W-2" are one name. */
const IGNORED = '[\\s\\-\\u2010-\\u2015]*';
const squeeze = (s: string) => s.toLowerCase().replace(/[\s\-\u2010-\u2015]+/g, '');
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What people call the seeded types other than by their names (the firm may rename them; then only the name is
 * found). Lower case; hyphens and spaces are ignored as in names.
 */
const ALSO_CALLED: Record<string, readonly string[]> = {
  'photo id': [
    "driver's license",
    'drivers license',
    'driver license',
    "driver's licence",
    'driving licence',
    'passport',
    'state id',
    'id card',
    'identity card',
  ],
  'prior year return': ["last year's return", 'last years return', 'last year return', 'prior return'],
  'bank statement': ['bank statements'],
  receipts: ['receipt'],
};

/** The form's number a name starts with ("1098" of "1098 Mortgage Interest"): said alone, it names that type. */
const code = (name: string) => {
  const first = name.trim().split(/\s+/)[0]!;
  return /\d/.test(first) && first.length < name.trim().length ? first : null;
};

/**
 * The distinctive codes a longer name carries anywhere, words of letters and digits both ("CP2000" of "Copy of the
 * CP2000 notice (all pages)", "W-2" of "Second W-2 (Globex)"): said alone, they name it. A bare number ("2025") is
 * none (a year names nothing).
 */
const codes = (name: string) => {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return [];
  return words
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => /\p{L}/u.test(w) && /\p{N}/u.test(w));
};

/** `phrase` as a word of its own in the text, ignoring case, hyphens and spaces; a plural ("W-2s", "W2's") too. */
const standsIn = (text: string, phrase: string) =>
  new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${[...squeeze(phrase)].map(escape).join(IGNORED)}(?:['\\u2019]?s)?(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(text);

/**
 * The document type a free-text request names, if any: a type whose name stands in the text as a word of its own,
 * whatever the case, hyphens, spaces or plural ("W2s from employer" is a W-2, "Form 1099-K from PayPal" a 1099-K,
 * but "Form 1099-K" is no K-1), or what people also call it ("Driver license" is a Photo ID), or the form number
 * it starts with ("Mortgage 1098"), or a code of letters and digits in it ("CP2000 notice" is "Copy of the CP2000
 * notice (all pages)"). The whole name wins over a number or another word, the longer over the
 * shorter; none found, null.
 */
export function matchDocumentType<T extends { name: string }>(text: string, types: readonly T[]): T | null {
  let best: T | null = null;
  let bestScore = 0;
  const consider = (type: T, phrase: string | null | undefined, weight: number) => {
    if (!phrase) return;
    const score = weight + squeeze(phrase).length;
    if (score > bestScore && standsIn(text, phrase)) {
      best = type;
      bestScore = score;
    }
  };
  for (const type of types) {
    consider(type, type.name, 2000);
    for (const other of ALSO_CALLED[type.name.trim().toLowerCase()] ?? []) consider(type, other, 1000);
    consider(type, code(type.name), 0);
    for (const c of codes(type.name)) consider(type, c, 0);
  }
  return best;
}
