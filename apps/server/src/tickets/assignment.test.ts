import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { MESSAGES } from '@taxportal/contract';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let customer: Agent;
let customerId: string;
let care: Agent;
let preparer: { id: string; full_name: string };
let reviewer: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  const c = await createCustomer(t);
  customerId = c.id;
  customer = await signIn(t, c.email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department', { full_name: 'Carla Care' })).email);
  preparer = await createStaff(t, 'Tax Preparer', { full_name: 'Pat Preparer' });
  reviewer = await createStaff(t, 'Reviewer');
});
afterAll(async () => t.close());

describe('users by role', () => {
  it('lists staff of a role for staff, with their roles', async () => {
    const res = await care.get('/api/v1/users?role=Tax%20Preparer');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { id: preparer.id, full_name: 'Pat Preparer', email: expect.any(String), roles: ['Tax Preparer'] },
    ]);
    const all = (await care.get('/api/v1/users')).json().items.map((u: { id: string }) => u.id);
    expect(all).toEqual(expect.arrayContaining([preparer.id, reviewer.id]));
    expect(all).not.toContain(customerId);
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/);
  });

  it('refuses customers, and the Customer role as a filter', async () => {
    expect((await customer.get('/api/v1/users?role=Tax%20Preparer')).statusCode).toBe(403);
    const res = await care.get('/api/v1/users?role=Customer');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('role');
  });
});

describe('assigning a ticket', () => {
  it('assigns to a staff member, bumps the version, keeps the history and can unassign', async () => {
    const ticket = await openTicket(t, customer);
    const res = await care.post(`/api/v1/tickets/${ticket.name}/assign`, { user_id: preparer.id, expected_version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ assignee: { id: preparer.id, full_name: 'Pat Preparer' }, version: 2 });
    const again = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: reviewer.id });
    expect(again.json().version).toBe(3);
    const none = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: null });
    expect(none.json()).toMatchObject({ assignee: null, version: 4 });

    const history = (await care.get(`/api/v1/tickets/${ticket.id}/assignments`)).json().items;
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({
      assignee: { id: preparer.id },
      previous_assignee: null,
      assigned_by: { full_name: 'Carla Care' },
    });
    expect(history[1]).toMatchObject({ assignee: { id: reviewer.id }, previous_assignee: { id: preparer.id } });
    expect(history[2]).toMatchObject({ assignee: null, previous_assignee: { id: reviewer.id } });
    // The customer sees who works on the ticket, not the history.
    expect((await customer.get(`/api/v1/tickets/${ticket.id}`)).json().assignee).toBeNull();
  });

  it('refuses a customer as assignee (422), a customer assigning (403) and a stale version (409)', async () => {
    const ticket = await openTicket(t, customer);
    const toCustomer = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: customerId });
    expect(toCustomer.statusCode).toBe(422);
    expect(toCustomer.json().errors[0].field).toBe('user_id');
    expect((await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: 'nobody' })).statusCode).toBe(422);
    expect((await customer.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id })).statusCode).toBe(403);
    expect((await customer.get(`/api/v1/tickets/${ticket.id}/assignments`)).statusCode).toBe(403);
    await care.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
    const stale = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id, expected_version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('a cancelled ticket is assigned to nobody (409); its assignee can still be removed', async () => {
    const ticket = await openTicket(t, customer);
    expect((await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id })).statusCode).toBe(200);
    await forceStatus(t, ticket.id, 'Cancelled');
    const refused = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: reviewer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(MESSAGES.ticketCancelledNoAssignee);
    expect((await care.get(`/api/v1/tickets/${ticket.id}`)).json().assignee.id).toBe(preparer.id);
    const cleared = await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().assignee).toBeNull();
  });

  it('finds tickets by assignee', async () => {
    const ticket = await openTicket(t, customer);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: reviewer.id });
    const mine = (await care.get(`/api/v1/tickets?assignee=${reviewer.id}`))
      .json()
      .items.map((x: { id: string }) => x.id);
    expect(mine).toContain(ticket.id);
    const unassigned = (await care.get('/api/v1/tickets?assignee=none&limit=100'))
      .json()
      .items.map((x: { id: string }) => x.id);
    expect(unassigned).not.toContain(ticket.id);
  });
});
