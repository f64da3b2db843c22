import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket, pickService } from '../test/ticket-fixtures.ts';
import { TICKET_REQUEST_KEY_REUSED } from './tickets.service.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let alice: Agent;
let care: Agent;
let preparer: Agent;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, { full_name: 'Alice Appleseed', phone: '+12025550111' });
  alice = await signIn(t, customer.email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
});
afterAll(async () => t.close());

describe('creating a ticket', () => {
  it('opens TD.#### for the customer with the phone of their profile, Open, with progress', async () => {
    const s = await pickService(t);
    const res = await alice.post('/api/v1/tickets', {
      service_id: s.service_id,
      service_type_id: s.service_type_id,
      year: 2022,
      phone: '+19999999999',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket.name).toMatch(/^TD\.\d{4}$/);
    expect(ticket).toMatchObject({
      customer: { id: customer.id, full_name: 'Alice Appleseed', email: customer.email },
      service: { id: s.service_id, name: s.service_name, price_cents: expect.any(Number), currency: 'USD' },
      service_type: { id: s.service_type_id, name: 'Individual Tax Return' },
      year: 2022,
      phone: '+12025550111',
      status: 'Open',
      status_label: 'Received',
      badge: 'open',
      status_category: 'open',
      assignee: null,
      version: 1,
      unread_count: 0,
      allowed_statuses: ['Cancelled'],
    });
    expect(ticket.progress.steps[0]).toEqual({ status: 'Open', label: 'Received', state: 'current' });
    expect(ticket.progress.percent).toBe(0);

    const byName = await alice.get(`/api/v1/tickets/${ticket.name}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().id).toBe(ticket.id);
    const history = (await alice.get(`/api/v1/tickets/${ticket.id}/history`)).json().items;
    expect(history).toEqual([expect.objectContaining({ from_status: null, to_status: 'Open', to_label: 'Received' })]);
  });

  it('lets staff open a ticket for a customer they pick, and requires them to pick one', async () => {
    const s = await pickService(t);
    const res = await care.post('/api/v1/tickets', { service_id: s.service_id, year: 2021, customer_id: customer.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer: { id: customer.id }, phone: '+12025550111', status_label: 'Open' });
    const missing = await care.post('/api/v1/tickets', { service_id: s.service_id, year: 2021 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].field).toBe('customer_id');
    const notACustomer = await care.post('/api/v1/tickets', {
      service_id: s.service_id,
      year: 2021,
      customer_id: (await createStaff(t, 'Reviewer')).id,
    });
    expect(notACustomer.statusCode).toBe(422);
  });

  it('refuses a customer opening a ticket for someone else', async () => {
    const other = await createCustomer(t);
    const s = await pickService(t);
    const res = await alice.post('/api/v1/tickets', { service_id: s.service_id, year: 2021, customer_id: other.id });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['year', { year: 1999 }],
    ['year', { year: 2090 }],
    ['year', { year: 'soon' }],
    ['year', { year: undefined }],
    ['service_id', { service_id: 'no-such-service' }],
    ['service_id', { service_id: undefined }],
  ])('answers 422 naming %s for bad input and writes nothing', async (field, over) => {
    const before = await t.database.db.$count(tickets);
    const s = await pickService(t);
    const res = await alice.post('/api/v1/tickets', { service_id: s.service_id, year: 2023, ...over });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await t.database.db.$count(tickets)).toBe(before);
  });

  it('answers 422 when the service is not of the chosen type', async () => {
    const s = await pickService(t);
    const business = await pickService(t, 'Business Tax Return');
    const res = await alice.post('/api/v1/tickets', {
      service_id: s.service_id,
      service_type_id: business.service_type_id,
      year: 2023,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('service_id');
  });

  it('asks for a phone when the profile has none', async () => {
    const noPhone = await createCustomer(t, { phone: undefined as unknown as string });
    const { users } = await import('../platform/db/schema.ts');
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, noPhone.id));
    const agent = await signIn(t, noPhone.email);
    const s = await pickService(t);
    const res = await agent.post('/api/v1/tickets', { service_id: s.service_id, year: 2023 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('phone');
    const given = await agent.post('/api/v1/tickets', { service_id: s.service_id, year: 2023, phone: '+12025550177' });
    expect(given.json().phone).toBe('+12025550177');
  });

  it('names 20 tickets created at once uniquely', async () => {
    const s = await pickService(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => alice.post('/api/v1/tickets', { service_id: s.service_id, year: 2023 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const names = results.map((r) => r.json().name as string);
    expect(new Set(names).size).toBe(20);
    for (const n of names) expect(n).toMatch(/^TD\.\d{4,}$/);
  });
});

describe('a request sent again (Idempotency-Key)', () => {
  const count = async (customerId: string) =>
    (await t.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.customer_id, customerId))).length;

  it('answers the ticket the first request made: retried, doubled at once, or from another tab', async () => {
    const c = await createCustomer(t, { phone: '+12025550177' });
    const me = await signIn(t, c.email);
    const s = await pickService(t);
    const body = { service_id: s.service_id, service_type_id: s.service_type_id, year: 2024 };
    const key = { headers: { 'idempotency-key': 'f3c1a2b4d5e6f708192a3b4c5d6e7f80' } };
    const first = await me.post('/api/v1/tickets', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await me.post('/api/v1/tickets', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    // Two at once with a new key: one ticket, both answered with it.
    const both = await Promise.all(
      [1, 2].map(() => me.post('/api/v1/tickets', body, { headers: { 'idempotency-key': 'at-once-0001' } })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().id).toBe(both[1]!.json().id);
    expect(await count(c.id)).toBe(2);
    // Without a key, or with another, a new ticket.
    expect((await me.post('/api/v1/tickets', body)).statusCode).toBe(201);
    expect(await count(c.id)).toBe(3);
  });

  it("is one person's: another's same key makes their own ticket; a bad key is a 422 and makes none", async () => {
    const s = await pickService(t);
    const body = { service_id: s.service_id, year: 2024 };
    const key = { headers: { 'idempotency-key': 'shared-key-0001' } };
    const mine = await alice.post('/api/v1/tickets', body, key);
    const b = await createCustomer(t, { phone: '+12025550178' });
    const theirs = await (await signIn(t, b.email)).post('/api/v1/tickets', body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().customer.id).toBe(b.id);
    const before = await count(b.id);
    for (const bad of ['short', 'x'.repeat(129), 'with space key', 'bidi\u202ekey1234']) {
      const res = await (
        await signIn(t, b.email)
      ).post('/api/v1/tickets', body, { headers: { 'idempotency-key': bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors[0].field).toBe('idempotency_key');
    }
    expect(await count(b.id)).toBe(before);
  });

  it('refuses the key sent again with another request (staff, another customer): never the wrong ticket', async () => {
    const s = await pickService(t);
    const other = await createCustomer(t, { phone: '+12025550179' });
    const key = { headers: { 'idempotency-key': 'staff-reused-key-1' } };
    const first = await care.post(
      '/api/v1/tickets',
      { service_id: s.service_id, year: 2024, customer_id: customer.id },
      key,
    );
    expect(first.statusCode).toBe(201);
    const before = await count(other.id);
    for (const changed of [
      { customer_id: other.id, year: 2024 },
      { customer_id: customer.id, year: 2023 },
    ]) {
      const res = await care.post('/api/v1/tickets', { service_id: s.service_id, ...changed }, key);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toEqual({ field: 'idempotency_key', message: TICKET_REQUEST_KEY_REUSED });
    }
    expect(await count(other.id)).toBe(before);
  });
});

describe('listing and searching', () => {
  let bob: Agent;
  let bobTicket: { id: string; name: string };
  beforeAll(async () => {
    const b = await createCustomer(t, {
      full_name: 'Bob Zimmerman-Quist',
      phone: '+13105550142',
      email: 'bob.quist@example.test',
    });
    bob = await signIn(t, b.email);
    bobTicket = await openTicket(t, bob, { year: 2020 });
  });

  it('shows a customer only their own tickets, newest first, with keyset pages', async () => {
    const first = (await alice.get('/api/v1/tickets?limit=5')).json();
    expect(first.items).toHaveLength(5);
    expect(first.items.every((x: { customer: { id: string } }) => x.customer.id === customer.id)).toBe(true);
    const seen = new Set<string>(first.items.map((x: { id: string }) => x.id));
    let cursor = first.next_cursor;
    let pages = 1;
    while (cursor) {
      const page = (await alice.get(`/api/v1/tickets?limit=5&cursor=${cursor}`)).json();
      for (const x of page.items) {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
      }
      cursor = page.next_cursor;
      pages++;
    }
    const total = await t.database.db.$count(tickets, eq(tickets.customer_id, customer.id));
    expect(seen.size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 5));
    // Asking for another customer's tickets changes nothing.
    const sneaky = (await bob.get(`/api/v1/tickets?customer=${customer.id}`)).json();
    expect(sneaky.items.map((x: { id: string }) => x.id)).toEqual([bobTicket.id]);
    expect((await bob.get('/api/v1/tickets?scope=all&status=Open')).statusCode).toBe(403);
  });

  it('lets staff search by ticket name, customer name fragment, e-mail, phone, service and year', async () => {
    const search = async (q: string) =>
      (await preparer.get(`/api/v1/tickets?q=${encodeURIComponent(q)}`)).json().items.map((x: { id: string }) => x.id);
    expect(await search(bobTicket.name)).toEqual([bobTicket.id]);
    expect(await search('zimmerman-q')).toEqual([bobTicket.id]);
    expect(await search('BOB.QUIST@')).toEqual([bobTicket.id]);
    expect(await search('(310) 555-0142')).toEqual([bobTicket.id]);
    expect(await search('5550142')).toEqual([bobTicket.id]);
    expect(await search('2020')).toContain(bobTicket.id);
    expect((await search('form 1040')).length).toBeGreaterThan(1);
    expect(await search('100%_no_match')).toEqual([]);
  });

  it('keeps search in step when a customer changes name', async () => {
    const { users } = await import('../platform/db/schema.ts');
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, bobTicket.id));
    await t.database.db.update(users).set({ full_name: 'Robert Renamed' }).where(eq(users.id, row!.customer_id));
    const found = (await preparer.get('/api/v1/tickets?q=renamed')).json().items.map((x: { id: string }) => x.id);
    expect(found).toEqual([bobTicket.id]);
  });

  it('filters staff lists by status, year and customer; a bad cursor is a 422', async () => {
    const open = (await care.get('/api/v1/tickets?status=Open&limit=100')).json().items;
    expect(open.length).toBeGreaterThan(20);
    expect(open.every((x: { status: string }) => x.status === 'Open')).toBe(true);
    const mine = (await care.get(`/api/v1/tickets?customer=${customer.id}&year=2022`)).json().items;
    expect(mine.length).toBe(1);
    expect((await care.get('/api/v1/tickets?status=Nope')).statusCode).toBe(422);
    const bad = await care.get('/api/v1/tickets?cursor=garbage');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('cursor');
  });

  it('shows Open Request to Admin and Customer Care only, unassigned first then oldest first', async () => {
    const ticket = await openTicket(t, bob);
    const staffId = (await preparer.get('/api/v1/auth/session')).json().user.id;
    expect((await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: staffId })).statusCode).toBe(200);
    const all: { id: string; assignee: unknown; created_at: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof all; next_cursor: string | null } = (
        await care.get(`/api/v1/tickets?scope=all&status=Open&limit=7${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      all.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(all.at(-1)!.id).toBe(ticket.id);
    const unassigned = all.filter((x) => x.assignee === null);
    expect(unassigned.length).toBe(all.length - 1);
    const times = unassigned.map((x) => x.created_at);
    expect([...times].sort()).toEqual(times);
    expect((await preparer.get('/api/v1/tickets?scope=all&status=Open')).statusCode).toBe(403);
    const assigned = (await preparer.get('/api/v1/tickets?scope=mine')).json().items;
    expect(assigned.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
  });
});

describe('search over many tickets', () => {
  it('returns the most recent matches whether they sit in the recent window, older, or both', async () => {
    const { listTickets } = await import('./tickets.repository.ts');
    const viewer = { userId: 'nobody', isStaff: true };
    const c = await createCustomer(t, { full_name: 'Quentin Windowpane' });
    const agent = await signIn(t, c.email);
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await openTicket(t, agent)).id);
    // Fifteen newer tickets of someone else push Quentin's out of a 10-ticket window.
    for (let i = 0; i < 15; i++) await openTicket(t, alice);
    const newestFirst = [...mine].reverse();
    for (const [limit, window] of [
      [3, 10],
      [3, 100],
      [10, 10],
      [10, 2],
    ] as const) {
      const rows = await listTickets(t.database.db, viewer, {
        search: { kind: 'text', pattern: '%windowpane%', indexable: true },
        order: 'recent',
        limit,
        searchWindow: window,
      });
      expect(
        rows.map((r) => r.id),
        `limit ${limit}, window ${window}`,
      ).toEqual(newestFirst.slice(0, limit));
    }
    // Through the API too, with keyset pages.
    const page = (await preparer.get('/api/v1/tickets?q=windowpane&limit=2')).json();
    expect(page.items.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(0, 2));
    const next = (await preparer.get(`/api/v1/tickets?q=windowpane&limit=2&cursor=${page.next_cursor}`)).json();
    expect(next.items.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(2, 4));
  });
});
