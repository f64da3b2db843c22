import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Letter, LetterReminded, Problem } from '@taxportal/contract';
import { auditLog, engagementLetters, notifications, outbox } from '../platform/db/schema.ts';
import { createMailer } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { createTestApp, type Agent, type TestApp } from '../test/helper.ts';
import { clientWithLetter, confirmAndSign, jointLetter, LETTERS, people } from './engagement.fixtures.ts';
import { createEngagementJobRunner } from './index.ts';

/** Staff's "Remind now" on a letter waiting for signature (docs/decisions/0036, Reminders). */
let t: TestApp;
let admin: Agent;
let preparer: Agent;
const log = pino({ level: 'silent' });
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
}, 120_000);
afterAll(async () => t.close());

const db = () => t.database.db;
const remind = (agent: Agent, id: string) => agent.post(`${LETTERS}/${id}/remind`);
const reminderMails = async (email: string) =>
  (await db().select().from(outbox).where(eq(outbox.to, email))).filter((m) => m.subject.startsWith('Reminder'));
const reminderNotes = async (userId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.kind, 'engagement')))
  ).filter((n) => n.title.startsWith('Reminder'));
const row = async (id: string) => (await db().select().from(engagementLetters).where(eq(engagementLetters.id, id)))[0]!;
/** As if the last reminder went out `hours` ago. */
const remindedAgo = async (id: string, hours: number) =>
  db()
    .update(engagementLetters)
    .set({ last_reminded_at: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(engagementLetters.id, id));

describe('staff remind a client now', () => {
  it('sends the reminder the scan sends (in the portal and by mail), audited, once a day, the schedule kept', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Rhea Remind');
    const res = await remind(preparer, letter.id);
    expect(res.statusCode, res.body).toBe(202);
    const { reminded_at } = res.json() as LetterReminded;
    expect(Date.parse(reminded_at)).toBeGreaterThan(Date.now() - 60_000);
    const mails = await reminderMails(client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Reminder: your engagement letter for ${letter.tax_year} is waiting`);
    expect(mails[0]!.text).toContain(`/letters/${letter.id}`);
    expect(await reminderNotes(client.id)).toHaveLength(1);
    const audited = (await db().select().from(auditLog).where(eq(auditLog.entity_id, letter.id))).filter(
      (e) => e.action === 'engagement.reminded',
    );
    expect(audited.map((e) => e.meta)).toEqual([{ by: 'staff' }]);
    const after = await row(letter.id);
    expect(after.reminders_sent).toBe(0);
    expect(after.last_reminded_at?.toISOString()).toBe(reminded_at);
    const view = (await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(view.last_reminded_at).toBe(reminded_at);

    // Again within 24 hours: refused, saying when; nothing sent.
    const again = await remind(admin, letter.id);
    expect(again.statusCode, again.body).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((again.json() as Problem).detail).toMatch(/less than 24 hours ago.*\d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)/);
    const es = await admin.post(`${LETTERS}/${letter.id}/remind`, undefined, {
      headers: { 'accept-language': 'es' },
    });
    expect((es.json() as Problem).detail).toContain('hace menos de 24 horas');
    expect(await reminderMails(client.email)).toHaveLength(1);

    // A day later it goes again.
    await remindedAgo(letter.id, 24.1);
    expect((await remind(preparer, letter.id)).statusCode).toBe(202);
    expect(await reminderMails(client.email)).toHaveLength(2);
    expect((await row(letter.id)).reminders_sent).toBe(0);
  });

  it('counts the 3-day reminder: staff wait a day after it, and the schedule goes on', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Sam Scan');
    const sent = new Date(letter.sent_at!).getTime();
    const hub = { publish: async () => {} } as unknown as RealtimeHub;
    const runner = createEngagementJobRunner({
      db: db(),
      hub,
      mailer: createMailer({ db: db(), log, from: 'test@portal.test' }),
      publicUrl: 'http://portal.test',
      log,
      now: () => new Date(sent + 3 * DAY + 60_000),
    });
    await runner.tick();
    expect(await reminderMails(client.email)).toHaveLength(1);
    const scanned = await row(letter.id);
    expect(scanned.reminders_sent).toBe(1);
    expect(scanned.last_reminded_at).not.toBeNull();
    await remindedAgo(letter.id, 2);
    const res = await remind(preparer, letter.id);
    expect(res.statusCode, res.body).toBe(429);
    expect(await reminderMails(client.email)).toHaveLength(1);
  });

  it('reminds a joint letter’s spouse too, and only whoever has not signed yet', async () => {
    const { taxpayer, spouse, letter } = await jointLetter(t, preparer, admin);
    expect((await remind(preparer, letter.id)).statusCode).toBe(202);
    expect(await reminderMails(taxpayer.email)).toHaveLength(1);
    expect(await reminderMails(spouse.email)).toHaveLength(1);
    expect(await reminderNotes(spouse.id)).toHaveLength(1);
    const signed = await confirmAndSign(taxpayer.agent, letter.id, taxpayer.code(), taxpayer.full_name);
    expect(signed.statusCode, signed.body).toBe(201);
    await remindedAgo(letter.id, 25);
    expect((await remind(preparer, letter.id)).statusCode).toBe(202);
    expect(await reminderMails(taxpayer.email)).toHaveLength(1);
    expect(await reminderMails(spouse.email)).toHaveLength(2);
    expect(await reminderNotes(taxpayer.id)).toHaveLength(1);
  });

  it('refuses a letter not waiting for signature (409), a customer (403), an unknown letter (404)', async () => {
    const signed = await clientWithLetter(t, preparer, admin, 'Sid Signed');
    expect(
      (await confirmAndSign(signed.client.agent, signed.letter.id, signed.client.code(), 'Sid Signed')).statusCode,
    ).toBe(201);
    const declined = await clientWithLetter(t, preparer, admin, 'Dee Declined');
    await declined.client.agent.post(`${LETTERS}/${declined.letter.id}/decline`, { reason: 'No' });
    const voided = await clientWithLetter(t, preparer, admin, 'Vic Voided');
    expect((await preparer.post(`${LETTERS}/${voided.letter.id}/void`)).statusCode).toBe(200);
    const expired = await clientWithLetter(t, preparer, admin, 'Eve Expired');
    await db()
      .update(engagementLetters)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(engagementLetters.id, expired.letter.id));
    for (const [c, state] of [
      [signed, 'signed'],
      [declined, 'declined'],
      [voided, 'voided'],
      [expired, 'expired'],
    ] as const) {
      const res = await remind(preparer, c.letter.id);
      expect(res.statusCode, state).toBe(409);
      expect((res.json() as Problem).detail).toBe(
        `Only a letter waiting for signature can be reminded: it is ${state}.`,
      );
      expect(await reminderMails(c.client.email)).toHaveLength(0);
    }

    const open = await clientWithLetter(t, preparer, admin, 'Oli Open');
    expect((await remind(open.client.agent, open.letter.id)).statusCode).toBe(403);
    expect((await remind(signed.client.agent, open.letter.id)).statusCode).toBe(403);
    expect((await remind(preparer, 'no-such-letter')).statusCode).toBe(404);
    expect(await reminderMails(open.client.email)).toHaveLength(0);
    expect((await row(open.letter.id)).last_reminded_at).toBeNull();
  });
});
