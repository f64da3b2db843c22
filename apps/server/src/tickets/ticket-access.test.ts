import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let owner: Agent;
let stranger: Agent;
let preparerId: string;
let ticket: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, (await createCustomer(t)).email);
  stranger = await signIn(t, (await createCustomer(t)).email);
  preparerId = (await createStaff(t, 'Tax Preparer')).id;
  ticket = await openTicket(t, owner);
  await owner.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'private matters' });
});
afterAll(async () => t.close());

/**
 * A valid request to each ticket endpoint, so only ownership can refuse it: 404, as for a ticket that does not
 * exist. The staff-only ones refuse every customer with 403 before they read the id (the contract's `roles`), so
 * their answer is the same whoever's ticket it names, and tells nothing either.
 */
const REQUESTS: Record<string, () => { method: 'GET' | 'POST'; payload?: object; refused?: 403 }> = {
  'GET /api/v1/tickets/:id': () => ({ method: 'GET' }),
  'GET /api/v1/tickets/:id/history': () => ({ method: 'GET' }),
  'GET /api/v1/tickets/:id/assignments': () => ({ method: 'GET', refused: 403 }),
  // Staff's check before sharing with a third party (decision 0035): any customer 403, before the ticket is read.
  'GET /api/v1/tickets/:id/shares/consent': () => ({ method: 'GET', refused: 403 }),
  'GET /api/v1/tickets/:id/messages': () => ({ method: 'GET' }),
  'POST /api/v1/tickets/:id/status': () => ({ method: 'POST', payload: { status: 'Cancelled' } }),
  'POST /api/v1/tickets/:id/assign': () => ({ method: 'POST', payload: { user_id: preparerId }, refused: 403 }),
  'POST /api/v1/tickets/:id/messages': () => ({ method: 'POST', payload: { body: 'hello?' } }),
  'POST /api/v1/tickets/:id/read': () => ({ method: 'POST' }),
};

describe("another customer's ticket", () => {
  it('is covered here for every ticket endpoint of this feature', () => {
    const ours = t.routes
      .filter((r) => r.url.startsWith('/api/v1/tickets/:id') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    for (const key of Object.keys(REQUESTS)) expect(ours).toContain(key);
  });

  it.each(Object.keys(REQUESTS).flatMap((key) => [[key, 'id'] as const, [key, 'name'] as const]))(
    '%s answers 404 (or 403 to any customer) by %s, and changes nothing',
    async (key, by) => {
      const { method, payload, refused = 404 } = REQUESTS[key]!();
      const url = key.split(' ')[1]!.replace(':id', () => (by === 'id' ? ticket.id : ticket.name));
      const res = await stranger.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(refused);
      if (refused === 403) {
        // The owner's own call gets the same answer: nothing to tell the two apart.
        const own = await owner.request({ method, url, ...(payload ? { payload } : {}) });
        expect({ status: own.statusCode, body: own.json() }).toEqual({ status: 403, body: res.json() });
      }
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body).not.toContain('private matters');
      const seen = (await owner.get(`/api/v1/tickets/${ticket.id}`)).json();
      expect(seen).toMatchObject({ status: 'Open', version: 1, assignee: null });
    },
  );

  it('is as absent as a ticket that does not exist', async () => {
    const theirs = await stranger.get(`/api/v1/tickets/${ticket.id}`);
    const nothing = await stranger.get('/api/v1/tickets/00000000-0000-0000-0000-000000000000');
    expect(theirs.json()).toEqual(nothing.json());
  });

  it('also answers 404 on any other GET endpoint under /api/v1/tickets/:id', async () => {
    const others = t.routes.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/v1/tickets/:id') && !(`GET ${r.url}` in REQUESTS),
    );
    for (const r of others) {
      const url = r.url.replace(':id', () => ticket.id).replace(/:(\w+)/g, 'x');
      expect((await stranger.get(url)).statusCode, r.url).toBe(404);
    }
  });
});
