import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import { invoices, paymentEntries, tickets } from '../platform/db/schema.ts';
import { issuedInvoice, people, createBillingTestApp, type BillingTestApp, type People } from './test/billing-app.ts';
import { FAKE_PUBLISHABLE_KEY, FakeStripe } from './test/fake-stripe.ts';

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

const newIntent = async (invoiceId: string) => {
  const res = await p.customer.post(`/api/v1/invoices/${invoiceId}/payment-intent`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const confirm = (invoiceId: string, intentId: string) =>
  p.customer.post(`/api/v1/invoices/${invoiceId}/payments/confirm`, { payment_intent_id: intentId });
const entriesOf = (invoiceId: string) =>
  t.database.db.select().from(paymentEntries).where(eq(paymentEntries.invoice_id, invoiceId));

describe('Stripe (real SDK, fake server)', () => {
  it('creates a PaymentIntent for the outstanding cents with an idempotency key and invoice metadata', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const before = fake.creates('/v1/payment_intents').length;
    const intent = await newIntent(invoice.id);
    expect(intent).toMatchObject({
      amount_cents: 19900,
      currency: 'USD',
      provider: 'stripe',
      publishable_key: FAKE_PUBLISHABLE_KEY,
    });
    expect(intent.client_secret).toBe(fake.intents.get(intent.payment_intent_id)!.client_secret);
    const creates = fake.creates('/v1/payment_intents').slice(before);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`invoice-${invoice.id}-attempt-1`);
    expect(creates[0]!.body).toMatchObject({
      amount: '19900',
      currency: 'usd',
      metadata: { invoice_id: invoice.id, invoice_name: invoice.name, customer_id: p.customerId },
      automatic_payment_methods: { enabled: 'true' },
    });

    // Reopening the dialog reuses the open intent (retrieve, no create).
    expect((await newIntent(invoice.id)).payment_intent_id).toBe(intent.payment_intent_id);
    expect(fake.creates('/v1/payment_intents').length).toBe(before + 1);

    // Once it can no longer be paid (cancelled at Stripe), the next attempt gets a new key.
    fake.intents.get(intent.payment_intent_id)!.status = 'canceled';
    const second = await newIntent(invoice.id);
    expect(second.payment_intent_id).not.toBe(intent.payment_intent_id);
    expect(fake.creates('/v1/payment_intents').at(-1)!.idempotencyKey).toBe(`invoice-${invoice.id}-attempt-2`);
  });

  it('two concurrent dialogs get the same intent (same idempotency key, replayed)', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const [a, b] = await Promise.all([newIntent(invoice.id), newIntent(invoice.id)]);
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.payment_intent_id).toBe(a.payment_intent_id);
  });

  it('confirms only what Stripe says succeeded: Paid successfully, invoice Paid, entry, ticket moved', async () => {
    const { invoice, ticket } = await issuedInvoice(t, p);
    const intent = await newIntent(invoice.id);
    const early = await confirm(invoice.id, intent.payment_intent_id);
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toBe(BILLING_MESSAGES.paymentFailed);

    fake.decline(intent.payment_intent_id);
    const declined = await confirm(invoice.id, intent.payment_intent_id);
    expect(declined.json().detail).toBe(BILLING_MESSAGES.paymentFailed);
    expect((await p.admin.get(`/api/v1/invoices/${invoice.id}`)).json().last_payment_error).toBe(
      'Your card was declined.',
    );

    fake.succeed(intent.payment_intent_id);
    const res = await confirm(invoice.id, intent.payment_intent_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', message: 'Paid successfully' });
    expect((await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json().status).toBe('Paid');
    const [entry] = await entriesOf(invoice.id);
    expect(entry).toMatchObject({
      reference_number: intent.payment_intent_id,
      provider: 'stripe',
      paid_amount_cents: 19900,
      mode_of_payment: 'Card',
    });
    const [tk] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(tk!.status).toBe('Payment Collected');
    // The test-card route does not exist outside test mode.
    const testCard = await p.customer.post(`/api/v1/invoices/${invoice.id}/payments/test-card`, {
      payment_intent_id: intent.payment_intent_id,
      card_number: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
    });
    expect(testCard.statusCode).toBe(404);
  });

  it('refuses an intent whose amount, currency or invoice does not match', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const { invoice: other } = await issuedInvoice(t, p);
    const cheap = fake.createIntent({ amount: 100, currency: 'usd', metadata: { invoice_id: invoice.id } });
    fake.succeed(cheap.id);
    const res = await confirm(invoice.id, cheap.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BILLING_MESSAGES.amountMismatch);
    const euro = fake.createIntent({ amount: 19900, currency: 'eur', metadata: { invoice_id: invoice.id } });
    fake.succeed(euro.id);
    expect((await confirm(invoice.id, euro.id)).json().detail).toBe(BILLING_MESSAGES.amountMismatch);
    const foreign = fake.createIntent({ amount: 19900, currency: 'usd', metadata: { invoice_id: other.id } });
    fake.succeed(foreign.id);
    expect((await confirm(invoice.id, foreign.id)).json().detail).toBe(BILLING_MESSAGES.paymentNotForInvoice);
    expect((await confirm(invoice.id, 'pi_unknown')).statusCode).toBe(422);
    expect((await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json().status).toBe('Unpaid');
    expect(await entriesOf(invoice.id)).toEqual([]);
  });

  it("answers 'Payment Entry Creation Failed' when the entry cannot be written, changing nothing", async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intent = await newIntent(invoice.id);
    fake.succeed(intent.payment_intent_id);
    await t.database.db.execute(
      sql`create function refuse_entry() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_entry before insert on payment_entries for each row execute function refuse_entry()`,
    );
    try {
      const res = await confirm(invoice.id, intent.payment_intent_id);
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toBe(BILLING_MESSAGES.paymentEntryCreationFailed);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row!.status).toBe('Unpaid');
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_entry on payment_entries`);
      await t.database.db.execute(sql`drop function refuse_entry()`);
    }
    // Once the fault clears, confirming (or the webhook: see webhook.test.ts) completes it.
    expect((await confirm(invoice.id, intent.payment_intent_id)).statusCode).toBe(200);
  });

  it('answers a provider outage with a clear error and writes nothing', async () => {
    const { invoice } = await issuedInvoice(t, p);
    fake.failNext = 1;
    const res = await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`);
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toBe(BILLING_MESSAGES.providerUnavailable);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.payment_intent_id).toBeNull();
  });

  it('cancelling an invoice cancels its open intent at Stripe; an intent that already succeeded is recorded instead', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intent = await newIntent(invoice.id);
    expect((await p.preparer.post(`/api/v1/invoices/${invoice.id}/cancel`)).statusCode).toBe(200);
    expect(fake.intents.get(intent.payment_intent_id)!.status).toBe('canceled');

    const { invoice: paidMeanwhile } = await issuedInvoice(t, p);
    const i2 = await newIntent(paidMeanwhile.id);
    fake.succeed(i2.payment_intent_id);
    const res = await p.preparer.post(`/api/v1/invoices/${paidMeanwhile.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect((await p.admin.get(`/api/v1/invoices/${paidMeanwhile.id}`)).json().status).toBe('Paid');
    expect(await entriesOf(paidMeanwhile.id)).toHaveLength(1);
  });

  it('Admin refund goes to Stripe once (idempotency key per entry); entry and invoice Refunded', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intent = await newIntent(invoice.id);
    fake.succeed(intent.payment_intent_id);
    await confirm(invoice.id, intent.payment_intent_id);
    const [entry] = await entriesOf(invoice.id);
    const [a, b] = await Promise.all([
      p.admin.post(`/api/v1/payments/${entry!.id}/refund`, {}),
      p.admin.post(`/api/v1/payments/${entry!.id}/refund`, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    const refunds = fake.creates('/v1/refunds').filter((r) => r.body.payment_intent === intent.payment_intent_id);
    expect(refunds.every((r) => r.idempotencyKey === `refund-${entry!.id}`)).toBe(true);
    expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.payment_intent_id)).toHaveLength(1);
    const [after] = await entriesOf(invoice.id);
    expect(after).toMatchObject({ status: 'Refunded', refunded_cents: 19900 });
    expect((await p.admin.get(`/api/v1/invoices/${invoice.id}`)).json().status).toBe('Refunded');
  });
});
