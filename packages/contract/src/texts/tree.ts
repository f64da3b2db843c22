/**
 * A catalogue as i18next reads it: nested objects of texts, `{{name}}` placeholders, plural forms as `key_one`,
 * `key_other` (Spanish adds `key_many`). The server's catalogue (./index.ts) and the web's `en.json` files share it.
 */
export type TextTree = { readonly [key: string]: string | TextTree };

/** Every text of a catalogue by its dotted key (`billing.paymentFailed`). */
export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flattenTexts(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** What a translation must keep of its text: placeholders, tags and nested references, in any order. */
export const textMarks = (text: string): string[] =>
  [...text.matchAll(/\{\{[^}]+\}\}|<\/?\d+\/?>|<\/?[a-z]+\/?>|\$t\([^)]*\)/g)].map((m) => m[0]).sort();
