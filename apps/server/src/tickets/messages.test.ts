import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let customer: Agent;
let preparer: Agent;
let reviewer: Agent;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t, (await createCustomer(t, { full_name: 'Cora Customer' })).email);
  preparer = await signIn(t, (await createStaff(t, 'Tax Preparer', { full_name: 'Pat Preparer' })).email);
  reviewer = await signIn(t, (await createStaff(t, 'Reviewer')).email);
});
afterAll(async () => t.close());

describe('the conversation', () => {
  it('carries messages both ways, oldest to newest, with authors', async () => {
    const ticket = await openTicket(t, customer);
    const sent = await customer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: '  Here is my question  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      body: 'Here is my question',
      internal: false,
      author: { full_name: 'Cora Customer', is_staff: false },
    });
    await preparer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'And here is the answer' });
    const list = (await customer.get(`/api/v1/tickets/${ticket.name}/messages`)).json();
    expect(list.items.map((m: { body: string }) => m.body)).toEqual(['Here is my question', 'And here is the answer']);
    expect(list.items[1].author).toMatchObject({ full_name: 'Pat Preparer', is_staff: true });
    expect(list.next_cursor).toBeNull();
  });

  it('pages 100 at a time and loads older ones with `before`', async () => {
    const ticket = await openTicket(t, customer);
    for (let i = 1; i <= 105; i++) await preparer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: `m${i}` });
    const first = (await customer.get(`/api/v1/tickets/${ticket.id}/messages`)).json();
    expect(first.items).toHaveLength(100);
    expect(first.items[0].body).toBe('m6');
    expect(first.items[99].body).toBe('m105');
    const older = (await customer.get(`/api/v1/tickets/${ticket.id}/messages?before=${first.next_cursor}`)).json();
    expect(older.items.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.next_cursor).toBeNull();
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/messages?limit=101`)).statusCode).toBe(422);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/messages?before=abc`)).statusCode).toBe(422);
  });

  it('stores and returns what people type as plain text, never as markup', async () => {
    const ticket = await openTicket(t, customer);
    const payload = '<script>alert("x")</script><img src=x onerror=alert(1)> & see https://irs.gov';
    const res = await customer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: payload });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = await preparer.get(`/api/v1/tickets/${ticket.id}/messages`);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().items[0].body).toBe(payload);
  });

  it('refuses empty and oversized bodies, and documents until the vault can vouch for them', async () => {
    const ticket = await openTicket(t, customer);
    for (const body of ['', '   ', 'x'.repeat(10_001)]) {
      const res = await customer.post(`/api/v1/tickets/${ticket.id}/messages`, { body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('body');
    }
    const withDocs = await customer.post(`/api/v1/tickets/${ticket.id}/messages`, {
      body: 'see file',
      document_ids: ['doc-1'],
    });
    expect(withDocs.statusCode).toBe(422);
    expect(withDocs.json().errors[0].field).toBe('document_ids');
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/messages`)).json().items).toHaveLength(0);
  });
});

describe('internal notes', () => {
  it('reach staff only: never the customer, in messages, detail, lists or history', async () => {
    const ticket = await openTicket(t, customer);
    const note = await preparer.post(`/api/v1/tickets/${ticket.id}/messages`, {
      body: 'SECRET-NOTE: check prior year',
      internal: true,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().internal).toBe(true);
    const staffList = (await reviewer.get(`/api/v1/tickets/${ticket.id}/messages`)).json().items;
    expect(staffList.map((m: { body: string }) => m.body)).toEqual(['SECRET-NOTE: check prior year']);

    const responses = await Promise.all([
      customer.get(`/api/v1/tickets/${ticket.id}/messages`),
      customer.get(`/api/v1/tickets/${ticket.id}`),
      customer.get(`/api/v1/tickets/${ticket.id}/history`),
      customer.get('/api/v1/tickets'),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('SECRET-NOTE');
    }
    expect(responses[0]!.json().items).toEqual([]);
    // Unread counts do not betray the note either.
    expect(responses[1]!.json().unread_count).toBe(0);
    expect((await reviewer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(1);
  });

  it('cannot be written by a customer', async () => {
    const ticket = await openTicket(t, customer);
    const res = await customer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'let me in', internal: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('unread counts', () => {
  it('counts what others wrote since the reader last read, per ticket and user', async () => {
    const ticket = await openTicket(t, customer);
    await preparer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'one' });
    await preparer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'two' });
    const row = (await customer.get('/api/v1/tickets')).json().items.find((x: { id: string }) => x.id === ticket.id);
    expect(row.unread_count).toBe(2);
    expect((await preparer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(0);
    expect((await reviewer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(2);

    const read = await customer.post(`/api/v1/tickets/${ticket.id}/read`);
    expect(read.json()).toMatchObject({ ticket_id: ticket.id, unread_count: 0 });
    expect((await customer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(0);
    await customer.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'thanks' });
    expect((await preparer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(1);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}`)).json().unread_count).toBe(0);
  });

  it('moves the ticket to the top of the list without changing its version', async () => {
    const older = await openTicket(t, customer);
    await openTicket(t, customer);
    await preparer.post(`/api/v1/tickets/${older.id}/messages`, { body: 'bump' });
    const list = (await customer.get('/api/v1/tickets')).json().items;
    expect(list[0].id).toBe(older.id);
    expect(list[0].version).toBe(1);
  });
});
