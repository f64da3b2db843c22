/** A unique index said no (an e-mail, a route, a slug taken meanwhile): PostgreSQL's 23505, as PGlite and pg raise it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A foreign key said no (a row still named by another, or naming one gone): PostgreSQL's 23503, as PGlite and pg raise it. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
