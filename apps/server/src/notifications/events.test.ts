import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { EventStream, listenOnce, sleep } from '../test/sse.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let base: string;
let customer: Agent;
let stranger: Agent;
let care: Agent;
let preparer: Awaited<ReturnType<typeof createStaff>>;
let prep: Agent;
const streams: EventStream[] = [];
const open = async (agent: Agent) => {
  const { status, stream } = await EventStream.open(base, agent);
  expect(status).toBe(200);
  streams.push(stream);
  return stream;
};
beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnce(t);
  customer = await signIn(t, (await createCustomer(t)).email);
  stranger = await signIn(t, (await createCustomer(t)).email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  preparer = await createStaff(t, 'Tax Preparer');
  prep = await signIn(t, preparer.email);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close().catch(() => {});
});

describe('live events over Server-Sent Events', () => {
  it('refuse anonymous callers', async () => {
    const { status } = await EventStream.open(base, null);
    expect(status).toBe(401);
  });

  it('bring status changes, messages and notifications to the customer within a second, and nothing to others', async () => {
    const ticket = await openTicket(t, customer);
    const mine = await open(customer);
    const theirs = await open(stranger);
    const staff = await open(prep);

    let sent = Date.now();
    await care.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
    const change = await mine.next('ticket.status_changed');
    expect(change.at - sent).toBeLessThan(1000);
    expect(change.data).toMatchObject({
      ticket_id: ticket.id,
      ticket_name: ticket.name,
      status: 'Tax Preparation',
      from_status: 'Open',
      version: 2,
    });
    const note = await mine.next('notification.created');
    expect(note.data).toMatchObject({
      unread_count: 1,
      notification: { kind: 'status_changed', ticket_id: ticket.id },
    });
    await staff.next('ticket.status_changed', (e) => e.data.ticket_id === ticket.id);

    sent = Date.now();
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'Hello from the team' });
    const message = await mine.next('message.created');
    expect(message.at - sent).toBeLessThan(1000);
    expect(message.data).toMatchObject({
      ticket_id: ticket.id,
      message: { body: 'Hello from the team', internal: false },
    });

    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id });
    await staff.next('notification.created', (e) => (e.data.notification as { kind: string }).kind === 'assigned');
    await mine.next('ticket.assigned');

    await sleep(200);
    expect(theirs.events).toEqual([]);
  });

  it('never carry an internal note to the customer, but carry it to staff', async () => {
    const ticket = await openTicket(t, customer);
    await care.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: preparer.id });
    const mine = await open(customer);
    const staff = await open(prep);
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'STAFF-EYES-ONLY', internal: true });
    const seen = await staff.next('message.created', (e) => e.data.ticket_id === ticket.id);
    expect(seen.data).toMatchObject({ message: { body: 'STAFF-EYES-ONLY', internal: true } });
    await care.post(`/api/v1/tickets/${ticket.id}/messages`, { body: 'public reply' });
    await mine.next('message.created', (e) => e.data.ticket_id === ticket.id);
    await sleep(200);
    expect(JSON.stringify(mine.events)).not.toContain('STAFF-EYES-ONLY');
  });

  it('end when the server shuts down, without holding the shutdown up', async () => {
    const stream = await open(customer);
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stream.closedWithin(1000)).toBe(true);
  });
});
