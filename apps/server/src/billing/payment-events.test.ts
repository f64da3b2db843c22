import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStream, listenOnce } from '../test/sse.ts';
import { issuedInvoice, people, createBillingTestApp, type BillingTestApp, type People } from './test/billing-app.ts';

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
