import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import { invoices, outbox, paymentEntries, paymentEvents, tickets } from '../platform/db/schema.ts';
import { issuedInvoice, people, createBillingTestApp, type BillingTestApp, type People } from './test/billing-app.ts';
import { FakeStripe } from './test/fake-stripe.ts';

let t: BillingTestApp;
let p: People;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await createBillingTestApp({ stripe: fake });
  p = await people(t);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const deliver = (d: { payload: string; header: string }, opts: { header?: string; payload?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    payload: opts.payload ?? d.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': opts.header ?? d.header },
  });
const entriesOf = (invoiceId: string) =>
  t.database.db.select().from(paymentEntries).where(eq(paymentEntries.invoice_id, invoiceId));
const statusOf = async (invoiceId: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;

/** An issued invoice whose intent the customer has just paid in Stripe's frame. */
async function paidAtStripe() {
  const { invoice, ticket } = await issuedInvoice(t, p);
  const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json()
    .payment_intent_id as string;
  const intent = fake.succeed(intentId);
  return { invoice, ticket, intent };
}

describe('signature', () => {
  it('refuses a tampered body, a wrong secret, a missing header and a replay older than 5 minutes (400, no effect)', async () => {
    const { invoice, intent } = await paidAtStripe();
    const good = fake.event('payment_intent.succeeded', intent);
    const tampered = await deliver(good, { payload: good.payload.replace('"amount":19900', '"amount":100') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().detail).toBe(BILLING_MESSAGES.webhookSignatureInvalid);
    const wrongSecret = fake.event('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    expect((await deliver(wrongSecret)).statusCode).toBe(400);
    expect((await deliver(good, { header: '' })).statusCode).toBe(400);
    const old = fake.event('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await deliver(old)).statusCode).toBe(400);

    expect(await statusOf(invoice.id)).toBe('Unpaid');
    expect(await entriesOf(invoice.id)).toEqual([]);
    expect(await t.database.db.select().from(paymentEvents)).toEqual([]);

    // Within the tolerance it is accepted.
    const recent = fake.event('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect((await deliver(recent)).statusCode).toBe(200);
  });
});

describe('payment_intent.succeeded', () => {
  it('completes a payment whose confirm never ran (server killed between Stripe and our write)', async () => {
    const { invoice, ticket, intent } = await paidAtStripe();
    const res = await deliver(fake.event('payment_intent.succeeded', intent));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(invoice.id)).toBe('Paid');
    const [entry] = await entriesOf(invoice.id);
    expect(entry).toMatchObject({
      reference_number: intent.id,
      reference_name: invoice.name,
      paid_amount_cents: 19900,
      party: p.customerId,
    });
    expect((await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.status).toBe(
      'Payment Collected',
    );
    const receipts = (await t.database.db.select().from(outbox)).filter(
      (m) => m.subject === `Receipt for ${invoice.name}`,
    );
    expect(receipts).toHaveLength(1);
    // The customer's page confirms afterwards: Success, nothing new.
    const confirm = await p.customer.post(`/api/v1/invoices/${invoice.id}/payments/confirm`, {
      payment_intent_id: intent.id,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe('Paid successfully');
    expect(await entriesOf(invoice.id)).toHaveLength(1);
  });

  it('the same event delivered twice at the same moment makes one payment entry', async () => {
    const { invoice, intent } = await paidAtStripe();
    const event = fake.event('payment_intent.succeeded', intent);
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await entriesOf(invoice.id)).toHaveLength(1);
    // And again later: still one.
    expect((await deliver(event)).json().duplicate).toBe(true);
    expect(await entriesOf(invoice.id)).toHaveLength(1);
    const receipts = (await t.database.db.select().from(outbox)).filter(
      (m) => m.subject === `Receipt for ${invoice.name}`,
    );
    expect(receipts).toHaveLength(1);
  });

  it('confirm and webhook at the same moment make one payment entry', async () => {
    const { invoice, intent } = await paidAtStripe();
    const [hook, hook2, confirm] = await Promise.all([
      deliver(fake.event('payment_intent.succeeded', intent)),
      deliver(fake.event('payment_intent.succeeded', intent)),
      p.customer.post(`/api/v1/invoices/${invoice.id}/payments/confirm`, { payment_intent_id: intent.id }),
    ]);
    expect([hook.statusCode, hook2.statusCode, confirm.statusCode]).toEqual([200, 200, 200]);
    expect(confirm.json().message).toBe('Paid successfully');
    expect(await entriesOf(invoice.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.paid_cents).toBe(19900);
  });

  it('repairs a confirm whose write failed', async () => {
    const { invoice, intent } = await paidAtStripe();
    // The confirm call died before commit: nothing recorded (see payments-stripe.test.ts for the 500 itself).
    expect(await entriesOf(invoice.id)).toEqual([]);
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await statusOf(invoice.id)).toBe('Paid');
  });

  it('records but does not apply a payment whose amount does not match', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const odd = fake.succeed(
      fake.createIntent({ amount: 500, currency: 'usd', metadata: { invoice_id: invoice.id } }).id,
    );
    const event = fake.event('payment_intent.succeeded', odd);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(invoice.id)).toBe('Unpaid');
    expect(await entriesOf(invoice.id)).toEqual([]);
    const [ev] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.event_id, JSON.parse(event.payload).id));
    expect(ev!.outcome).toBe('amount_mismatch');
  });

  it('pays an invoice cancelled while the customer was paying: money received is never dropped', async () => {
    const { invoice, intent } = await paidAtStripe();
    await t.database.db.update(invoices).set({ status: 'Cancelled' }).where(eq(invoices.id, invoice.id));
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await statusOf(invoice.id)).toBe('Paid');
    expect(await entriesOf(invoice.id)).toHaveLength(1);
  });
});

describe('other events', () => {
  it('payment_intent.payment_failed records the decline; the invoice stays payable', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    const declined = fake.decline(intentId);
    expect((await deliver(fake.event('payment_intent.payment_failed', declined))).statusCode).toBe(200);
    const inv = (await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json();
    expect(inv.status).toBe('Unpaid');
    expect(inv.last_payment_error).toBe('Your card was declined.');
  });

  it('charge.refunded (from the Stripe dashboard) follows partial then full refunds, once each', async () => {
    const { invoice, intent } = await paidAtStripe();
    await deliver(fake.event('payment_intent.succeeded', intent));
    const partial = fake.event('charge.refunded', fake.chargeOf(intent, 5000));
    expect((await deliver(partial)).statusCode).toBe(200);
    expect((await deliver(partial)).json().duplicate).toBe(true);
    let [entry] = await entriesOf(invoice.id);
    expect(entry).toMatchObject({ status: 'Partly Refunded', refunded_cents: 5000 });
    expect(await statusOf(invoice.id)).toBe('Paid');

    expect((await deliver(fake.event('charge.refunded', fake.chargeOf(intent, 19900)))).statusCode).toBe(200);
    [entry] = await entriesOf(invoice.id);
    expect(entry).toMatchObject({ status: 'Refunded', refunded_cents: 19900 });
    expect(await statusOf(invoice.id)).toBe('Refunded');
    // An older, smaller running total arriving late changes nothing.
    expect((await deliver(fake.event('charge.refunded', fake.chargeOf(intent, 5000)))).statusCode).toBe(200);
    expect((await entriesOf(invoice.id))[0]!.refunded_cents).toBe(19900);
  });

  it('acknowledges events it does not handle', async () => {
    const res = await deliver(fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().duplicate).toBe(false);
  });
});
