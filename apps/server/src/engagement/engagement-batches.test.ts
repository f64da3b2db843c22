import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_BATCH_MAX_TICKETS, type Letter, type LetterBatch, type LetterBatchPreview } from '@taxportal/contract';
import {
  auditLog,
  engagementLetterBatchItems,
  engagementLetterBatches,
  engagementLetters,
  notifications,
  outbox,
} from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { enqueueJob } from '../platform/jobs.ts';
import { BATCH_JOB } from './engagement-batches.service.ts';
import { confirmAndSign, defaultTemplate, LETTERS, people, sendLetter, withTotp } from './engagement.fixtures.ts';

/** A season's letters at once (docs/decisions/0036, "Bulk sending"): preview, batch, progress, refusals. */
let t: TestApp;
let admin: Agent;
let preparer: Agent;
let care: Agent;
const BATCHES = `${LETTERS}/batches`;
const YEAR = 2023;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  await defaultTemplate(t, admin);
}, 120_000);
afterAll(async () => t.close());

async function clientTicket(name: string) {
  const c = await createCustomer(t, { full_name: name });
  const agent = await signIn(t, c.email);
  const ticket = await openTicket(t, agent);
  return { ...c, agent, ticket };
}

/** The batch once nothing of it is pending, read by `reader` (any staff member). */
async function finished(id: string, reader: Agent = care): Promise<LetterBatch> {
  for (let i = 0; i < 400; i++) {
    const res = await reader.get(`${BATCHES}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json() as LetterBatch;
    if (batch.state === 'done') return batch;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the batch did not finish');
}

const lettersOf = (ticketIds: string[]) =>
  t.database.db.select().from(engagementLetters).where(inArray(engagementLetters.ticket_id, ticketIds));
const skipped = (b: { skipped: { reason: string; count: number }[] }) =>
  Object.fromEntries(b.skipped.map((s) => [s.reason, s.count]));

describe('a batch for a season', () => {
  it('previews, then sends one letter per eligible ticket, skipping tickets with a letter or cancelled', async () => {
    const fresh = await Promise.all(['Ana Bulk', 'Ben Bulk', 'Cy Bulk'].map(clientTicket));
    const withLetter = await clientTicket('Dee Open');
    await sendLetter(preparer, withLetter.ticket.id);
    const cancelled = await clientTicket('Eve Cancelled');
    await forceStatus(t, cancelled.ticket.id, 'Cancelled');
    const done = await clientTicket('Flo Done');
    await forceStatus(t, done.ticket.id, 'Completed');
    const ids = [...fresh, withLetter, cancelled, done].map((c) => c.ticket.id);

    const preview = await preparer.post(`${BATCHES}/preview`, { tax_year: YEAR, ticket_ids: ids });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      total: 6,
      to_send: 3,
      skipped: [
        { reason: 'cancelled', count: 1 },
        { reason: 'ticket_done', count: 1 },
        { reason: 'open_letter', count: 1 },
      ],
    } satisfies LetterBatchPreview);
    expect(await lettersOf(fresh.map((c) => c.ticket.id))).toHaveLength(0);

    const res = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: ids, deposit_cents: 5000 });
    expect(res.statusCode, res.body).toBe(202);
    const batch = await finished((res.json() as LetterBatch).id);
    expect(batch).toMatchObject({ total: 6, pending: 0, sent: 3, failed: 0, tax_year: YEAR, deposit_cents: 5000 });
    expect(skipped(batch)).toEqual({ cancelled: 1, ticket_done: 1, open_letter: 1 });

    for (const c of fresh) {
      const letters = await lettersOf([c.ticket.id]);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ state: 'sent', deposit_cents: 5000, customer_id: c.id });
      expect(await t.database.db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(1);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, c.id), eq(notifications.kind, 'engagement')));
      expect(told).toHaveLength(1);
      // The client reads it as any letter.
      const mine = await c.agent.get(`${LETTERS}/${letters[0]!.id}`);
      expect(mine.statusCode).toBe(200);
    }
    expect(await lettersOf([cancelled.ticket.id])).toHaveLength(0);
    expect(await lettersOf([withLetter.ticket.id])).toHaveLength(1);

    // Audited once for the batch, and each letter as any letter, naming the batch.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, batch.id));
    expect(entries.map((e) => e.action)).toEqual(['engagement.batch_sent']);
    const sentEntries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'engagement.sent'));
    expect(sentEntries.filter((e) => (e.meta as { batch_id?: string }).batch_id === batch.id)).toHaveLength(3);

    // The same batch again sends nothing: every ticket has its letter now.
    const again = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: ids });
    expect(again.statusCode).toBe(202);
    const second = await finished((again.json() as LetterBatch).id);
    expect(second).toMatchObject({ total: 6, sent: 0, pending: 0 });
    expect(skipped(second)).toEqual({ cancelled: 1, ticket_done: 1, open_letter: 4 });
    for (const c of fresh) expect(await lettersOf([c.ticket.id])).toHaveLength(1);
  });

  it('skips a ticket whose client has a waiting or signed letter for the year (no ticket): preview = send', async () => {
    const tpl = await defaultTemplate(t, admin);
    const yearLetter = (customerId: string) =>
      preparer.post(LETTERS, {
        customer_id: customerId,
        tax_year: YEAR,
        template_id: tpl.id,
        services: [{ name: 'Planning', fee_cents: 5000 }],
      });
    const waiting = await clientTicket('Jo Yearly');
    expect((await yearLetter(waiting.id)).statusCode).toBe(201);
    const signer = await withTotp(t, 'Kit Yearly');
    const signerTicket = await openTicket(t, signer.agent);
    const letter = (await yearLetter(signer.id)).json() as Letter;
    expect((await confirmAndSign(signer.agent, letter.id, signer.code(), 'Kit Yearly')).statusCode).toBe(201);
    const other = await clientTicket('Lu Otheryear');
    expect(
      (
        await preparer.post(LETTERS, {
          customer_id: other.id,
          tax_year: YEAR - 1,
          template_id: tpl.id,
          services: [{ name: 'Planning', fee_cents: 5000 }],
        })
      ).statusCode,
    ).toBe(201);
    const ids = [waiting.ticket.id, signerTicket.id, other.ticket.id];

    const preview = (await preparer.post(`${BATCHES}/preview`, { tax_year: YEAR, ticket_ids: ids })).json();
    expect(preview).toEqual({
      total: 3,
      to_send: 1,
      skipped: [
        { reason: 'open_letter', count: 1 },
        { reason: 'signed_letter', count: 1 },
      ],
    } satisfies LetterBatchPreview);
    const res = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: ids });
    const batch = await finished((res.json() as LetterBatch).id);
    expect(batch).toMatchObject({ total: preview.total, sent: preview.to_send, failed: 0 });
    expect(skipped(batch)).toEqual({ open_letter: 1, signed_letter: 1 });
    expect(await lettersOf(ids)).toHaveLength(1);
  });

  it('every ticket of the year: two batches at once still give each ticket one letter', async () => {
    const people2 = await Promise.all(['Gus Season', 'Hal Season'].map(clientTicket));
    const [a, b] = await Promise.all([
      preparer.post(BATCHES, { tax_year: YEAR }),
      care.post(BATCHES, { tax_year: YEAR }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const [one, two] = await Promise.all([
      finished((a.json() as LetterBatch).id, preparer),
      finished((b.json() as LetterBatch).id, preparer),
    ]);
    const made = await t.database.db
      .select()
      .from(engagementLetterBatchItems)
      .where(inArray(engagementLetterBatchItems.batch_id, [one.id, two.id]));
    expect(made.filter((i) => i.outcome === 'sent')).toHaveLength(one.sent + two.sent);
    for (const c of people2) {
      expect(made.filter((i) => i.ticket_id === c.ticket.id && i.outcome === 'sent')).toHaveLength(1);
      const letters = await lettersOf([c.ticket.id]);
      expect(letters.filter((l) => l.state === 'sent')).toHaveLength(1);
    }
  });

  it('a ticket unknown, or of another year, is skipped as not found; duplicates count once', async () => {
    const c = await clientTicket('Ivy Named');
    const res = await preparer.post(BATCHES, {
      tax_year: 2024,
      ticket_ids: [c.ticket.id, c.ticket.id, 'no-such-ticket'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const batch = await finished((res.json() as LetterBatch).id);
    expect(batch).toMatchObject({ total: 2, sent: 0 });
    expect(skipped(batch)).toEqual({ not_found: 2 });
    const items = await t.database.db
      .select()
      .from(engagementLetterBatchItems)
      .where(eq(engagementLetterBatchItems.batch_id, batch.id));
    expect(items.map((i) => i.outcome)).toEqual(['skipped', 'skipped']);
  });
});

describe('after a crash', () => {
  it("a job's next try sends what is still queued and mails what was left mailing, nothing twice", async () => {
    const c = await clientTicket('Kit Crash');
    const first = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: [c.ticket.id] });
    const batch = await finished((first.json() as LetterBatch).id);
    expect(batch.sent).toBe(1);
    // As if the process died after the letter's transaction, before its mail: mailing, no mail in the outbox.
    const db = t.database.db;
    await db
      .update(engagementLetterBatchItems)
      .set({ outcome: 'mailing' })
      .where(eq(engagementLetterBatchItems.batch_id, batch.id));
    await db.delete(outbox).where(eq(outbox.to, c.email));
    await db.update(engagementLetterBatches).set({ finished_at: null }).where(eq(engagementLetterBatches.id, batch.id));
    await enqueueJob(db, BATCH_JOB, { batch_id: batch.id, ticket_ids: [c.ticket.id] });
    // A new batch wakes the runner, which takes every due job.
    const other = await clientTicket('Lou Later');
    const next = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: [other.ticket.id] });
    await finished((next.json() as LetterBatch).id);
    const resumed = await finished(batch.id);
    expect(resumed).toMatchObject({ sent: 1, pending: 0 });
    expect(await lettersOf([c.ticket.id])).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(1);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, c.id), eq(notifications.kind, 'engagement')));
    expect(told).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('customers get 403 on every batch route', async () => {
    const c = await clientTicket('Jo Customer');
    expect((await c.agent.post(`${BATCHES}/preview`, { tax_year: YEAR })).statusCode).toBe(403);
    expect((await c.agent.post(BATCHES, { tax_year: YEAR })).statusCode).toBe(403);
    expect((await c.agent.get(`${BATCHES}/whatever`)).statusCode).toBe(403);
  });

  it.each([
    ['$&$1', 422],
    ['\u202Eevil\u202C', 422],
    ['../../etc/passwd', 422],
    ['nope', 422],
  ])('an unknown or hostile template id %j is %i, naming the field', async (template_id, status) => {
    const res = await preparer.post(BATCHES, { tax_year: YEAR, template_id });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toContain('evil\u202C');
  });

  it('an unknown service type is 422; an unknown or hostile batch id 404', async () => {
    const res = await preparer.post(`${BATCHES}/preview`, { tax_year: YEAR, service_type_id: "x'; drop table" });
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json())).toContain('service_type_id');
    expect((await preparer.get(`${BATCHES}/no-such-batch`)).statusCode).toBe(404);
    expect([404, 422]).toContain((await preparer.get(`${BATCHES}/${encodeURIComponent('$&😀')}`)).statusCode);
  });

  it(`more than ${LETTER_BATCH_MAX_TICKETS} tickets is 422`, async () => {
    const ids = Array.from({ length: LETTER_BATCH_MAX_TICKETS + 1 }, (_, i) => `t-${i}`);
    const res = await preparer.post(BATCHES, { tax_year: YEAR, ticket_ids: ids });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('ticket_ids');
  });
});
