import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES as M, type DocumentList, type Letter } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { engagementLetters } from '../platform/db/schema.ts';
import { createTestApp, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
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
 * One live letter per ticket, a locked signer's way out, signed letters kept (docs/decisions/0036; an outside
 * tester's findings on issue 33).
 */
let t: TestApp;
let admin: Agent;
let preparer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
}, 120_000);
afterAll(async () => t.close());

const ES = { headers: { 'accept-language': 'es' } };

describe('a signer locked out by wrong codes', () => {
  it('is told to ask for the letter again, both see the lock, and a voided letter sent again is signed', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Lola Locked');
    for (let i = 0; i < 5; i++)
      expect(
        (await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: '000000' })).statusCode,
      ).toBe(422);
    const right = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: client.code() });
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toBe(M.locked);
    const es = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: '1' }, ES);
    expect(es.json().detail).toBe(
      'Demasiados códigos incorrectos. Pida a su preparador de impuestos que le envíe la carta de nuevo.',
    );
    const mine = (await client.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(mine.signers[0]!.locked).toBe(true);
    expect(mine.signs_as).toBeNull();
    const staffView = (await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(staffView.signers[0]!.locked).toBe(true);
    // The way out: staff void it and send a new one, which the client signs (here with a recovery code).
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(200);
    const again = await sendLetter(preparer, ticket.id);
    expect(again.signers[0]!.locked).toBe(false);
    const confirmed = await client.agent.post(`${LETTERS}/${again.id}/confirm`, {
      factor: 'recovery_code',
      code: client.recoveryCodes[0],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { confirmation } = confirmed.json() as { confirmation: string };
    const signed = await client.agent.post(`${LETTERS}/${again.id}/sign`, {
      confirmation,
      signer_name: 'Lola Locked',
      method: 'typed',
      typed_signature: 'Lola Locked',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect((signed.json() as Letter).signers[0]!.factor).toBe('recovery_code');
  });
});

describe('one live letter per ticket', () => {
  it('refuses a second open or signed letter (409), made or sent from a draft; a lapsed one gives way', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Otto Once');
    const second = await preparer.post(LETTERS, { ticket_id: ticket.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(M.openLetterExists);
    expect((await preparer.post(LETTERS, { ticket_id: ticket.id, send: false })).statusCode).toBe(409);
    expect((await preparer.post(LETTERS, { ticket_id: ticket.id }, ES)).json().detail).toBe(
      'Este caso ya tiene una carta de compromiso pendiente de firma. Anúlela primero para enviar una nueva.',
    );
    // Past its expiry (the scan not run yet): expired now, and a new letter goes.
    await t.database.db
      .update(engagementLetters)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(engagementLetters.id, letter.id));
    const fresh = await sendLetter(preparer, ticket.id);
    const [old] = await t.database.db.select().from(engagementLetters).where(eq(engagementLetters.id, letter.id));
    expect(old!.state).toBe('expired');
    expect((await confirmAndSign(client.agent, fresh.id, client.code(), 'Otto Once')).statusCode).toBe(201);
    const afterSigned = await preparer.post(LETTERS, { ticket_id: ticket.id });
    expect(afterSigned.statusCode).toBe(409);
    expect(afterSigned.json().detail).toBe(M.signedLetterExists);
  });

  it('refuses sending a draft while another letter is open, and two letters made at once make one', async () => {
    await defaultTemplate(t, admin);
    const client = await withTotp(t, 'Dora Draft');
    const ticket = await openTicket(t, client.agent);
    const draft = await preparer.post(LETTERS, { ticket_id: ticket.id, send: false });
    expect(draft.statusCode).toBe(201);
    await sendLetter(preparer, ticket.id);
    const sent = await preparer.post(`${LETTERS}/${(draft.json() as Letter).id}/send`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().detail).toBe(M.openLetterExists);

    const other = await openTicket(t, client.agent);
    const both = await Promise.all([
      preparer.post(LETTERS, { ticket_id: other.id }),
      preparer.post(LETTERS, { ticket_id: other.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('keeps one open letter per ticket in the database too', async () => {
    const { letter } = await clientWithLetter(t, preparer, admin, 'Ida Index');
    const [row] = await t.database.db.select().from(engagementLetters).where(eq(engagementLetters.id, letter.id));
    await expect(
      t.database.db.insert(engagementLetters).values({ ...row!, id: randomUUID(), state: 'viewed' }),
    ).rejects.toThrow();
  });

  it('keeps one live client’s-year letter (no ticket) per client and year, as per ticket (issue 33)', async () => {
    const tpl = await defaultTemplate(t, admin);
    const client = await withTotp(t, 'Yves Year');
    const year = {
      customer_id: client.id,
      tax_year: 2023,
      template_id: tpl.id,
      services: [{ name: 'Planning', fee_cents: 5000 }],
    };
    const first = await preparer.post(LETTERS, year);
    expect(first.statusCode, first.body).toBe(201);
    const second = await preparer.post(LETTERS, year);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(M.openYearLetterExists);
    const es = await preparer.request({ method: 'POST', url: LETTERS, payload: year, ...ES });
    expect(es.json().detail).toContain('Este cliente ya tiene una carta de compromiso para este año fiscal');
    // Another year is not this rule's (a ticket's letter of the same year is: the next test).
    expect((await preparer.post(LETTERS, { ...year, tax_year: 2022 })).statusCode).toBe(201);
    // A draft made meanwhile cannot be sent beside the open one; two at once make one.
    const draft = (await preparer.post(LETTERS, { ...year, tax_year: 2021, send: false })).json() as Letter;
    expect((await preparer.post(LETTERS, { ...year, tax_year: 2021 })).statusCode).toBe(201);
    const sent = await preparer.post(`${LETTERS}/${draft.id}/send`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().detail).toBe(M.openYearLetterExists);
    const both = await Promise.all([
      preparer.post(LETTERS, { ...year, tax_year: 2020 }),
      preparer.post(LETTERS, { ...year, tax_year: 2020 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Signed: none other for that year, even after voiding nothing.
    const open = first.json() as Letter;
    expect((await confirmAndSign(client.agent, open.id, client.code(), 'Yves Year')).statusCode).toBe(201);
    const afterSigned = await preparer.post(LETTERS, year);
    expect(afterSigned.statusCode).toBe(409);
    expect(afterSigned.json().detail).toBe(M.signedYearLetterExists);
    // The database's last word too.
    const [row] = await t.database.db
      .select()
      .from(engagementLetters)
      .where(eq(engagementLetters.id, (both.find((r) => r.statusCode === 201)!.json() as Letter).id));
    await expect(
      t.database.db.insert(engagementLetters).values({ ...row!, id: randomUUID(), state: 'viewed' }),
    ).rejects.toThrow();
  });

  it('keeps one waiting letter per client and year across kinds: a ticket’s and a year’s (testers, round 3)', async () => {
    const tpl = await defaultTemplate(t, admin);
    const client = await withTotp(t, 'Tess Twokinds');
    const ticket = await openTicket(t, client.agent);
    const ticketYear = Number((ticket as { year?: number }).year);
    const yearLetter = (year: number) => ({
      customer_id: client.id,
      tax_year: year,
      template_id: tpl.id,
      services: [{ name: 'Planning', fee_cents: 5000 }],
    });
    // A ticket's letter waits: the client's letter for that year is refused, English and Spanish.
    const open = await sendLetter(preparer, ticket.id);
    const refused = await preparer.post(LETTERS, yearLetter(ticketYear));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(M.openYearLetterExists);
    const es = await preparer.request({ method: 'POST', url: LETTERS, payload: yearLetter(ticketYear), ...ES });
    expect(es.json().detail).toContain('Este cliente ya tiene una carta de compromiso para este año fiscal');
    // Another year is free; voided, the ticket's letter gives way to the year's.
    expect((await preparer.post(LETTERS, yearLetter(ticketYear - 1))).statusCode).toBe(201);
    expect((await preparer.post(`${LETTERS}/${open.id}/void`)).statusCode).toBe(200);
    const year = await preparer.post(LETTERS, yearLetter(ticketYear));
    expect(year.statusCode, year.body).toBe(201);
    // Now the year's letter waits: a letter for the ticket of that year is refused.
    const ticketRefused = await preparer.post(LETTERS, { ticket_id: ticket.id });
    expect(ticketRefused.statusCode).toBe(409);
    expect(ticketRefused.json().detail).toBe(M.openYearLetterExists);
  });

  it('refuses a letter for a cancelled or done ticket (409, its status named)', async () => {
    await defaultTemplate(t, admin);
    const client = await withTotp(t, 'Cal Cancelled');
    const ticket = await openTicket(t, client.agent);
    await forceStatus(t, ticket.id, 'Cancelled');
    const res = await preparer.post(LETTERS, { ticket_id: ticket.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This ticket is Cancelled: engagement letters are not sent for it.');
    await forceStatus(t, ticket.id, 'Completed');
    expect((await preparer.post(LETTERS, { ticket_id: ticket.id, send: false })).statusCode).toBe(409);
  });
});

describe('a signed letter’s PDF', () => {
  it('is a signed record: kept (409, in English and Spanish) and never offered for deleting', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Kim Kept');
    const signed = (await confirmAndSign(client.agent, letter.id, client.code(), 'Kim Kept')).json() as Letter;
    const docId = signed.signed_document_id!;
    const res = await preparer.delete(`/api/v1/documents/${docId}`);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe(TICKET_TEXTS.documents.signedRecordKept);
    const es = await preparer.request({ method: 'DELETE', url: `/api/v1/documents/${docId}`, ...ES });
    expect(es.json().detail).toBe(
      'Este documento es un registro firmado (un Formulario 8879 o una carta de compromiso firmados) y se conserva.',
    );
    const list = (await preparer.get(`/api/v1/documents?ticket_id=${ticket.id}`)).json() as DocumentList;
    const doc = list.items.find((d) => d.id === docId);
    expect(doc?.can_delete).toBe(false);
    expect((await preparer.get(`/api/v1/documents/${docId}/file`)).statusCode).toBe(200);
  });
});
