import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../platform/db/schema.ts';
import { statusLabelIn } from '../platform/i18n.ts';
import { saveLanguage } from '../platform/users.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let cust: Agent;
let care: Agent;
let preparer: Awaited<ReturnType<typeof createStaff>>;
let prep: Agent;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, { full_name: 'Nina Notified' });
  cust = await signIn(t, customer.email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department', { full_name: 'Carl Care' })).email);
  preparer = await createStaff(t, 'Tax Preparer', { full_name: 'Paula Prep' });
  prep = await signIn(t, preparer.email);
});
afterAll(async () => t.close());

const mailTo = async (to: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.created_at));
const titles = async (agent: Agent) =>
  (await agent.get('/api/v1/notifications')).json().items.map((n: { title: string }) => n.title);

describe('notifications', () => {
  it('tell the assignee of an assignment, the customer of a status change (with e-mail), each side of the other’s message', async () => {
    const ticket = await openTicket(t, cust);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id });
    expect(await titles(prep)).toEqual([`${ticket.name} was assigned to you`]);

    await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
    const list = (await cust.get('/api/v1/notifications')).json();
    expect(list.unread_count).toBe(1);
    expect(list.items[0]).toMatchObject({
      kind: 'status_changed',
      ticket_id: ticket.id,
      ticket_name: ticket.name,
      title: `${ticket.name} is now: In preparation`,
      read: false,
    });
    const [statusMail] = await mailTo(customer.email);
    expect(statusMail).toMatchObject({ subject: `${ticket.name}: In preparation` });
    expect(statusMail!.text).toContain(`http://portal.test/form/message/${ticket.name}`);

    await prep.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'Please send your W-2' });
    expect((await titles(cust))[0]).toBe(`New message on ${ticket.name}`);
    expect((await mailTo(customer.email))[0]!.subject).toContain('a new message from your tax team');
    expect((await mailTo(customer.email))[0]!.text).not.toContain('W-2');

    await cust.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'Attached!' });
    expect((await titles(prep))[0]).toBe(`Nina Notified replied on ${ticket.name}`);
    expect((await mailTo(preparer.email))[0]!.subject).toBe(`${ticket.name}: Nina Notified replied`);
  });

  it('never tell a customer of a move they read as no change: Filing In Process is still their preparation', async () => {
    const ticket = await openTicket(t, cust);
    await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
    const before = (await cust.get('/api/v1/notifications')).json().items.length;
    expect((await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Filing In Process' })).statusCode).toBe(
      200,
    );
    expect((await cust.get('/api/v1/notifications')).json().items.length).toBe(before);
    const timeline = (await cust.get(`/api/v1/tickets/${ticket.id}/history`)).json().items as {
      to_label: string;
    }[];
    expect(timeline.map((c) => c.to_label)).not.toContain('Filing in process');
    expect(timeline.filter((c) => c.to_label === 'In preparation')).toHaveLength(1);
    // Staff see every step of their pipeline.
    const staffTimeline = (await prep.get(`/api/v1/tickets/${ticket.id}/history`)).json().items as {
      to_label: string;
    }[];
    expect(staffTimeline.map((c) => c.to_label)).toContain('Filing In Process');
  });

  it('never tell a customer about an internal note, nor anyone about their own act', async () => {
    const ticket = await openTicket(t, cust);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id });
    await cust.post('/api/v1/notifications/read-all');
    const mailsBefore = (await mailTo(customer.email)).length;
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, {
      body: 'INTERNAL-ONLY: flag for review',
      internal: true,
    });
    const customerView = await cust.get('/api/v1/notifications');
    expect(customerView.json().unread_count).toBe(0);
    expect(customerView.body).not.toContain('INTERNAL-ONLY');
    expect((await mailTo(customer.email)).length).toBe(mailsBefore);
    expect((await titles(prep))[0]).toBe(`Carl Care added an internal note on ${ticket.name}`);
    expect((await prep.get('/api/v1/notifications')).body).not.toContain('INTERNAL-ONLY');
    // The customer cancels: they are not told of their own move.
    await cust.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Cancelled' });
    expect((await cust.get('/api/v1/notifications')).json().unread_count).toBe(0);
  });

  it('mark one or all read, only the caller’s own', async () => {
    const ticket = await openTicket(t, cust);
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'one' });
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'two' });
    const list = (await cust.get('/api/v1/notifications?unread_only=true')).json();
    expect(list.unread_count).toBeGreaterThanOrEqual(2);
    const [first] = list.items;
    const other = await signIn(t, (await createCustomer(t)).email);
    expect((await other.post(`/api/v1/notifications/${first.id}/read`)).statusCode).toBe(404);
    const read = await cust.post(`/api/v1/notifications/${first.id}/read`);
    expect(read.json().unread_count).toBe(list.unread_count - 1);
    expect((await cust.post('/api/v1/notifications/read-all')).json()).toEqual({ unread_count: 0 });
    expect((await cust.get('/api/v1/notifications?unread_only=true')).json().items).toEqual([]);
    expect((await cust.post('/api/v1/notifications/abc/read')).statusCode).toBe(422);
  });

  it('page newest first', async () => {
    const ticket = await openTicket(t, cust);
    for (let i = 0; i < 5; i++) await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: `n${i}` });
    const first = (await cust.get('/api/v1/notifications?limit=3')).json();
    expect(first.items).toHaveLength(3);
    const second = (await cust.get(`/api/v1/notifications?limit=3&cursor=${first.next_cursor}`)).json();
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[2].id));
  });
});

describe("in each recipient's language (issue 31)", () => {
  it('writes the customer who chose Spanish their notification and e-mail in Spanish, the assignee theirs in English', async () => {
    const spanish = await createCustomer(t, { full_name: 'Sofía Solicitante' });
    await saveLanguage(t.database.db, spanish.id, 'es');
    const sp = await signIn(t, spanish.email);
    const ticket = await openTicket(t, sp);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id });
    // Documents still asked for when the ticket waits on the customer: the notification and e-mail list them.
    const asked = await care.post(`/api/v1/tickets/${ticket.id}/document-requests`, { custom: ['Carta del banco'] });
    expect(asked.statusCode, asked.body).toBe(201);
    const moved = await care.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Required More Information' });
    expect(moved.statusCode, moved.body).toBe(200);

    // The status label in Spanish (the definitions' own label, statuses.json), never the English one.
    const status = statusLabelIn('es', 'Required More Information', 'customer', 'Action needed from you');
    expect(status).not.toBe('Action needed from you');
    const notes = (await sp.get('/api/v1/notifications')).json().items as {
      kind: string;
      title: string;
      body: string;
    }[];
    expect(notes.find((n) => n.kind === 'status_changed')).toMatchObject({
      title: `Nuevo estado de ${ticket.name}: ${status}`,
      body: 'Documentos que necesitamos: Carta del banco',
    });
    const mail = (await mailTo(spanish.email)).find((m) => m.subject === `${ticket.name}: ${status}`);
    expect(mail, 'the status e-mail').toBeDefined();
    expect(mail!.text.startsWith(`Hola, Sofía Solicitante:\n\nSu caso ${ticket.name} (`)).toBe(true);
    expect(mail!.text).toContain(`tiene un nuevo estado: ${status}.`);
    expect(mail!.text).toContain('Todavía necesitamos que nos envíe estos documentos:\n  - Carta del banco');
    expect(mail!.text).toContain(`Abra el caso: http://portal.test/form/message/${ticket.name}`);
    expect(mail!.text).toContain('cambie sus preferencias de notificación en el portal.');
    expect(mail!.text).not.toMatch(/Hello|Your ticket|Open the ticket|Action needed/);

    // The assignee never chose a language: the firm's, English, word for word.
    expect((await titles(prep))[0]).toBe(`${ticket.name} moved to Required More Information`);

    // A staff reply: the Spanish customer's e-mail subject, and the assignee's English title.
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'Gracias' });
    expect((await titles(sp))[0]).toBe(`Nuevo mensaje en ${ticket.name}`);
    expect((await mailTo(spanish.email))[0]!.subject).toBe(
      `${ticket.name}: un nuevo mensaje de su equipo de impuestos`,
    );
    expect((await titles(prep))[0]).toBe(`Carl Care wrote on ${ticket.name}`);
  });
});

describe('e-mail preferences', () => {
  it('default to on and switch each e-mail off independently', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    expect((await agent.get('/api/v1/notifications/preferences')).json()).toEqual({
      email_on_status_change: true,
      email_on_staff_reply: true,
      email_on_customer_reply: true,
    });
    const put = await agent.put('/api/v1/notifications/preferences', { email_on_status_change: false });
    expect(put.json()).toEqual({
      email_on_status_change: false,
      email_on_staff_reply: true,
      email_on_customer_reply: true,
    });
    expect((await agent.put('/api/v1/notifications/preferences', { email_on_staff_reply: 'yes' })).statusCode).toBe(
      422,
    );

    const ticket = await openTicket(t, agent);
    await care.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
    expect(await mailTo(c.email)).toEqual([]);
    expect((await agent.get('/api/v1/notifications')).json().unread_count).toBe(1);
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'hello' });
    expect((await mailTo(c.email)).map((m) => m.subject)).toEqual([`${ticket.name}: a new message from your tax team`]);
  });

  it('let an assignee switch off customer-reply e-mails', async () => {
    const staff = await createStaff(t, 'Tax Preparer');
    const agent = await signIn(t, staff.email);
    await agent.put('/api/v1/notifications/preferences', { email_on_customer_reply: false });
    const ticket = await openTicket(t, cust);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: staff.id });
    await cust.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'ping' });
    expect(await mailTo(staff.email)).toEqual([]);
    expect((await agent.get('/api/v1/notifications')).json().unread_count).toBe(2);
  });
});
