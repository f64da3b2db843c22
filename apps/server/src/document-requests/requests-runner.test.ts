import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

// Outside tests (NODE_ENV other than test) the reminder runner starts with the app and stops when it closes.
let t: TestApp | null = null;
afterAll(async () => {
  await t?.database.close();
});

it('the app runs due reminders by itself once ready, and stops with it', async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
  const c = await createCustomer(t);
  const ticket = await openTicket(t, await signIn(t, c.email));
  const staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  expect((await staff.post(`/api/v1/tickets/${ticket.id}/document-requests`, { checklist: ['w2'] })).statusCode).toBe(
    201,
  );
  await t.database.db.execute(
    sql`update document_requests set next_reminder_at = now() - interval '1 minute' where ticket_id = ${ticket.id}`,
  );
  const reminders = async () =>
    (
      await rows(
        t!.database.db,
        rowSchema({ n: col.int() }),
        sql`select count(*)::int as n from outbox where "to" = ${c.email} and subject like 'Reminder:%'`,
      )
    )[0]!.n;
  // Closing the app stops its runner: nothing is sent any more.
  await t.app.close();
  await new Promise((r) => setTimeout(r, 200));
  expect(await reminders()).toBe(0);

  // Another app server on the same database: its runner's first pass, right after start, sends it.
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: path.join(os.tmpdir(), `tp-test-${randomUUID()}`),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
  });
  const second = await buildApp({
    config,
    database: t.database,
    secrets: { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) },
    logger: false,
  });
  await second.app.ready();
  try {
    await expect.poll(reminders, { timeout: 5000 }).toBe(1);
  } finally {
    await second.app.close();
  }
});
