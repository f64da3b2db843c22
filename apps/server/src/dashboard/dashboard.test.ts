import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '@taxportal/contract';
import { tickets, ticketStatusChanges } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let customer: Agent;
let other: Agent;
let care: Agent;
let preparer: Awaited<ReturnType<typeof createStaff>>;
let prep: Agent;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t, (await createCustomer(t)).email);
  other = await signIn(t, (await createCustomer(t)).email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  preparer = await createStaff(t, 'Tax Preparer');
  prep = await signIn(t, preparer.email);
});
afterAll(async () => t.close());

describe("a customer's dashboard", () => {
  it('shows their tickets with progress, what waits on them and recent messages, never internal notes', async () => {
    const a = await openTicket(t, customer);
    const b = await openTicket(t, customer);
    await openTicket(t, other);
    await prep.post(`/api/v1/tickets/${b.id}/status`, { status: 'Tax Preparation' });
    await prep.post(`/api/v1/tickets/${b.id}/status`, { status: 'Required More Information' });
    await prep.post(`/api/v1/tickets/${b.id}/messages`, { body: 'Please upload your 1099-B' });
    await prep.post(`/api/v1/tickets/${b.id}/messages`, { body: 'DASH-INTERNAL second look', internal: true });
    await customer.post(`/api/v1/tickets/${a.id}/messages`, { body: 'Question about deductions' });

    const res = await customer.get('/api/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.role).toBe('customer');
    expect(d.counts).toEqual({ in_progress: 1, waiting_on_you: 1, done: 0, cancelled: 0 });
    expect(d.tickets.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    const waiting = d.waiting_on_you[0];
    expect(d.waiting_on_you).toHaveLength(1);
    expect(waiting).toMatchObject({ id: b.id, status_label: 'Action needed from you', unread_count: 1 });
    expect(waiting.progress).toMatchObject({ waiting_on_customer: true, current_step: 1 });
    expect(d.recent_messages.map((m: { body: string }) => m.body)).toEqual([
      'Question about deductions',
      'Please upload your 1099-B',
    ]);
    expect(d.recent_messages[1].author).toMatchObject({ is_staff: true });
    expect(res.body).not.toContain('DASH-INTERNAL');

    // A Spanish reader reads the statuses' own labels in Spanish (issue 31), the progress steps too.
    customer.cookies.set('tp_lang', 'es');
    const es = (await customer.get('/api/v1/dashboard')).json();
    customer.cookies.delete('tp_lang');
    const spanish = es.waiting_on_you[0];
    expect(spanish.status_label).toBe('Se necesita una acción suya');
    expect(spanish.progress.steps[0].label).toBe('Recibido');
  });
});

describe("staff's dashboard", () => {
  it('counts tickets per status, open & unassigned, assigned to me, opened per week and median time per status', async () => {
    const x = await openTicket(t, other);
    await care.post(`/api/v1/tickets/${x.id}/assign`, { user_id: preparer.id });
    // Stays of 2 hours in Tax Preparation (this one and the first test's), ended.
    await prep.post(`/api/v1/tickets/${x.id}/status`, { status: 'Tax Preparation' });
    await t.database.db
      .update(ticketStatusChanges)
      .set({ created_at: sql`now() - interval '2 hours'` })
      .where(eq(ticketStatusChanges.to_status, 'Tax Preparation'));
    await prep.post(`/api/v1/tickets/${x.id}/status`, { status: 'Filing In Process' });
    // A ticket opened three weeks ago.
    const old = await openTicket(t, other);
    await t.database.db
      .update(tickets)
      .set({ created_at: sql`now() - interval '21 days'` })
      .where(eq(tickets.id, old.id));

    const res = await prep.get('/api/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.role).toBe('staff');
    expect(d.counts_by_status.map((c: { status: string }) => c.status)).toEqual([...TICKET_STATUSES]);
    const all = await t.database.db.select({ status: tickets.status, assignee: tickets.assignee_id }).from(tickets);
    for (const c of d.counts_by_status) expect(c.count, c.status).toBe(all.filter((r) => r.status === c.status).length);
    const openUnassigned = all.filter((r) => r.status === 'Open' && r.assignee === null).length;
    expect(d.open_unassigned.count).toBe(openUnassigned);
    expect(d.open_unassigned.items[0].id).toBe(old.id);
    expect(d.assigned_to_me).toMatchObject({ count: 1, items: [{ id: x.id, status: 'Filing In Process' }] });

    expect(d.opened_per_week).toHaveLength(12);
    const total = d.opened_per_week.reduce((n: number, w: { count: number }) => n + w.count, 0);
    expect(total).toBe(all.length);
    expect(d.opened_per_week.at(-1).count).toBe(all.length - 1);
    expect(new Date(`${d.opened_per_week[0].week_start}T00:00:00Z`).getUTCDay()).toBe(1);

    const prepStay = d.median_time_in_status.find((m: { status: string }) => m.status === 'Tax Preparation');
    expect(prepStay.samples).toBe(2);
    expect(prepStay.median_seconds).toBeGreaterThanOrEqual(7190);
    expect(prepStay.median_seconds).toBeLessThan(7300);
    expect(d.median_time_in_status.find((m: { status: string }) => m.status === 'Closed')).toMatchObject({
      median_seconds: null,
      samples: 0,
    });
  });
});
