import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MESSAGES, type Household, type TicketDetail } from '@taxportal/contract';
import { documentTypes, notifications } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';

/**
 * What a household shares (docs/decisions/0032): a joint return, its documents, conversation, requests and invoice
 * are both spouses'; each one's separate returns and vault stay their own (404, as a stranger's); another household
 * sees nothing of either. One home decides (tickets' filesTicket): these walk the features that ask it.
 */
let t: TestApp;
let staff: Agent;
let typeId: string;

interface Person {
  id: string;
  email: string;
  full_name: string;
  agent: Agent;
}
let taxpayer: Person;
let spouse: Person;
let other: Person;
let joint: TicketDetail;
let separate: TicketDetail;
let spouseOwn: TicketDetail;

async function customer(name: string): Promise<Person> {
  const c = await createCustomer(t, { full_name: name });
  return { ...c, agent: await signIn(t, c.email) };
}
async function makeHousehold(a: Person, b: Person) {
  const sent = (
    await a.agent.post('/api/v1/household/invitations', { full_name: b.full_name, email: b.email })
  ).json() as Household;
  const res = await b.agent.post(`/api/v1/household/invitations/${sent.sent[0]!.id}/accept`);
  expect(res.statusCode, res.body).toBe(200);
}
async function upload(agent: Agent, fields: Record<string, string>) {
  const form = multipart({ document_type: typeId, ...fields }, [{ name: 'w2.pdf', data: pdf() }]);
  const res = await agent.request({ method: 'POST', url: '/api/v1/documents', ...form });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { items: { id: string }[] }).items[0]!.id;
}
async function issuedInvoice(ticketId: string) {
  await forceStatus(t, ticketId, 'Ready For Invoice');
  const res = await staff.post('/api/v1/invoices', { ticket_id: ticketId, issue: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  staff = await signIn(t, (await createStaff(t, 'Admin')).email);
  [{ id: typeId }] = (await t.database.db.select({ id: documentTypes.id }).from(documentTypes).limit(1)) as [
    { id: string },
  ];
  taxpayer = await customer('Terry Taxpayer');
  spouse = await customer('Sasha Spouse');
  other = await customer('Otto Other');
  await makeHousehold(taxpayer, spouse);
  await makeHousehold(other, await customer('Olga Other'));
  joint = (await openTicket(t, taxpayer.agent, { joint: true })) as unknown as TicketDetail;
  separate = (await openTicket(t, taxpayer.agent)) as unknown as TicketDetail;
  spouseOwn = (await openTicket(t, spouse.agent)) as unknown as TicketDetail;
});
afterAll(async () => t.close());

describe('a joint return is both spouses’', () => {
  it('is opened joint with the household’s spouse, and listed for both', async () => {
    expect(joint.spouse).toEqual({ id: spouse.id, full_name: 'Sasha Spouse' });
    expect(separate.spouse).toBeNull();
    const got = await spouse.agent.get(`/api/v1/tickets/${joint.name}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().customer.id).toBe(taxpayer.id);
    expect(ids((await spouse.agent.get('/api/v1/tickets')).json()).sort()).toEqual([joint.id, spouseOwn.id].sort());
    expect(ids((await taxpayer.agent.get('/api/v1/tickets')).json()).sort()).toEqual([joint.id, separate.id].sort());
    const dash = (await spouse.agent.get('/api/v1/dashboard')).json();
    expect(JSON.stringify(dash)).toContain(joint.name);
    expect(JSON.stringify(dash)).not.toContain(separate.name);
  });

  it('shares its conversation both ways, and both hear the firm', async () => {
    const posted = await spouse.agent.post(`/api/v1/tickets/${joint.id}/messages`, { body: 'From the spouse' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await staff.post(`/api/v1/tickets/${joint.id}/messages`, { body: 'Hello both' })).statusCode).toBe(201);
    const seen = (await taxpayer.agent.get(`/api/v1/tickets/${joint.id}/messages`)).json();
    expect(seen.items.map((m: { body: string }) => m.body)).toEqual(['From the spouse', 'Hello both']);
    for (const p of [taxpayer, spouse]) {
      const bell = await t.database.db.select().from(notifications).where(eq(notifications.user_id, p.id));
      expect(bell.some((n) => n.ticket_id === joint.id && n.kind === 'message')).toBe(true);
    }
  });

  it('shares the documents attached to it, not the vault beside it', async () => {
    const onJoint = await upload(taxpayer.agent, { ticket_id: joint.id });
    const bySpouse = await upload(spouse.agent, { ticket_id: joint.id });
    const vaultOnly = await upload(taxpayer.agent, {});
    const onSeparate = await upload(taxpayer.agent, { ticket_id: separate.id });
    const spouseVault = await upload(spouse.agent, {});
    expect((await spouse.agent.get(`/api/v1/documents/${onJoint}/file`)).statusCode).toBe(200);
    expect((await taxpayer.agent.get(`/api/v1/documents/${bySpouse}/file`)).statusCode).toBe(200);
    for (const id of [vaultOnly, onSeparate])
      expect((await spouse.agent.get(`/api/v1/documents/${id}/file`)).statusCode).toBe(404);
    expect((await taxpayer.agent.get(`/api/v1/documents/${spouseVault}/file`)).statusCode).toBe(404);
    const listed = ids((await spouse.agent.get('/api/v1/documents')).json());
    expect(listed.sort()).toEqual([onJoint, bySpouse, spouseVault].sort());
    expect(ids((await spouse.agent.get(`/api/v1/documents?ticket_id=${joint.id}`)).json()).sort()).toEqual(
      [onJoint, bySpouse].sort(),
    );
    expect((await spouse.agent.get(`/api/v1/documents?ticket_id=${separate.id}`)).statusCode).toBe(404);
    for (const id of [onJoint, vaultOnly])
      expect((await other.agent.get(`/api/v1/documents/${id}/file`)).statusCode).toBe(404);
  });

  it('keeps the spouse’s own uploads theirs: made separate, the return keeps them and so does the spouse', async () => {
    const ticket = (await openTicket(t, taxpayer.agent, { joint: true })) as unknown as TicketDetail;
    const made = await staff.post(`/api/v1/tickets/${ticket.id}/document-requests`, { custom: ['Brokerage 1099'] });
    const requestId = made.json().items[0].id as string;
    const onTicket = await upload(spouse.agent, { ticket_id: ticket.id });
    const fromRequest = await upload(spouse.agent, { request_id: requestId });
    expect((await taxpayer.agent.get(`/api/v1/tickets/${ticket.id}/document-requests`)).json().items[0].status).toBe(
      'fulfilled',
    );
    const switched = await taxpayer.agent.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: false });
    expect(switched.statusCode, switched.body).toBe(200);
    // The spouse keeps their files (in their vault), the ticket keeps them (its taxpayer and staff read them).
    for (const id of [onTicket, fromRequest]) {
      expect((await spouse.agent.get(`/api/v1/documents/${id}/file`)).statusCode).toBe(200);
      expect((await taxpayer.agent.get(`/api/v1/documents/${id}/file`)).statusCode).toBe(200);
    }
    expect(ids((await spouse.agent.get('/api/v1/documents')).json())).toEqual(
      expect.arrayContaining([onTicket, fromRequest]),
    );
    expect(ids((await taxpayer.agent.get(`/api/v1/documents?ticket_id=${ticket.id}`)).json()).sort()).toEqual(
      [onTicket, fromRequest].sort(),
    );
    // The ticket is no longer the spouse's: its page and list stay closed to them, and the files stay on it.
    expect((await spouse.agent.get(`/api/v1/documents?ticket_id=${ticket.id}`)).statusCode).toBe(404);
    const mine = (await spouse.agent.get('/api/v1/documents')).json().items as { id: string; can_delete: boolean }[];
    expect(mine.find((d) => d.id === onTicket)!.can_delete).toBe(false);
    expect((await spouse.agent.delete(`/api/v1/documents/${onTicket}`)).statusCode).toBe(403);
    expect((await taxpayer.agent.get(`/api/v1/documents/${onTicket}/file`)).statusCode).toBe(200);
  });

  it('shares its document requests: the spouse sees and answers them', async () => {
    const made = await staff.post(`/api/v1/tickets/${joint.id}/document-requests`, { custom: ['Your 1099'] });
    expect(made.statusCode, made.body).toBe(201);
    const requestId = made.json().items[0].id as string;
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, spouse.id));
    expect(told.some((n) => n.ticket_id === joint.id && n.kind === 'document_request')).toBe(true);
    expect(ids((await spouse.agent.get(`/api/v1/tickets/${joint.id}/document-requests`)).json())).toContain(requestId);
    expect(ids((await spouse.agent.get('/api/v1/document-requests')).json())).toContain(requestId);
    expect(ids((await other.agent.get('/api/v1/document-requests')).json())).not.toContain(requestId);
    // Answered by the spouse from the request alone: the request is fulfilled; the file is the spouse's own.
    await upload(spouse.agent, { request_id: requestId });
    const after = (await taxpayer.agent.get(`/api/v1/tickets/${joint.id}/document-requests`)).json();
    expect(after.items.find((r: { id: string }) => r.id === requestId).status).toBe('fulfilled');
  });

  it('shares its invoice: the spouse sees it and pays it; the separate return’s stays private', async () => {
    const jointInvoice = await issuedInvoice(joint.id);
    const separateInvoice = await issuedInvoice(separate.id);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, spouse.id));
    expect(told.filter((n) => n.kind === 'invoice').map((n) => n.ticket_id)).toEqual([joint.id]);
    expect((await spouse.agent.get(`/api/v1/invoices/${jointInvoice}`)).statusCode).toBe(200);
    expect((await spouse.agent.get(`/api/v1/tickets/${joint.id}/invoice`)).json().invoice.id).toBe(jointInvoice);
    expect(ids((await spouse.agent.get('/api/v1/invoices')).json())).toEqual([jointInvoice]);
    for (const path of [`/api/v1/invoices/${separateInvoice}`, `/api/v1/invoices/${separateInvoice}/pdf`])
      expect((await spouse.agent.get(path)).statusCode).toBe(404);
    expect((await spouse.agent.post(`/api/v1/invoices/${separateInvoice}/payment-intent`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/v1/invoices/${jointInvoice}`)).statusCode).toBe(404);
    const intent = await spouse.agent.post(`/api/v1/invoices/${jointInvoice}/payment-intent`);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await spouse.agent.post(`/api/v1/invoices/${jointInvoice}/payments/test-card`, {
      payment_intent_id: intent.json().payment_intent_id,
      card_number: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await taxpayer.agent.get(`/api/v1/invoices/${jointInvoice}`)).json().status).toBe('Paid');
  });
});

describe('staff’s contact page', () => {
  it('shows the household and the joint returns a spouse files, counted as theirs', async () => {
    const contact = (await staff.get(`/api/v1/contacts/${spouse.id}`)).json();
    expect(contact.household.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [taxpayer.id, 'primary'],
      [spouse.id, 'spouse'],
    ]);
    const jointRow = contact.tickets.find((tk: { id: string }) => tk.id === joint.id);
    expect(jointRow.joint_with).toBe('Terry Taxpayer');
    expect(contact.tickets.map((tk: { id: string }) => tk.id)).not.toContain(separate.id);
    expect(contact.ticket_count).toBe(contact.tickets.length);
  });
});

describe('each spouse’s separate returns stay their own', () => {
  it('answers 404 to the spouse and to another household, as for a ticket that does not exist', async () => {
    for (const [who, ticket] of [
      [spouse, separate],
      [taxpayer, spouseOwn],
      [other, joint],
      [other, separate],
    ] as const) {
      for (const path of ['', '/messages', '/history', '/document-requests', '/invoice', '/signing', '/drafts'])
        expect(
          (await who.agent.get(`/api/v1/tickets/${ticket.id}${path}`)).statusCode,
          `${who.full_name} ${path}`,
        ).toBe(404);
      expect((await who.agent.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'hi' })).statusCode).toBe(404);
    }
  });
});

describe('switching a ticket between joint and separate', () => {
  it('is the ticket’s customer’s or staff’s, on an open ticket with a spouse in the household', async () => {
    const ticket = await openTicket(t, taxpayer.agent);
    const by = (agent: Agent, isJoint: boolean) => agent.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: isJoint });
    expect((await by(spouse.agent, true)).statusCode).toBe(404);
    const made = await by(taxpayer.agent, true);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().spouse.id).toBe(spouse.id);
    expect((await spouse.agent.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(200);
    const refused = await by(spouse.agent, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(HOUSEHOLD_MESSAGES.ownerOnly);
    expect((await by(other.agent, false)).statusCode).toBe(404);
    expect((await by(staff, false)).json().spouse).toBeNull();
    expect((await spouse.agent.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(404);
    const lone = await customer('Lee Alone');
    const alone = await openTicket(t, lone.agent);
    const none = await lone.agent.post(`/api/v1/tickets/${alone.id}/joint`, { joint: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0].field).toBe('joint');
    await forceStatus(t, ticket.id, 'Completed');
    const closed = await by(taxpayer.agent, true);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(HOUSEHOLD_MESSAGES.ticketClosed);
    const bad = await taxpayer.agent.post(`/api/v1/tickets/${ticket.id}/joint`, { joint: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});
