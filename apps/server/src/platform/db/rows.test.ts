import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabase } from '../../test/db.ts';
import { AppError } from '../errors.ts';
import { cursorTimestamp, keysetCursor } from '../keyset-cursor.ts';
import type { Database } from './client.ts';
import { col, firstRow, rows, rowSchema } from './rows.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('raw SQL rows', () => {
  it('come out as Dates and numbers on either driver', async () => {
    const row = await firstRow(
      database.db,
      rowSchema({ at: col.timestamp(), none: col.timestamp().nullable(), big: col.int(), ratio: col.number() }),
      sql`select '2025-01-31 12:34:56.5+00'::timestamptz as at, null::timestamptz as none,
                 count(*) as big, 1.5::numeric as ratio from (values (1), (2)) v`,
    );
    expect(row).toEqual({ at: new Date('2025-01-31T12:34:56.500Z'), none: null, big: 2, ratio: 1.5 });
  });

  it('fail loudly when a column is missing or renamed', async () => {
    await expect(
      rows(database.db, rowSchema({ id: col.text(), name: col.text() }), sql`select 'a' as id, 'b' as full_name`),
    ).rejects.toThrow(/name/);
  });
});

describe('keyset cursor', () => {
  const cursor = keysetCursor(z.object({ ts: cursorTimestamp, id: z.string() }));

  it('decodes what it encoded', () => {
    const key = { ts: '2025-01-31 12:34:56.123456+00', id: 'abc' };
    expect(cursor.decode(cursor.encode(key))).toEqual(key);
  });

  it.each([
    'garbage',
    Buffer.from('{"ts":"yesterday","id":"a"}').toString('base64url'),
    '',
    // NUL, which PostgreSQL text cannot hold: the query would fail (a 500) rather than find nothing.
    Buffer.from('{"ts":"2025-01-31 12:34:56+00","id":"a\\u0000b"}').toString('base64url'),
  ])('refuses %j as a field error on cursor', (raw) => {
    const err = (() => {
      try {
        cursor.decode(raw);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).errors).toEqual([{ field: 'cursor', message: 'Invalid cursor' }]);
  });
});
