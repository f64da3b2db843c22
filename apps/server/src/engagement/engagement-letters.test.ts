import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngagementTemplate, Letter, LetterSummary, Notification } from '@taxportal/contract';
import { auditLog, engagementLetters, users } from '../platform/db/schema.ts';
import { createCustomer, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket, pickService } from '../test/ticket-fixtures.ts';
import { clientWithLetter, defaultTemplate, LETTERS, people, sendLetter, TEMPLATES } from './engagement.fixtures.ts';

/** Letters' life but signing (docs/decisions/0036): send, view, decline, void, drafts, who sees what. */
let t: TestApp;
let admin: Agent;
let preparer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
}, 120_000);
afterAll(async () => t.close());

const actions = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, id))).map((e) => e.action);

describe('sending', () => {
  it('renders the default template for the ticket’s service with the catalogue’s fee, and tells the client', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Dana Sender');
    const s = await pickService(t);
    expect(letter).toMatchObject({
      state: 'sent',
      ticket_id: ticket.id,
      tax_year: s.year,
      joint: false,
      deposit_cents: null,
    });
    expect(letter.services).toEqual([{ name: s.service_name, fee_cents: expect.any(Number) }]);
    expect(letter.body_html).toContain('Dear Dana Sender,');
    expect(letter.body_html).toContain('<table class="letter-services">');
    expect(letter.sha256).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(letter.expires_at!).getTime() - new Date(letter.sent_at!).getTime()) / 86_400_000;
    expect(days).toBe(30);
    const notes = (await client.agent.get('/api/v1/notifications')).json() as { items: Notification[] };
    expect(notes.items.some((n) => n.kind === 'engagement')).toBe(true);
    expect(await actions(letter.id)).toEqual(['engagement.sent']);
  });

  it('prefills services from the catalogue and takes edited services, fees and a deposit', async () => {
    await defaultTemplate(t, admin);
    const c = await createCustomer(t, { full_name: 'Pat Prefill' });
    const ticket = await openTicket(t, await signIn(t, c.email));
    const pre = await preparer.get(`${LETTERS}/prefill?ticket_id=${ticket.id}`);
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json()).toMatchObject({ joint: false, services: [{ name: expect.any(String) }] });
    const letter = await sendLetter(preparer, ticket.id, {
      services: [
        { name: 'Return', fee_cents: 40_000 },
        { name: 'State return', fee_cents: 12_550 },
      ],
      deposit_cents: 10_000,
    });
    expect(letter).toMatchObject({ total_cents: 52_550, deposit_cents: 10_000, deposit_invoice_id: null });
    expect(letter.body_html).toContain('$525.50');
    expect(letter.body_html).toContain('Deposit: $100.00');
  });

  it('sends a letter for a client’s year (no ticket), and refuses what names nobody', async () => {
    const tpl = await defaultTemplate(t, admin);
    const c = await createCustomer(t, { full_name: 'Yara Year' });
    const year = { customer_id: c.id, tax_year: 2024, services: [{ name: 'Planning', fee_cents: 5000 }] };
    // No ticket, so no service type: without a default for any type, a template must be named (409).
    expect((await preparer.post(LETTERS, year)).statusCode).toBe(409);
    const res = await preparer.post(LETTERS, { ...year, template_id: tpl.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ticket_id: null, tax_year: 2024, state: 'sent' });
    expect((await preparer.post(LETTERS, { tax_year: 2024 })).statusCode).toBe(422);
    expect((await preparer.post(LETTERS, { ...year, customer_id: 'nobody' })).statusCode).toBe(422);
    // (Another year: this one has its letter waiting now, engagement-live-letter.test.ts.)
    expect((await preparer.post(LETTERS, { ...year, tax_year: 2025, template_id: 'nope' })).statusCode).toBe(422);
    expect((await preparer.post(LETTERS, { ticket_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('merges hostile client names literally and escaped ($ patterns, markup, bidi and control characters)', async () => {
    await defaultTemplate(t, admin);
    const c = await createCustomer(t, { full_name: 'Plain' });
    // A name as an older import might have stored it: the merge must not trust the text rule alone.
    await t.database.db.update(users).set({ full_name: "$& $1 $$ $' <b>x</b>\u202E\u0007" }).where(eq(users.id, c.id));
    const ticket = await openTicket(t, await signIn(t, c.email));
    const letter = await sendLetter(preparer, ticket.id);
    expect(letter.body_html).toContain('Dear $&amp; $1 $$ $&#39; &lt;b&gt;x&lt;/b&gt;,');
  });

  it('keeps the text it was sent with when the template changes later (and the version it came from)', async () => {
    const tpl = await defaultTemplate(t, admin);
    const { letter } = await clientWithLetter(t, preparer, admin, 'Vera Version');
    const put = await admin.put(`${TEMPLATES}/${tpl.id}`, {
      name: tpl.name,
      service_type_id: tpl.service_type_id,
      is_default: true,
      body: '<p>Changed for {{client_name}}</p>{{services}}',
    });
    const changed = put.json() as EngagementTemplate;
    expect(changed.version).toBeGreaterThan(letter.template_version!);
    const again = (await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(again.body_html).toBe(letter.body_html);
    expect(again.sha256).toBe(letter.sha256);
    expect(again.template_version).toBe(letter.template_version);
    // Put the default back as the other tests expect it.
    await admin.put(`${TEMPLATES}/${tpl.id}`, {
      name: tpl.name,
      service_type_id: tpl.service_type_id,
      is_default: true,
      body: tpl.body,
    });
  });

  it('refuses customers (403)', async () => {
    const { client, ticket } = await clientWithLetter(t, preparer, admin, 'Cal Customer');
    expect((await client.agent.post(LETTERS, { ticket_id: ticket.id })).statusCode).toBe(403);
    expect((await client.agent.get(`${LETTERS}/prefill?ticket_id=${ticket.id}`)).statusCode).toBe(403);
  });
});

describe('viewing, declining, voiding', () => {
  it('marks the client’s first open viewed (once, audited); staff opening changes nothing', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Vic Viewer');
    expect(((await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter).state).toBe('sent');
    const first = (await client.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(first.state).toBe('viewed');
    expect(first.signs_as).toBe('taxpayer');
    expect(first.factors?.available).toContain('totp');
    const second = (await client.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(second.viewed_at).toBe(first.viewed_at);
    expect((await actions(letter.id)).sort()).toEqual(['engagement.sent', 'engagement.viewed']);
  });

  it('another customer gets 404 for every route of the letter', async () => {
    const { letter } = await clientWithLetter(t, preparer, admin, 'Owner One');
    const other = await signIn(t, (await createCustomer(t)).email);
    expect((await other.get(`${LETTERS}/${letter.id}`)).statusCode).toBe(404);
    expect((await other.post(`${LETTERS}/${letter.id}/decline`, { reason: 'x' })).statusCode).toBe(404);
    expect((await other.post(`${LETTERS}/${letter.id}/decline`, { reason: '' })).statusCode).toBe(404);
    expect((await other.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: '123456' })).statusCode).toBe(
      404,
    );
    expect((await other.post(`${LETTERS}/${letter.id}/sign`, {})).statusCode).toBe(404);
    const mine = (await other.get(LETTERS)).json() as { items: LetterSummary[] };
    expect(mine.items).toEqual([]);
  });

  it('declines with a reason (staff told, audited); then it cannot be signed, declined or voided (409)', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Dee Decliner');
    expect((await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: '' })).statusCode).toBe(422);
    expect((await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'a\u0000b' })).statusCode).toBe(422);
    expect((await preparer.post(`${LETTERS}/${letter.id}/decline`, { reason: 'x' })).statusCode).toBe(403);
    const res = await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'Fee too high: $& $1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'declined', decline_reason: 'Fee too high: $& $1' });
    expect((await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'again' })).statusCode).toBe(409);
    expect(
      (await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: client.code() })).statusCode,
    ).toBe(409);
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(409);
    const staffNotes = (await preparer.get('/api/v1/notifications')).json() as { items: Notification[] };
    expect(staffNotes.items.some((n) => n.title.includes('Dee Decliner declined'))).toBe(true);
    expect(await actions(letter.id)).toContain('engagement.declined');
  });

  it('voids (staff only, audited); a voided letter cannot be signed (409)', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Val Void');
    expect((await client.agent.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(403);
    const res = await preparer.post(`${LETTERS}/${letter.id}/void`);
    expect(res.json()).toMatchObject({ state: 'voided' });
    expect(
      (await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: client.code() })).statusCode,
    ).toBe(409);
    expect((await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'x' })).statusCode).toBe(409);
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(409);
    expect(await actions(letter.id)).toContain('engagement.voided');
  });

  it('keeps drafts from the client until sent; only a draft can be sent', async () => {
    await defaultTemplate(t, admin);
    const c = await createCustomer(t, { full_name: 'Drew Draft' });
    const agent = await signIn(t, c.email);
    const ticket = await openTicket(t, agent);
    const draft = await sendLetter(preparer, ticket.id, { send: false });
    expect(draft).toMatchObject({ state: 'draft', sent_at: null, expires_at: null });
    expect((await agent.get(`${LETTERS}/${draft.id}`)).statusCode).toBe(404);
    expect(((await agent.get(LETTERS)).json() as { items: unknown[] }).items).toEqual([]);
    const sent = await preparer.post(`${LETTERS}/${draft.id}/send`);
    expect(sent.json()).toMatchObject({ state: 'sent' });
    expect((await preparer.post(`${LETTERS}/${draft.id}/send`)).statusCode).toBe(409);
    expect((await agent.get(`${LETTERS}/${draft.id}`)).statusCode).toBe(200);
  });

  it('reads an open letter past its expiry as expired, and refuses signing it (409)', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Ezra Expired');
    await t.database.db
      .update(engagementLetters)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(engagementLetters.id, letter.id));
    expect(((await client.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter).state).toBe('expired');
    expect(
      (await client.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: client.code() })).statusCode,
    ).toBe(409);
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(409);
  });

  it('lists: staff’s unsigned letters; a client their own', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Lee Lister');
    const unsigned = (await preparer.get(`${LETTERS}?scope=unsigned`)).json() as { items: LetterSummary[] };
    expect(unsigned.items.some((l) => l.id === letter.id)).toBe(true);
    expect(unsigned.items.every((l) => l.state === 'sent' || l.state === 'viewed')).toBe(true);
    const own = (await client.agent.get(LETTERS)).json() as { items: LetterSummary[] };
    expect(own.items.map((l) => l.id)).toEqual([letter.id]);
  });
});
