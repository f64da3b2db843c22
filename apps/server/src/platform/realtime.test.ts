import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { EventStream, sleep } from '../test/sse.ts';
import { createRealtimeHub, isFor, streamEvents, type RealtimeEvent, type RealtimeHub } from './realtime.ts';

let t: TestApp;
let hub: RealtimeHub;
beforeAll(async () => {
  t = await createTestApp();
  hub = createRealtimeHub(t.database, t.app.log);
  await hub.start();
});
afterAll(async () => {
  await hub.stop();
  await t.close();
});

const collector = (userId: string, isStaff: boolean) => {
  const got: RealtimeEvent[] = [];
  return { got, sub: { userId, isStaff, send: (e: RealtimeEvent) => got.push(e), close: () => {} } };
};

describe('the realtime hub', () => {
  it('decides who an event is for: listed users, staff, and staff-only events never for a customer', () => {
    expect(isFor({ u: ['a'] }, { userId: 'a', isStaff: false })).toBe(true);
    expect(isFor({ u: ['a'] }, { userId: 'b', isStaff: true })).toBe(false);
    expect(isFor({ s: true }, { userId: 'b', isStaff: true })).toBe(true);
    expect(isFor({ s: true }, { userId: 'c', isStaff: false })).toBe(false);
    expect(isFor({ u: ['c'], s: true, o: true }, { userId: 'c', isStaff: false })).toBe(false);
    expect(isFor({ u: ['c'], s: true, o: true }, { userId: 'd', isStaff: true })).toBe(true);
  });

  it('fans events out through LISTEN/NOTIFY to the right subscribers only', async () => {
    const customer = collector('cust-1', false);
    const other = collector('cust-2', false);
    const staff = collector('staff-1', true);
    const subs = [customer, other, staff].map((c) => hub.subscribe(c.sub));
    await hub.publish({ users: ['cust-1'], staff: true }, { type: 'ticket.status_changed', ticket_id: 't1' });
    await hub.publish({ staff: true, staffOnly: true }, { type: 'message.created', ticket_id: 't1', secret: true });
    for (let i = 0; i < 50 && staff.got.length < 2; i++) await sleep(10);
    expect(customer.got.map((e) => e.type)).toEqual(['ticket.status_changed']);
    expect(other.got).toEqual([]);
    expect(staff.got.map((e) => e.type)).toEqual(['ticket.status_changed', 'message.created']);
    for (const unsubscribe of subs) unsubscribe();
    expect(hub.connectionCount()).toBe(0);
  });

  it('sends ids only when an event is too large for NOTIFY', async () => {
    const c = collector('u-big', false);
    const unsubscribe = hub.subscribe(c.sub);
    await hub.publish(
      { users: ['u-big'] },
      { type: 'message.created', ticket_id: 't9', ticket_name: 'TD.0009', body: 'é'.repeat(8000) },
    );
    for (let i = 0; i < 50 && c.got.length < 1; i++) await sleep(10);
    expect(c.got).toEqual([{ type: 'message.created', truncated: true, ticket_id: 't9', ticket_name: 'TD.0009' }]);
    unsubscribe();
  });
});

describe('an event stream', () => {
  it('says ready, sends events and heartbeats, and ends when the server closes, without holding it up', async () => {
    const app = Fastify();
    const local = createRealtimeHub(t.database, t.app.log);
    await local.start();
    app.get('/events', async (req, reply) =>
      streamEvents(req, reply, local, { userId: 'u1', isStaff: false }, { heartbeatMs: 50 }),
    );
    app.addHook('preClose', async () => local.closeConnections());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const { status, stream } = await EventStream.open(`http://127.0.0.1:${port}`, null, '/events');
    expect(status).toBe(200);
    await local.publish({ users: ['u1'] }, { type: 'notification.created', n: 1 });
    expect((await stream.next('notification.created')).data).toEqual({ type: 'notification.created', n: 1 });
    await sleep(180);
    expect(stream.comments.filter((c) => c === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await stream.closedWithin(1000)).toBe(true);
    expect(local.connectionCount()).toBe(0);
    await local.stop();
  });
});
