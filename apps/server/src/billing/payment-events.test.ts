import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEventSchema } from '@taxportal/contract';
import { EventStream, listenOnce, sleep, type SseEvent } from '../test/sse.ts';
import {
  createTicket,
  issuedInvoice,
  people,
  createBillingTestApp,
  type BillingTestApp,
  type People,
  payByTestCard,
} from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
let base: string;
const streams: EventStream[] = [];
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
  base = await listenOnce(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('a payment moves the ticket live', () => {
  it("sends Payment Collected to the customer's and staff's open browsers within a second, nothing to other customers", async () => {
    const { invoice, ticket } = await issuedInvoice(t, p);
    const open = async (agent: People['customer']) => {
      const { status, stream } = await EventStream.open(base, agent);
      expect(status).toBe(200);
      streams.push(stream);
      return stream;
    };
    const customer = await open(p.customer);
    const staff = await open(p.preparer);
    const stranger = await open(p.other);
    const intent = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json();
    const sent = Date.now();
    const paid = await p.customer.post(`/api/v1/invoices/${invoice.id}/payments/test-card`, {
      payment_intent_id: intent.payment_intent_id,
      card_number: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    for (const stream of [customer, staff]) {
      const event = await stream.next('ticket.status_changed', (e) => e.data.ticket_id === ticket.id);
      expect(event.at - sent).toBeLessThan(1000);
      expect(event.data).toMatchObject({
        ticket_id: ticket.id,
        from_status: 'Ready For Invoice',
        status: 'Payment Collected',
        changed_by: { id: p.customerId },
      });
    }
    // Another customer's browser hears nothing of it.
    expect(stranger.events.filter((e) => e.data.ticket_id === ticket.id)).toEqual([]);
  });
});

const titled = (prefix: string) => (e: SseEvent) =>
  ((e.data.notification as { title?: string } | undefined)?.title ?? '').startsWith(prefix);
const unreadOf = async (agent: People['customer']) => (await agent.get('/api/v1/notifications')).json().unread_count;

describe("billing's notifications reach the bell live", () => {
  const open = async (agent: People['customer']) => {
    const { status, stream } = await EventStream.open(base, agent);
    expect(status).toBe(200);
    streams.push(stream);
    return stream;
  };

  it("an invoice issued by staff: the customer's open browser gets it with the new unread count; nobody else does", async () => {
    const ticket = await createTicket(t, p.customerId);
    const draft = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoice = draft.json() as { id: string; name: string };
    const customer = await open(p.customer);
    const staff = await open(p.preparer);
    const stranger = await open(p.other);
    const unreadBefore = await unreadOf(p.customer);

    const sent = Date.now();
    const issued = await p.preparer.post(`/api/v1/invoices/${invoice.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const event = await customer.next('notification.created', titled(`Invoice ${invoice.name} is ready`));
    expect(event.at - sent).toBeLessThan(1000);
    // The web client drops what the contract does not describe: it must parse.
    expect(realtimeEventSchema.safeParse(event.data).success).toBe(true);
    expect(event.data).toMatchObject({
      type: 'notification.created',
      unread_count: unreadBefore + 1,
      notification: {
        kind: 'invoice',
        ticket_id: ticket.id,
        ticket_name: ticket.name,
        title: `Invoice ${invoice.name} is ready`,
        // A date people read ("due Dec 21, 2026."), not an ISO day.
        body: expect.stringMatching(/, due [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/),
        read: false,
      },
    });
    // The same notification the list then returns.
    const [newest] = (await p.customer.get('/api/v1/notifications')).json().items;
    expect(newest).toEqual(event.data.notification);

    await sleep(200);
    for (const other of [staff, stranger]) {
      expect(other.events.filter((e) => e.event === 'notification.created' && titled('Invoice')(e))).toEqual([]);
    }
  });

  it("a payment and an Admin's refund reach the customer's bell live too, and nobody else's", async () => {
    const { invoice } = await issuedInvoice(t, p);
    const customer = await open(p.customer);
    const stranger = await open(p.other);
    const paid = await payByTestCard(p.customer, invoice.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const received = await customer.next('notification.created', titled(`Payment received for ${invoice.name}`));
    expect(received.data.unread_count).toBe(await unreadOf(p.customer));

    const [entry] = (await p.admin.get(`/api/v1/payments?invoice_id=${invoice.id}`)).json().items;
    const refunded = await p.admin.post(`/api/v1/payments/${entry.id}/refund`, { reason: 'requested_by_customer' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = await customer.next('notification.created', titled(`Refund for ${invoice.name}`));
    expect(realtimeEventSchema.safeParse(refund.data).success).toBe(true);
    expect(refund.data.unread_count).toBe(await unreadOf(p.customer));
    // Another customer hears of neither, live or in their list.
    const aboutIt = (e: SseEvent) =>
      e.event === 'notification.created' && JSON.stringify(e.data).includes(invoice.name);
    expect(stranger.events.filter(aboutIt)).toEqual([]);
    const theirs = (await p.other.get('/api/v1/notifications')).json().items as { title: string }[];
    expect(theirs.filter((n) => n.title.includes(invoice.name))).toEqual([]);
  });
});
