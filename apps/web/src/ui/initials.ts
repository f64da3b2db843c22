/** The first letters of the first two words that have one ("José $& Núñez": JN); a name of none, its first symbol. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .map((w) => /\p{L}/u.exec(w)?.[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase() ||
  (Array.from(name.trim())[0] ?? '');
