import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { testDatabase } from '../../test/db.ts';
import { createMailer } from './mail.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => database.close());

const message = (to: string) => ({
  to,
  subject: 'Your code',
  text: 'Your one-time code: 482913\nOr open https://portal.test/unlock?token=abcDEF123_-x&lang=en\n',
  secrets: ['482913'],
});

describe('mail without SMTP (development)', () => {
  it('keeps only a redacted copy; the whole message goes to the terminal in development only', async () => {
    const print = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const log = pino({ level: 'silent' });
      const dev = createMailer({ db: database.db, log, from: 'x <x@x.test>', printSecrets: true });
      await dev.send(message('dev@example.test'));
      const [row] = await database.db.select().from(outbox).where(eq(outbox.to, 'dev@example.test'));
      expect(row!.text).toBe(
        'Your one-time code: [redacted]\nOr open https://portal.test/unlock?token=[redacted]&lang=en\n',
      );
      expect(print).toHaveBeenCalledTimes(1);
      expect(String(print.mock.calls[0]![0])).toContain('482913');

      // Production and tests print nothing.
      const quiet = createMailer({ db: database.db, log, from: 'x <x@x.test>', printSecrets: false });
      await quiet.send(message('prod@example.test'));
      expect(print).toHaveBeenCalledTimes(1);
      const [prod] = await database.db.select().from(outbox).where(eq(outbox.to, 'prod@example.test'));
      expect(prod!.text).not.toContain('482913');
      expect(prod!.text).not.toContain('abcDEF123');
    } finally {
      print.mockRestore();
    }
  });
});
