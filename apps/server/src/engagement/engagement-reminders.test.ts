import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Letter, StaffDashboard } from '@taxportal/contract';
import { auditLog, engagementLetters, outbox } from '../platform/db/schema.ts';
import { createMailer } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { createTestApp, type Agent, type TestApp } from '../test/helper.ts';
import { clientWithLetter, LETTERS, people } from './engagement.fixtures.ts';
import { createEngagementJobRunner } from './index.ts';

/** Reminders after 3 and 7 days unsigned (once each) and expiry, on an injected clock (docs/decisions/0036). */
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

const hub: RealtimeHub = { publish: async () => {} } as unknown as RealtimeHub;
const runnerAt = (clock: () => Date) =>
  createEngagementJobRunner({
    db: t.database.db,
    hub,
    mailer: createMailer({ db: t.database.db, log, from: 'test@portal.test' }),
    publicUrl: 'http://portal.test',
    log,
    now: clock,
  });
const remindersTo = async (email: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).filter((m) =>
    m.subject.startsWith('Reminder'),
  );

describe('reminders and expiry', () => {
  it('reminds at 3 and 7 days, once each, then expires the letter after 30 days', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Rita Reminder');
    const sent = new Date(letter.sent_at!).getTime();
    let now = new Date(sent + 2 * DAY);
    const runner = runnerAt(() => now);
    await runner.tick();
    expect(await remindersTo(client.email)).toHaveLength(0);
    now = new Date(sent + 3 * DAY + 60_000);
    await runner.tick();
    await runner.tick();
    const first = await remindersTo(client.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(`http://portal.test/letters/${letter.id}`);
    now = new Date(sent + 6 * DAY);
    await runner.tick();
    expect(await remindersTo(client.email)).toHaveLength(1);
    now = new Date(sent + 7 * DAY + 60_000);
    await runner.tick();
    await runner.tick();
    expect(await remindersTo(client.email)).toHaveLength(2);
    now = new Date(sent + 20 * DAY);
    await runner.tick();
    expect(await remindersTo(client.email)).toHaveLength(2);
    now = new Date(sent + 30 * DAY + 60_000);
    await runner.tick();
    const [row] = await t.database.db.select().from(engagementLetters).where(eq(engagementLetters.id, letter.id));
    expect(row!.state).toBe('expired');
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, letter.id))).map(
      (e) => e.action,
    );
    expect(actions.filter((a) => a === 'engagement.reminded')).toHaveLength(2);
    expect(actions).toContain('engagement.expired');
    expect(((await client.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter).state).toBe('expired');
    expect(
      (await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: client.code() })).statusCode,
    ).toBe(409);
  });

  it('sends one reminder to a letter found past both days at once (after downtime), and none once signed or declined', async () => {
    const late = await clientWithLetter(t, preparer, admin, 'Lou Late');
    const declined = await clientWithLetter(t, preparer, admin, 'Dan Declined');
    await declined.client.agent.post(`${LETTERS}/${declined.letter.id}/decline`, { reason: 'No' });
    const sent = new Date(late.letter.sent_at!).getTime();
    const runner = runnerAt(() => new Date(sent + 8 * DAY));
    await runner.tick();
    await runner.tick();
    expect(await remindersTo(late.client.email)).toHaveLength(1);
    expect(await remindersTo(declined.client.email)).toHaveLength(0);
  });

  it('shows staff the unsigned letters on their dashboard, oldest first, not the declined or expired', async () => {
    const { letter } = await clientWithLetter(t, preparer, admin, 'Dash Board');
    const d = (await preparer.get('/api/v1/dashboard')).json() as StaffDashboard;
    expect(d.unsigned_letters!.items.some((l) => l.id === letter.id && l.customer_name === 'Dash Board')).toBe(true);
    expect(
      d.unsigned_letters!.items.every((l) => l.customer_name !== 'Dan Declined' && l.customer_name !== 'Rita Reminder'),
    ).toBe(true);
    expect(d.unsigned_letters!.count).toBeGreaterThanOrEqual(1);
  });
});
