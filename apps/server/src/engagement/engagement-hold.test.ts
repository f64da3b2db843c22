import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES as M, type EngagementSettings, type Letter, type TicketDetail } from '@taxportal/contract';
import { auditLog, ticketStatusChanges, tickets } from '../platform/db/schema.ts';
import { createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';
import {
  clientWithLetter,
  confirmAndSign,
  defaultTemplate,
  LETTERS,
  people,
  sendLetter,
  withTotp,
} from './engagement.fixtures.ts';

/**
 * The hold at Open (issue 33 item 2, docs/decisions/0036): with the firm's setting on, a ticket leaves Open (but to
 * Cancelled) only once its engagement letter is signed, whoever or whatever moves it; off, nothing changes.
 */
const SETTINGS = '/api/v1/admin/engagement-settings';
const HELD = 'This ticket stays Open until its engagement letter is signed (firm setting).';
const HELD_NO_LETTER = `${HELD} Send the client a letter for it first.`;

let t: TestApp;
let admin: Agent;
let preparer: Agent;
let care: Agent;

const setHold = async (on: boolean) => {
  const res = await admin.put(SETTINGS, { expiry_days: 30, hold_at_open_until_signed: on });
  expect(res.statusCode, res.body).toBe(200);
};
const move = (agent: Agent, id: string, status: string, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: `/api/v1/tickets/${id}/status`, headers, payload: { status } });
const statusOf = async (id: string) =>
  (await t.database.db.select({ s: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]!.s;
const detail = async (agent: Agent, id: string) => (await agent.get(`/api/v1/tickets/${id}`)).json() as TicketDetail;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
}, 120_000);
afterAll(async () => t.close());

describe('the setting', () => {
  it('is off by default, read by staff, changed by Admin only (403 for staff), audited; left out it is kept', async () => {
    expect((await preparer.get(SETTINGS)).json()).toEqual({ expiry_days: 30, hold_at_open_until_signed: false });
    const refused = await preparer.put(SETTINGS, { expiry_days: 30, hold_at_open_until_signed: true });
    expect(refused.statusCode).toBe(403);
    expect((await care.put(SETTINGS, { expiry_days: 30, hold_at_open_until_signed: true })).statusCode).toBe(403);
    expect((await admin.put(SETTINGS, { expiry_days: 30, hold_at_open_until_signed: 'yes' })).statusCode).toBe(422);
    await setHold(true);
    // A client that knows only the days keeps the hold as it was.
    expect((await admin.put(SETTINGS, { expiry_days: 20 })).json()).toEqual<EngagementSettings>({
      expiry_days: 20,
      hold_at_open_until_signed: true,
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'engagement.settings_updated'));
    expect(entries.map((e) => e.meta)).toEqual(
      expect.arrayContaining([expect.objectContaining({ hold_at_open_until_signed: true, hold_before: false })]),
    );
    await setHold(false);
  });
});

describe('off', () => {
  it('moves a ticket out of Open as before, letter or none, and shows no hold', async () => {
    await setHold(false);
    const client = await withTotp(t, 'Otto Off');
    const ticket = await openTicket(t, client.agent);
    expect((await detail(preparer, ticket.id)).hold).toBeNull();
    const res = await move(preparer, ticket.id, 'Tax Preparation');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('on', () => {
  beforeAll(async () => setHold(true));
  afterAll(async () => setHold(false));

  it('holds a ticket with no letter: 409 with the reason (Spanish too), even for Admin; staff see why', async () => {
    const client = await withTotp(t, 'Nora Noletter');
    const ticket = await openTicket(t, client.agent);
    const res = await move(preparer, ticket.id, 'Tax Preparation');
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 409, detail: HELD_NO_LETTER });
    const es = await move(preparer, ticket.id, 'Required More Information', { 'accept-language': 'es' });
    expect(es.statusCode).toBe(409);
    expect(es.json().detail).toMatch(/^Este caso permanece Abierto hasta que se firme su carta de compromiso/);
    expect((await move(admin, ticket.id, 'Completed')).statusCode).toBe(409);
    expect(await statusOf(ticket.id)).toBe('Open');
    const held = await detail(preparer, ticket.id);
    expect(held.hold).toEqual({ reason: 'letter_missing', allows: ['Cancelled'] });
    // Nor does it move by itself while held: the page promises no such move.
    expect(held.system_moves).toEqual([]);
    // The customer reads no hold, and still may not move their ticket on (403, as ever).
    expect((await detail(client.agent, ticket.id)).hold).toBeNull();
    expect((await move(client.agent, ticket.id, 'Tax Preparation')).statusCode).toBe(403);
  });

  it('holds while the letter waits, and after it is voided or declined; releases once it is signed', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Hana Held');
    const waiting = await move(preparer, ticket.id, 'Tax Preparation');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toBe(HELD);
    expect((await detail(preparer, ticket.id)).hold?.reason).toBe('letter_unsigned');

    // A voided letter releases nothing; nor does a declined one.
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(200);
    // The reason says the letter came to nothing (not "send one first", as if none had been sent).
    expect((await move(preparer, ticket.id, 'Tax Preparation')).json().detail).toBe(M.heldLetterEnded);
    expect((await detail(preparer, ticket.id)).hold?.reason).toBe('letter_ended');
    const second = await sendLetter(preparer, ticket.id);
    expect((await client.agent.post(`${LETTERS}/${second.id}/decline`, { reason: 'Too dear' })).statusCode).toBe(200);
    const declined = await move(preparer, ticket.id, 'Tax Preparation');
    expect(declined.statusCode).toBe(409);
    expect(declined.json().detail).toBe(M.heldLetterEnded);

    const third = await sendLetter(preparer, ticket.id);
    const signed = await confirmAndSign(client.agent, third.id, client.code(), client.full_name);
    expect(signed.statusCode, signed.body).toBe(201);
    expect((signed.json() as Letter).state).toBe('signed');
    expect((await detail(preparer, ticket.id)).hold).toBeNull();
    const res = await move(preparer, ticket.id, 'Tax Preparation');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(ticket.id)).toBe('Tax Preparation');
  });

  it('is released by the client’s signed letter for the ticket’s year sent without a ticket', async () => {
    const template = await defaultTemplate(t, admin);
    const client = await withTotp(t, 'Yara Year');
    const ticket = await openTicket(t, client.agent);
    const made = await preparer.post(LETTERS, {
      customer_id: client.id,
      tax_year: 2023,
      template_id: template.id,
      services: [{ name: 'Individual return', fee_cents: 30_000 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await move(preparer, ticket.id, 'Tax Preparation')).json().detail).toBe(HELD);
    const signed = await confirmAndSign(client.agent, (made.json() as Letter).id, client.code(), client.full_name);
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await move(preparer, ticket.id, 'Tax Preparation')).statusCode).toBe(200);
  });

  it('lets a held ticket be cancelled (by its customer too) and brought back to Open; other moves are untouched', async () => {
    const client = await withTotp(t, 'Cary Cancel');
    const ticket = await openTicket(t, client.agent);
    expect((await move(client.agent, ticket.id, 'Cancelled')).statusCode).toBe(200);
    expect((await move(care, ticket.id, 'Open')).statusCode).toBe(200);
    expect(await statusOf(ticket.id)).toBe('Open');
    // A ticket already past Open (moved before the setting was on) moves as the table says.
    await forceStatus(t, ticket.id, 'Tax Preparation');
    expect((await detail(preparer, ticket.id)).hold).toBeNull();
    expect((await move(preparer, ticket.id, 'Required More Information')).statusCode).toBe(200);
  });

  it('holds an automatic move too: a draft uploaded on a held ticket is kept, the ticket stays Open', async () => {
    const client = await withTotp(t, 'Drew Draft');
    const ticket = await openTicket(t, client.agent);
    const res = await preparer.request({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/drafts`,
      ...multipart({}, [{ name: 'draft.pdf', data: pdf('HELD-DRAFT') }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await statusOf(ticket.id)).toBe('Open');
    const moves = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(and(eq(ticketStatusChanges.ticket_id, ticket.id), eq(ticketStatusChanges.to_status, 'Draft Ready')));
    expect(moves).toHaveLength(0);
  });
});
