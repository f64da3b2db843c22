import { isApiError } from '../../lib/api/index.ts';
import { contractText } from '../../lib/language.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The part of a zod error we read (keeps zod itself out of the web's dependencies). */
interface ParseError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** First message per field from a failed zod parse (the contract's schemas). */
export function zodFieldErrors<K extends string>(error: ParseError | undefined): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = contractText(issue.message);
  }
  return out as FieldErrors<K>;
}

/** The server's errors[] mapped onto the form's fields. */
export function serverFieldErrors<K extends string>(err: unknown, fields: readonly K[]): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  if (!isApiError(err)) return out;
  for (const e of err.errors) {
    const key = e.field.split('.')[0] as K;
    if (fields.includes(key) && !out[key]) out[key] = e.message;
  }
  return out;
}
