/** Hyphens (and their typographic kin) and spaces: "W2", "W 2" and "W-2" are one name. */
const IGNORED = '[\\s\\-\\u2010-\\u2015]*';
const squeeze = (s: string) => s.toLowerCase().replace(/[\s\-\u2010-\u2015]+/g, '');
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The document type a free-text request names, if any: a type whose name stands in the text as a word of its own,
 * whatever the case, hyphens or spaces ("W2 from employer" is a W-2, "Form 1099-K from PayPal" a 1099-K, but
 * "Form 1099-K" is no K-1). The longest name found wins; none found, null.
 */
export function matchDocumentType<T extends { name: string }>(text: string, types: readonly T[]): T | null {
  let best: T | null = null;
  let bestLength = 0;
  for (const type of types) {
    const name = squeeze(type.name);
    if (name.length <= bestLength) continue;
    const word = new RegExp(`(?:^|[^\\p{L}\\p{N}])${[...name].map(escape).join(IGNORED)}(?![\\p{L}\\p{N}])`, 'iu');
    if (word.test(text)) {
      best = type;
      bestLength = name.length;
    }
  }
  return best;
}
