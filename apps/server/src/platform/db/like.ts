/**
 * A LIKE / ILIKE pattern matching `s` anywhere, with LIKE's own characters (`%`, `_` and the escape `\`) in `s`
 * taken literally: what a person searches for is text, never a pattern.
 */
export const containsPattern = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
