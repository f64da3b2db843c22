import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, TICKET_STATUSES, type Role } from '@taxportal/contract';
import { tickets, ticketStatusChanges, ticketStatusCounts } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { canMove, TRANSITIONS } from './ticket-transitions.ts';
import { STALE_TICKET } from './ticket-status.service.ts';

let t: TestApp;
const agents = {} as Record<Role, Agent>;
const userIds = {} as Record<Role, string>;
let customerAgent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const c = await createCustomer(t);
  customerAgent = await signIn(t, c.email);
  agents.Customer = customerAgent;
  userIds.Customer = c.id;
  for (const role of ROLES) {
    if (role === 'Customer') continue;
    const s = await createStaff(t, role);
    agents[role] = await signIn(t, s.email);
    userIds[role] = s.id;
  }
});
afterAll(async () => t.close());

describe('the transition table', () => {
  it('says what the business expects of it', () => {
    // Customers: cancel an Open ticket, nothing else.
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES)
        expect(canMove(['Customer'], from, to)).toBe(from === 'Open' && to === 'Cancelled');
    }
    // Admin: anything but staying put.
    expect(canMove(['Admin'], 'Closed', 'Open')).toBe(true);
    expect(canMove(['Admin'], 'Open', 'Open')).toBe(false);
    expect(canMove(['Tax Preparer'], 'Open', 'Tax Preparation')).toBe(true);
    expect(canMove(['Tax Preparer'], 'Completed', 'Closed')).toBe(false);
    expect(canMove(['Reviewer'], 'Open', 'Closed')).toBe(false);
    expect(canMove(['Customer Care Department'], 'Ready For Invoice', 'Payment Collected')).toBe(true);
    expect(canMove(['Tax Preparer'], 'Ready For Invoice', 'Payment Collected')).toBe(false);
    // Every row names real statuses and at least one role.
    for (const [from, to, who] of TRANSITIONS) {
      expect(TICKET_STATUSES).toContain(from);
      expect(TICKET_STATUSES).toContain(to);
      expect(from).not.toBe(to);
      expect(who.length).toBeGreaterThan(0);
    }
  });

  // Every from × to × role through the API: allowed moves succeed and are recorded, the rest are refused and change nothing.
  it.each(ROLES.map((r) => [r]))(
    'is what the API enforces for %s, for every pair of statuses',
    { timeout: 120_000 },
    async (role) => {
      const agent = agents[role];
      const ticket = await openTicket(t, customerAgent);
      for (const from of TICKET_STATUSES) {
        for (const to of TICKET_STATUSES) {
          await forceStatus(t, ticket.id, from);
          const res = await agent.post(`/api/v1/tickets/${ticket.id}/status`, { status: to, note: `${from}->${to}` });
          const where = `${role}: ${from} -> ${to}`;
          if (canMove([role], from, to)) {
            expect(res.statusCode, where).toBe(200);
            expect(res.json().status, where).toBe(to);
            const [last] = await t.database.db
              .select()
              .from(ticketStatusChanges)
              .where(eq(ticketStatusChanges.ticket_id, ticket.id))
              .orderBy(desc(ticketStatusChanges.id))
              .limit(1);
            expect(last, where).toMatchObject({
              from_status: from,
              to_status: to,
              changed_by: userIds[role],
              note: `${from}->${to}`,
            });
          } else {
            expect(res.statusCode, where).toBe(from === to ? 422 : 403);
            const [row] = await t.database.db
              .select({ status: tickets.status })
              .from(tickets)
              .where(eq(tickets.id, ticket.id));
            expect(row!.status, where).toBe(from);
          }
        }
      }
    },
  );
});

describe('changing status', () => {
  it('lets one of two simultaneous changes win and answers the other 409 with a clear message', async () => {
    const ticket = await openTicket(t, customerAgent);
    const [a, b] = await Promise.all([
      agents['Tax Preparer'].post(`/api/v1/tickets/${ticket.id}/status`, {
        status: 'Tax Preparation',
        expected_version: ticket.version,
      }),
      agents['Customer Care Department'].post(`/api/v1/tickets/${ticket.id}/status`, {
        status: 'Required More Information',
        expected_version: ticket.version,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().detail).toBe(STALE_TICKET);
    const history = (await agents.Admin.get(`/api/v1/tickets/${ticket.id}/history`)).json().items;
    expect(history).toHaveLength(2);
    // A stale version is refused even when nothing runs at the same time.
    const stale = await agents.Admin.post(`/api/v1/tickets/${ticket.id}/status`, {
      status: 'Closed',
      expected_version: ticket.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('records who, when, from, to and note; a customer sees customer labels and only their own notes', async () => {
    const ticket = await openTicket(t, customerAgent);
    const moved = await agents['Tax Preparer'].post(`/api/v1/tickets/${ticket.id}/status`, {
      status: 'Required More Information',
      note: 'internal: W-2 looks forged?',
      expected_version: 1,
    });
    expect(moved.json()).toMatchObject({
      status: 'Required More Information',
      version: 2,
      status_label: 'Required More Information',
      status_category: 'waiting_on_customer',
    });
    const seenByCustomer = (await customerAgent.get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(seenByCustomer).toMatchObject({ status_label: 'Action needed from you', allowed_statuses: [] });
    expect(seenByCustomer.progress).toMatchObject({
      waiting_on_customer: true,
      current_step: 1,
      current_label: 'Action needed from you',
    });

    const staffView = (await agents.Reviewer.get(`/api/v1/tickets/${ticket.id}/history`)).json().items;
    expect(staffView[1]).toMatchObject({
      from_status: 'Open',
      to_status: 'Required More Information',
      to_label: 'Required More Information',
      note: 'internal: W-2 looks forged?',
      changed_by: { id: userIds['Tax Preparer'], is_staff: true },
    });
    expect(Date.parse(staffView[1].created_at)).toBeGreaterThan(Date.now() - 60_000);
    const customerView = (await customerAgent.get(`/api/v1/tickets/${ticket.id}/history`)).json();
    expect(customerView.items[1]).toMatchObject({ to_label: 'Action needed from you', note: null });
    expect(JSON.stringify(customerView)).not.toContain('forged');
  });

  it('lets the customer cancel their Open ticket with a reason they can read back, and nothing else', async () => {
    const ticket = await openTicket(t, customerAgent);
    const wrong = await customerAgent.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Completed' });
    expect(wrong.statusCode).toBe(403);
    const cancelled = await customerAgent.post(`/api/v1/tickets/${ticket.id}/status`, {
      status: 'Cancelled',
      note: 'Filed elsewhere',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', badge: 'walk_out', progress: { cancelled: true } });
    const history = (await customerAgent.get(`/api/v1/tickets/${ticket.id}/history`)).json().items;
    expect(history.at(-1)).toMatchObject({ note: 'Filed elsewhere', changed_by: { is_staff: false } });
  });

  it('tells staff what moves the ticket by itself from here (a draft, a decision, a payment), customers nothing', async () => {
    const ticket = await openTicket(t, customerAgent);
    await forceStatus(t, ticket.id, 'Draft Ready');
    const forPreparer = (await agents['Tax Preparer'].get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(forPreparer.allowed_statuses).toEqual(['Filing In Process']);
    expect(forPreparer.system_moves).toEqual([
      { event: 'draft_approved', status: 'Draft Finalised' },
      { event: 'draft_changes_requested', status: 'Tax Preparation' },
      { event: 'payment_collected', status: 'Payment Collected' },
    ]);
    await forceStatus(t, ticket.id, 'Tax Preparation');
    expect((await agents['Tax Preparer'].get(`/api/v1/tickets/${ticket.id}`)).json().system_moves).toEqual([
      { event: 'draft_uploaded', status: 'Draft Ready' },
      { event: 'payment_collected', status: 'Payment Collected' },
    ]);
    expect((await customerAgent.get(`/api/v1/tickets/${ticket.id}`)).json().system_moves).toEqual([]);
  });

  it('tells staff who else moves the ticket on where they cannot (stuck at Payment Collected), customers nothing', async () => {
    const ticket = await openTicket(t, customerAgent);
    await forceStatus(t, ticket.id, 'Payment Collected');
    const forPreparer = (await agents['Tax Preparer'].get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(forPreparer.allowed_statuses).toEqual([]);
    expect(forPreparer.moves_by_others).toEqual([
      { status: 'Ready For IRS Filing', roles: ['Customer Care Department', 'Reviewer'] },
      { status: 'Cancelled', roles: ['Customer Care Department'] },
    ]);
    const forCare = (await agents['Customer Care Department'].get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(forCare.allowed_statuses).toEqual(['Ready For IRS Filing', 'Cancelled']);
    expect(forCare.moves_by_others).toEqual([]);
    expect((await customerAgent.get(`/api/v1/tickets/${ticket.id}`)).json().moves_by_others).toEqual([]);
  });

  it("answers its refusals in the reader's language (cookie tp_lang=es), the English ones word for word", async () => {
    const ticket = await openTicket(t, customerAgent);
    const prep = agents['Tax Preparer'];
    const same = () => prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Open' });
    const english = await same();
    expect(english.statusCode).toBe(422);
    expect(english.json()).toMatchObject({
      title: 'Invalid input',
      detail: 'The ticket is already Open.',
      errors: [{ field: 'status', message: 'The ticket is already Open.' }],
    });
    expect((await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Closed' })).json().detail).toBe(
      'You cannot move a ticket from Open to Closed.',
    );
    prep.cookies.set('tp_lang', 'es');
    try {
      const spanish = await same();
      expect(spanish.statusCode).toBe(422);
      // The placeholder filled in the Spanish text, in the detail and in the field's message.
      expect(spanish.json()).toMatchObject({
        detail: 'El caso ya está en Abierto.',
        errors: [{ field: 'status', message: 'El caso ya está en Abierto.' }],
      });
      const refused = await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Closed' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('No puede pasar un caso de Abierto a Cerrado.');
      const stale = await prep.post(`/api/v1/tickets/${ticket.id}/status`, {
        status: 'Tax Preparation',
        expected_version: ticket.version + 5,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toBe(
        'Otra persona cambió este caso mientras usted lo consultaba. Vuelva a cargarlo para ver el estado más reciente y luego inténtelo de nuevo.',
      );
    } finally {
      prep.cookies.delete('tp_lang');
    }
  });

  it('refuses an unknown or display-only status with 422 naming the field', async () => {
    const ticket = await openTicket(t, customerAgent);
    for (const status of ['Nope', 'Draft', 'CPA Reviewed', 'Sample only']) {
      const res = await agents.Admin.post(`/api/v1/tickets/${ticket.id}/status`, { status });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('status');
    }
  });

  it('keeps the per-status counts true', async () => {
    const rows = await t.database.db.select().from(ticketStatusCounts);
    for (const status of TICKET_STATUSES) {
      const actual = await t.database.db.$count(tickets, and(eq(tickets.status, status)));
      expect(Number(rows.find((r) => r.status === status)?.n ?? 0), status).toBe(actual);
    }
  });
});
