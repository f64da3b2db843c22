import { MESSAGES } from '@taxportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart } from '../test/upload-fixtures.ts';

/**
 * One matching rule for a ticket named in a path (docs/decisions/0010): its id, or its name in any case. Every
 * endpoint under /api/v1/tickets/:id, of every feature, answers a lower-case name as it answers the id.
 */
let t: TestApp;
let owner: Agent;
let staff: Agent;
let stranger: Agent;
let ticket: { id: string; name: string };
let lower: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, (await createCustomer(t)).email);
  stranger = await signIn(t, (await createCustomer(t)).email);
  staff = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  ticket = await openTicket(t, owner);
  lower = ticket.name.toLowerCase();
});
afterAll(async () => t.close());

const ticketRoutes = (method: string) =>
  t.routes.filter((r) => r.method === method && r.url.startsWith('/api/v1/tickets/:id')).map((r) => r.url);
/** The GET routes that need a query, with one (a recipient to check a consent to disclose for). */
const QUERIES: Record<string, string> = {
  '/api/v1/tickets/:id/shares/consent': '?recipient_email=lender%40example.test',
};
const at = (url: string, ref: string) => url.replace(':id', () => encodeURIComponent(ref)) + (QUERIES[url] ?? '');

/** POSTs whose body passes validation with nothing particular, so only the lookup decides. */
const POSTS: Record<string, () => object> = {
  '/api/v1/tickets/:id/read': () => ({}),
  '/api/v1/tickets/:id/messages': () => ({ payload: { body: 'by name' } }),
  '/api/v1/tickets/:id/signing/spouse-code': () => ({}),
  '/api/v1/tickets/:id/drafts': () => multipart({ label: 'Draft' }, []),
  '/api/v1/tickets/:id/signing': () => ({ payload: { joint: false } }),
};

const isTicketNotFound = (res: { statusCode: number; body: string }) =>
  res.statusCode === 404 && res.body.includes(MESSAGES.ticketNotFound);

describe('a ticket named in lower case', () => {
  it('is answered on every GET endpoint as its id is: 200 for the owner (staff for staff-only ones)', async () => {
    const urls = ticketRoutes('GET').filter((u) => !u.slice('/api/v1/tickets/:id'.length).includes(':'));
    expect(urls).toEqual(
      expect.arrayContaining(['/api/v1/tickets/:id', '/api/v1/tickets/:id/drafts', '/api/v1/tickets/:id/signing']),
    );
    for (const url of urls) {
      const byId = await owner.get(at(url, ticket.id));
      const reader = byId.statusCode === 403 ? staff : owner;
      const expected = reader === owner ? byId : await staff.get(at(url, ticket.id));
      const byName = await reader.get(at(url, lower));
      expect(expected.statusCode, url).toBe(200);
      expect(byName.statusCode, url).toBe(200);
      expect(byName.json(), url).toEqual(expected.json());
    }
  });

  it('is found on every GET endpoint with a further parameter too', async () => {
    const urls = ticketRoutes('GET').filter((u) => u.slice('/api/v1/tickets/:id'.length).includes(':'));
    for (const url of urls) {
      const res = await owner.get(at(url, lower).replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000'));
      expect(isTicketNotFound(res), `${url}: ${res.body}`).toBe(false);
    }
  });

  it.each(Object.keys(POSTS))('is found by POST %s', async (url) => {
    const res = await owner.request({ method: 'POST', url: at(url, lower), ...POSTS[url]!() });
    expect(isTicketNotFound(res), res.body).toBe(false);
  });

  it("is another customer's 404 'Ticket not found.' everywhere (a staff-only route: every customer's 403)", async () => {
    // A staff-only route refuses the owner too, before it reads the id: the stranger gets that same answer.
    const check = async (url: string, send: (who: Agent) => Promise<{ statusCode: number; body: string }>) => {
      const theirs = await send(stranger);
      const own = await send(owner);
      if (own.statusCode === 403) expect({ url, ...theirs }).toMatchObject({ url, statusCode: 403, body: own.body });
      else expect(isTicketNotFound(theirs), `${url}: ${theirs.statusCode} ${theirs.body}`).toBe(true);
    };
    for (const url of ticketRoutes('GET')) {
      const path = at(url, lower).replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      await check(url, (who) => who.get(path));
    }
    for (const url of Object.keys(POSTS)) {
      await check(url, (who) => who.request({ method: 'POST', url: at(url, lower), ...POSTS[url]!() }));
    }
  });

  it('and junk never reach SQL: 404, not a server error', async () => {
    for (const ref of ['td.', 'TD.12x', "x' or 1=1", '0000', 'td.0001;']) {
      const res = await owner.get(at('/api/v1/tickets/:id', ref));
      expect(res.statusCode, ref).toBe(404);
    }
  });
});
