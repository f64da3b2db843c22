import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import {
  invoices,
  notifications,
  outbox,
  paymentEntries,
  testPaymentIntents,
  tickets,
  ticketStatusChanges,
} from '../platform/db/schema.ts';
import { issuedInvoice, people, createBillingTestApp, type BillingTestApp, type People } from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
});
afterAll(async () => t.close());

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const payWith = (id: string, intentId: string, card_number: string) =>
  p.customer.post(`/api/v1/invoices/${id}/payments/test-card`, {
    payment_intent_id: intentId,
    card_number,
    exp: '12/34',
    cvc: '123',
  });
const entriesOf = (invoiceId: string) =>
  t.database.db.select().from(paymentEntries).where(eq(paymentEntries.invoice_id, invoiceId));

describe('test mode (no Stripe keys)', () => {
  it('says so in the payment config', async () => {
    const res = await p.customer.get('/api/v1/payments/config');
    expect(res.json()).toEqual({
      provider: 'test',
      publishable_key: null,
      test_cards: [
        { number: GOOD, outcome: 'succeeds' },
        { number: DECLINED, outcome: 'declined' },
      ],
    });
  });

  it('pays with 4242: Paid successfully, invoice Paid, one payment entry, ticket Payment Collected, receipt', async () => {
    const { invoice, ticket } = await issuedInvoice(t, p);
    const intent = await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`);
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({
      amount_cents: 19900,
      currency: 'USD',
      provider: 'test',
      publishable_key: null,
    });
    expect(intent.json().client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    // Asking again offers the same intent, not a second one.
    expect((await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id).toBe(
      intent.json().payment_intent_id,
    );

    const res = await payWith(invoice.id, intent.json().payment_intent_id, GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', message: 'Paid successfully', invoice_id: invoice.id });

    const after = (await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json();
    expect(after.status).toBe('Paid');
    expect(after.paid_cents).toBe(19900);
    expect(after.outstanding_cents).toBe(0);
    expect(after.payments).toHaveLength(1);

    const [entry, ...rest] = await entriesOf(invoice.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      party: p.customerId,
      party_name: 'Jamie Taxpayer',
      paid_amount_cents: 19900,
      currency: 'USD',
      reference_number: intent.json().payment_intent_id,
      mode_of_payment: 'Card',
      reference_name: invoice.name,
      provider: 'test',
      status: 'Submitted',
    });
    expect(entry!.name).toBe(res.json().payment_entry);
    expect(entry!.posting_date).toBe(new Date().toISOString().slice(0, 10));
    expect(entry!.reference_date).toBe(entry!.posting_date);

    const [tk] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(tk!.status).toBe('Payment Collected');
    expect(tk!.version).toBe(2);
    const history = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticket_id, ticket.id));
    expect(history).toEqual([
      expect.objectContaining({
        from_status: 'Ready For Invoice',
        to_status: 'Payment Collected',
        changed_by: p.customerId,
      }),
    ]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.user_id, p.customerId));
    expect(notes.some((n) => n.title.startsWith('Payment received') && n.ticket_id === ticket.id)).toBe(true);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, p.customerEmail));
    const receipt = mails.find((m) => m.subject === `Receipt for ${invoice.name}`);
    expect(receipt?.text).toContain('$199.00');
    expect(receipt?.text).not.toMatch(/4242/);

    // Confirming again (the page reloaded) answers Success and writes nothing new.
    const again = await p.customer.post(`/api/v1/invoices/${invoice.id}/payments/confirm`, {
      payment_intent_id: intent.json().payment_intent_id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Paid successfully');
    expect(await entriesOf(invoice.id)).toHaveLength(1);
  });

  it("declines 4000 0000 0000 0002 with 'Payment Failed'; the invoice stays payable and can then be paid", async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    const res = await payWith(invoice.id, intentId, DECLINED);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BILLING_MESSAGES.paymentFailed);
    expect(res.json().errors[0].message).toBe(BILLING_MESSAGES.cardDeclined);
    const after = (await p.admin.get(`/api/v1/invoices/${invoice.id}`)).json();
    expect(after.status).toBe('Unpaid');
    expect(after.last_payment_error).toBe(BILLING_MESSAGES.cardDeclined);
    expect(await entriesOf(invoice.id)).toEqual([]);

    const confirm = await p.customer.post(`/api/v1/invoices/${invoice.id}/payments/confirm`, {
      payment_intent_id: intentId,
    });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json().detail).toBe(BILLING_MESSAGES.paymentFailed);

    // Same intent, a good card.
    const retry = await payWith(
      invoice.id,
      (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id,
      GOOD,
    );
    expect(retry.statusCode).toBe(200);
    expect((await p.admin.get(`/api/v1/invoices/${invoice.id}`)).json().last_payment_error).toBeNull();
  });

  it('refuses an unknown card number, and test cards are never stored', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    const res = await payWith(invoice.id, intentId, '5555 5555 5555 4444');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('card_number');
    const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    expect(JSON.stringify(row)).not.toMatch(/5555|4242/);
  });

  it('refuses to pay a Paid (409) or Cancelled (409) invoice', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    expect((await payWith(invoice.id, intentId, GOOD)).statusCode).toBe(200);
    const paidIntent = await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`);
    expect(paidIntent.statusCode).toBe(409);
    expect(paidIntent.json().detail).toBe(BILLING_MESSAGES.invoiceAlreadyPaid);
    expect((await payWith(invoice.id, intentId, GOOD)).statusCode).toBe(409);

    const { invoice: cancelled } = await issuedInvoice(t, p);
    const cIntent = (await p.customer.post(`/api/v1/invoices/${cancelled.id}/payment-intent`)).json().payment_intent_id;
    expect((await p.preparer.post(`/api/v1/invoices/${cancelled.id}/cancel`)).statusCode).toBe(200);
    // Cancelling also cancelled the open intent.
    const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, cIntent));
    expect(row!.status).toBe('canceled');
    expect((await p.customer.post(`/api/v1/invoices/${cancelled.id}/payment-intent`)).statusCode).toBe(409);
    expect(
      (await p.customer.post(`/api/v1/invoices/${cancelled.id}/payments/confirm`, { payment_intent_id: cIntent }))
        .statusCode,
    ).toBe(409);
    expect((await payWith(cancelled.id, cIntent, GOOD)).statusCode).toBe(409);
  });

  it('refuses an intent of another invoice or an amount that does not match', async () => {
    const { invoice: a } = await issuedInvoice(t, p);
    const { invoice: b } = await issuedInvoice(t, p);
    const intentA = (await p.customer.post(`/api/v1/invoices/${a.id}/payment-intent`)).json().payment_intent_id;
    const wrongInvoice = await payWith(b.id, intentA, GOOD);
    expect(wrongInvoice.statusCode).toBe(422);
    expect(wrongInvoice.json().detail).toBe(BILLING_MESSAGES.paymentNotForInvoice);

    // An intent for this invoice whose amount is not the invoice's (crafted, as an attacker would try).
    await t.database.db.insert(testPaymentIntents).values({
      id: 'pi_test_crafted',
      client_secret: 'pi_test_crafted_secret_x',
      idempotency_key: 'crafted',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      metadata: { invoice_id: b.id },
    });
    const res = await p.customer.post(`/api/v1/invoices/${b.id}/payments/confirm`, {
      payment_intent_id: 'pi_test_crafted',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BILLING_MESSAGES.amountMismatch);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, b.id));
    expect(row!.status).toBe('Unpaid');
    expect(await entriesOf(b.id)).toEqual([]);
  });

  it('Admin refunds: entry and invoice Refunded; the payment list shows it; a second refund is refused', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    await payWith(invoice.id, intentId, GOOD);
    const list = await p.admin.get(`/api/v1/payments?invoice_id=${invoice.id}`);
    expect(list.statusCode).toBe(200);
    const [entry] = list.json().items;
    expect(entry.reference_number).toBe(intentId);

    expect((await p.customer.post(`/api/v1/payments/${entry.id}/refund`, {})).statusCode).toBe(403);
    const res = await p.admin.post(`/api/v1/payments/${entry.id}/refund`, { reason: 'requested_by_customer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Refunded', refunded_cents: 19900 });
    const inv = (await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json();
    expect(inv.status).toBe('Refunded');
    expect(inv.refunded_cents).toBe(19900);
    expect((await p.admin.post(`/api/v1/payments/${entry.id}/refund`, {})).statusCode).toBe(409);
    // The staff totals count money kept, not money refunded.
    const totals = (await p.admin.get(`/api/v1/invoices?ticket_id=${invoice.ticket_id}`)).json().totals;
    expect(totals.paid_cents).toBe(0);
  });

  it('has no webhook (404) in test mode', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('notifications feature integration', () => {
  it("the customer's notification list still reads after billing notified them", async () => {
    const { invoice } = await issuedInvoice(t, p);
    const intentId = (await p.customer.post(`/api/v1/invoices/${invoice.id}/payment-intent`)).json().payment_intent_id;
    await payWith(invoice.id, intentId, GOOD);
    const res = await p.customer.get('/api/v1/notifications');
    expect(res.statusCode).toBe(200);
    const titles = res.json().items.map((n: { title: string }) => n.title);
    expect(titles).toContain(`Invoice ${invoice.name} is ready`);
    expect(titles).toContain(`Payment received for ${invoice.name}`);
  });
});
