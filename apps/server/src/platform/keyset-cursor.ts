import { FIELD_TEXTS } from '@taxportal/contract/texts';
import { z } from 'zod';
import { fieldError } from './errors.ts';

/**
 * The one keyset cursor: the last row's sort key as JSON, base64url-encoded,
 * opaque to clients. Each list declares its key as a zod schema, so a cursor
 * that does not decode, or decodes to the wrong shape, is refused the same way
 * everywhere: 422 with a field error on `cursor` (catalogue fields.common.invalidCursor, in the reader's language).
 */
export interface KeysetCursor<T> {
  encode(key: T): string;
  /** The key, or a 422 field error on `cursor`. */
  decode(raw: string): T;
}

export function keysetCursor<S extends z.ZodType>(schema: S): KeysetCursor<z.output<S>> {
  return {
    encode: (key) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode(raw) {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
      } catch {
        throw fieldError('cursor', FIELD_TEXTS.common.invalidCursor);
      }
      const parsed = schema.safeParse(json);
      // A key is compared in SQL: a string holding NUL, which PostgreSQL text cannot hold, is no key of ours.
      if (!parsed.success || holdsNul(parsed.data)) throw fieldError('cursor', FIELD_TEXTS.common.invalidCursor);
      return parsed.data;
    },
  };
}

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' && value !== null && Object.values(value).some(holdsNul);

/**
 * A timestamptz as PostgreSQL prints it (`2025-01-31 12:34:56.123456+00`) or as ISO 8601: keys compared
 * in SQL keep the database's microseconds, which a JavaScript Date would drop.
 */
export const cursorTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/)
  .refine((s) => !Number.isNaN(Date.parse(s)));
