import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, ENGAGEMENT_MESSAGES, type Invoice, type Letter } from '@taxportal/contract';
import { randomUUID } from 'node:crypto';
// The payment's one recording path, called as a late webhook would (billing's index does not offer it to features).
// eslint-disable-next-line import-x/no-restricted-paths
import { completePaymentTx } from '../billing/payment-completion.ts';
import { auditLog, customerCredits, invoices, tickets } from '../platform/db/schema.ts';
import { createCustomer, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket, pickService } from '../test/ticket-fixtures.ts';
import {
  confirmAndSign,
  defaultTemplate,
  jointLetter,
  LETTERS,
  people,
  sendLetter,
  withTotp,
} from './engagement.fixtures.ts';

/**
 * A letter's deposit (docs/decisions/0036): billing's deposit invoice made when every party has signed, paid by card
 * as any invoice, credited (to its ticket only) on the ticket's invoice; a refund withdraws what is unused.
 */
let t: TestApp;
let admin: Agent;
let preparer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
  await defaultTemplate(t, admin);
}, 120_000);
afterAll(async () => t.close());

const DEPOSIT = 5000;

/** The customer pays the invoice with the test provider's good card (as billing's own tests do). */
async function payByTestCard(customer: Agent, invoiceId: string) {
  const intent = (await customer.post(`/api/v1/invoices/${invoiceId}/payment-intent`)).json();
  return customer.post(`/api/v1/invoices/${invoiceId}/payments/test-card`, {
    payment_intent_id: intent.payment_intent_id,
    card_number: '4242 4242 4242 4242',
    exp: '12/34',
    cvc: '123',
  });
}

/** Another ticket of the customer, straight in the table. */
async function anotherTicket(customerId: string) {
  const s = await pickService(t);
  const id = randomUUID();
  await t.database.db
    .insert(tickets)
    .values({ id, customer_id: customerId, service_id: s.service_id, service_type_id: s.service_type_id, year: 2022 });
  return { id };
}

async function depositLetter(name: string, deposit = DEPOSIT, fees?: number) {
  const client = await withTotp(t, name);
  const ticket = await openTicket(t, client.agent);
  const services = fees ? { services: [{ name: 'Return and planning', fee_cents: fees }] } : {};
  const letter = await sendLetter(preparer, ticket.id, { deposit_cents: deposit, ...services });
  return { client, ticket, letter };
}

async function sign(c: Awaited<ReturnType<typeof depositLetter>>) {
  const res = await confirmAndSign(c.client.agent, c.letter.id, c.client.code(), c.client.full_name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Letter;
}

const depositsOf = (ticketId: string) =>
  t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.ticket_id, ticketId), eq(invoices.kind, 'deposit')));

/** Staff invoice the ticket (moved to Ready For Invoice) and issue it; the invoice's JSON. */
async function finalInvoice(ticketId: string, lines?: { description: string; unit_amount_cents: number }[]) {
  await forceStatus(t, ticketId, 'Ready For Invoice');
  const res = await preparer.post('/api/v1/invoices', {
    ticket_id: ticketId,
    issue: true,
    ...(lines ? { lines } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Invoice;
}

describe('the deposit invoice', () => {
  it('is made when the letter is signed, with one line and no tax; the client sees it due, and in billing', async () => {
    const c = await depositLetter('Dee Deposit');
    expect(c.letter).toMatchObject({ deposit_cents: DEPOSIT, deposit_invoice_id: null, deposit: null });
    expect(await depositsOf(c.ticket.id)).toEqual([]);

    const signed = await sign(c);
    expect(signed.deposit).toMatchObject({ amount_cents: DEPOSIT, status: 'due' });
    expect(signed.deposit_invoice_id).toBe(signed.deposit!.invoice_id);
    const invoice = (await c.client.agent.get(`/api/v1/invoices/${signed.deposit_invoice_id}`)).json() as Invoice;
    expect(invoice).toMatchObject({
      kind: 'deposit',
      status: 'Unpaid',
      ticket_id: c.ticket.id,
      customer_id: c.client.id,
      grand_total_cents: DEPOSIT,
      tax_cents: 0,
      tax: null,
      outstanding_cents: DEPOSIT,
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ description: 'Deposit — engagement letter for 2023', amount_cents: DEPOSIT }),
    ]);
    const list = (await c.client.agent.get('/api/v1/invoices')).json() as { items: Invoice[] };
    expect(list.items.map((i) => [i.id, i.kind])).toEqual([[invoice.id, 'deposit']]);
    // It is not the ticket's invoice: the ticket still has none, and staff may make it.
    expect((await c.client.agent.get(`/api/v1/tickets/${c.ticket.id}/invoice`)).json()).toEqual({ invoice: null });
    expect((await preparer.post('/api/v1/invoices', { ticket_id: c.ticket.id })).statusCode).toBe(201);
  });

  it('is never made for a declined or voided letter, nor for a letter without a deposit', async () => {
    const declined = await depositLetter('Dan Decline');
    expect(
      (await declined.client.agent.post(`${LETTERS}/${declined.letter.id}/decline`, { reason: 'No' })).statusCode,
    ).toBe(200);
    const voided = await depositLetter('Vic Void');
    expect((await preparer.post(`${LETTERS}/${voided.letter.id}/void`)).statusCode).toBe(200);
    const none = await depositLetter('Nia None');
    const plain = await withTotp(t, 'Pat Plain');
    const plainTicket = await openTicket(t, plain.agent);
    const plainLetter = await sendLetter(preparer, plainTicket.id);
    const res = await confirmAndSign(plain.agent, plainLetter.id, plain.code(), plain.full_name);
    expect((res.json() as Letter).deposit).toBeNull();
    for (const id of [declined.ticket.id, voided.ticket.id, none.ticket.id, plainTicket.id])
      expect(await depositsOf(id)).toEqual([]);
  });

  it('is made once for a joint letter, after both have signed', async () => {
    await defaultTemplate(t, admin);
    const j = await jointLetter(t, preparer, admin);
    // jointLetter sends one without a deposit: void it and send one with.
    expect((await preparer.post(`${LETTERS}/${j.letter.id}/void`)).statusCode).toBe(200);
    const letter = await sendLetter(preparer, j.ticket.id, { deposit_cents: DEPOSIT });
    const first = await confirmAndSign(j.taxpayer.agent, letter.id, j.taxpayer.code(), j.taxpayer.full_name);
    expect((first.json() as Letter).deposit).toBeNull();
    expect(await depositsOf(j.ticket.id)).toEqual([]);
    const second = await confirmAndSign(j.spouse.agent, letter.id, j.spouse.code(), j.spouse.full_name);
    expect(second.statusCode, second.body).toBe(201);
    const done = second.json() as Letter;
    expect(done).toMatchObject({ state: 'signed', deposit: { status: 'due', amount_cents: DEPOSIT } });
    expect(await depositsOf(j.ticket.id)).toHaveLength(1);
    // The spouse, who files the joint return too, may see and pay it.
    expect((await j.spouse.agent.get(`/api/v1/invoices/${done.deposit_invoice_id}`)).statusCode).toBe(200);
  });

  it("refuses a deposit on a client's-year letter (422 on deposit_cents)", async () => {
    const c = await createCustomer(t, { full_name: 'Yara Year' });
    const res = await preparer.post(LETTERS, { customer_id: c.id, tax_year: 2024, deposit_cents: 1000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      field: 'deposit_cents',
      message: ENGAGEMENT_MESSAGES.depositNeedsTicket,
    });
  });
});

describe('paying the deposit', () => {
  it('is the client’s (staff 403, another customer 404); paid, it reads paid and leaves the ticket where it is', async () => {
    const c = await depositLetter('Paula Payer');
    const signed = await sign(c);
    const id = signed.deposit_invoice_id!;
    const other = await signIn(t, (await createCustomer(t, { full_name: 'Otto Other' })).email);
    expect((await other.get(`/api/v1/invoices/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/invoices/${id}/payment-intent`)).statusCode).toBe(404);
    expect((await preparer.post(`/api/v1/invoices/${id}/payment-intent`)).statusCode).toBe(403);
    const [before] = await t.database.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));

    const paid = await payByTestCard(c.client.agent, id);
    expect(paid.statusCode, paid.body).toBe(200);
    const letter = (await c.client.agent.get(`${LETTERS}/${c.letter.id}`)).json() as Letter;
    expect(letter.deposit).toMatchObject({ status: 'paid' });
    const [after] = await t.database.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(after!.status).toBe(before!.status);
    const credits = await t.database.db.select().from(customerCredits).where(eq(customerCredits.source_key, id));
    expect(credits).toEqual([
      expect.objectContaining({
        customer_id: c.client.id,
        ticket_id: c.ticket.id,
        amount_cents: DEPOSIT,
        source: 'deposit',
      }),
    ]);
    // A replayed completion (webhook after confirm) makes no second credit: the deposit invoice is its key.
    await expect(
      t.database.db.insert(customerCredits).values({
        id: randomUUID(),
        customer_id: c.client.id,
        ticket_id: c.ticket.id,
        amount_cents: DEPOSIT,
        currency: 'USD',
        description: 'again',
        source: 'deposit',
        source_key: id,
      }),
    ).rejects.toThrow();

    // Another ticket of the same client is not credited; the deposit's own ticket is, once, as a negative line.
    const second = await anotherTicket(c.client.id);
    const elsewhere = await finalInvoice(second.id);
    expect(elsewhere.lines.every((l) => l.amount_cents > 0)).toBe(true);
    const final = await finalInvoice(c.ticket.id);
    const depositName = (await c.client.agent.get(`/api/v1/invoices/${id}`)).json().name as string;
    const credit = final.lines.find((l) => l.amount_cents < 0);
    expect(credit).toMatchObject({ description: `Deposit paid (${depositName})`, amount_cents: -DEPOSIT });
    expect(final.grand_total_cents).toBe(final.subtotal_cents + final.tax_cents - DEPOSIT);
  });

  it('never takes the final invoice below zero; the rest carries to the ticket’s next invoice', async () => {
    const c = await depositLetter('Carl Carry', 30_000, 40_000);
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const small = await finalInvoice(c.ticket.id, [{ description: 'Part one', unit_amount_cents: 10_000 }]);
    expect(small).toMatchObject({ grand_total_cents: 0, status: 'Paid' });
    // What is left of the deposit shows on that invoice, to the client as to staff.
    expect(small.deposit_credit_left_cents).toBe(20_000);
    const seen = (await c.client.agent.get(`/api/v1/invoices/${small.id}`)).json() as Invoice;
    expect(seen.deposit_credit_left_cents).toBe(20_000);
    // The ticket's next invoice (the first set aside in the table: one live invoice per ticket) takes the rest.
    await t.database.db.update(invoices).set({ status: 'Refunded' }).where(eq(invoices.id, small.id));
    const next = await finalInvoice(c.ticket.id, [{ description: 'Part two', unit_amount_cents: 25_000 }]);
    expect(next.lines.find((l) => l.amount_cents < 0)!.amount_cents).toBe(-20_000);
    expect(next.grand_total_cents).toBe(5_000);
  });

  it('refunded before the final invoice: the credit is withdrawn and the final invoice takes none', async () => {
    const c = await depositLetter('Rhea Refund');
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const [entry] = (await admin.get(`/api/v1/payments?invoice_id=${id}`)).json().items;
    const refund = await admin.post(`/api/v1/payments/${entry.id}/refund`, { reason: 'requested_by_customer' });
    expect(refund.statusCode, refund.body).toBe(200);
    const [credit] = await t.database.db.select().from(customerCredits).where(eq(customerCredits.source_key, id));
    expect(credit!.withdrawn_cents).toBe(DEPOSIT);
    const letter = (await c.client.agent.get(`${LETTERS}/${c.letter.id}`)).json() as Letter;
    expect(letter.deposit).toMatchObject({ status: 'refunded' });
    const final = await finalInvoice(c.ticket.id);
    expect(final.lines.every((l) => l.amount_cents > 0)).toBe(true);
  });
});

const ES = { headers: { 'accept-language': 'es' } };

async function refundOf(invoiceId: string, opts?: { headers: Record<string, string> }) {
  const [entry] = (await admin.get(`/api/v1/payments?invoice_id=${invoiceId}`)).json().items;
  return admin.post(`/api/v1/payments/${entry.id}/refund`, { reason: 'requested_by_customer' }, opts);
}

describe('refunding a deposit the ticket’s invoice used (issue 33 review)', () => {
  it('is refused (409, naming that invoice) until that invoice is cancelled; then the credit is withdrawn', async () => {
    const c = await depositLetter('Ursula Used');
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const final = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 20_000 }]);
    expect(final).toMatchObject({ status: 'Unpaid', grand_total_cents: 15_000, deposit_credit_left_cents: 0 });

    const refused = await refundOf(id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe(BILLING_MESSAGES.depositCreditUsed.replace('{{invoice}}', () => final.name));
    const es = await refundOf(id, ES);
    expect(es.statusCode).toBe(409);
    expect(es.json().detail).toBe(
      `Este depósito se acreditó en la factura ${final.name}: cancele esa factura primero.`,
    );
    // Nothing moved: the deposit stays paid, its credit on the final invoice, nothing withdrawn.
    expect((await c.client.agent.get(`/api/v1/invoices/${id}`)).json()).toMatchObject({ status: 'Paid' });
    const [credit] = await t.database.db.select().from(customerCredits).where(eq(customerCredits.source_key, id));
    expect(credit!.withdrawn_cents).toBe(0);

    // Cancelled, the final invoice frees the credit: the deposit is refunded, and a new invoice takes none of it.
    expect((await preparer.post(`/api/v1/invoices/${final.id}/cancel`)).statusCode).toBe(200);
    const refund = await refundOf(id);
    expect(refund.statusCode, refund.body).toBe(200);
    const [after] = await t.database.db.select().from(customerCredits).where(eq(customerCredits.source_key, id));
    expect(after!.withdrawn_cents).toBe(DEPOSIT);
    const next = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 20_000 }]);
    expect(next).toMatchObject({ grand_total_cents: 20_000, deposit_credit_left_cents: 0 });
  });
});

describe('an invoice smaller than the deposit (issue 33, testers round 3)', () => {
  it('covered by the deposit alone, it can be cancelled: the credit returns, a refund or a corrected invoice follows', async () => {
    const c = await depositLetter('Cora Covered', 10_000, 35_000);
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const small = await finalInvoice(c.ticket.id, [{ description: 'Typo', unit_amount_cents: 5_000 }]);
    expect(small).toMatchObject({ status: 'Paid', grand_total_cents: 0, paid_cents: 0 });
    expect(small.deposit_credit_left_cents).toBe(5_000);
    // The client cannot cancel it; staff can, once.
    expect((await c.client.agent.post(`/api/v1/invoices/${small.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await preparer.post(`/api/v1/invoices/${small.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled' });
    expect((await preparer.post(`/api/v1/invoices/${small.id}/cancel`)).statusCode).toBe(409);
    // The corrected invoice takes the whole deposit again.
    const fixed = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 35_000 }]);
    expect(fixed.lines.find((l) => l.amount_cents < 0)!.amount_cents).toBe(-10_000);
    expect(fixed).toMatchObject({ status: 'Unpaid', grand_total_cents: 25_000, deposit_credit_left_cents: 0 });
  });

  it('an invoice the client paid by card is still not cancelled (409), its credit line kept', async () => {
    const c = await depositLetter('Paula Paid', 10_000, 35_000);
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const final = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 30_000 }]);
    expect((await payByTestCard(c.client.agent, final.id)).statusCode).toBe(200);
    const refused = await preparer.post(`/api/v1/invoices/${final.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(BILLING_MESSAGES.invoiceAlreadyPaid);
    expect((await refundOf(id)).statusCode).toBe(409);
  });
});

describe('the ticket’s invoice issued while the deposit is unpaid (issue 33 review)', () => {
  it('cancels the deposit (audited); the client’s open pay dialog is refused; the invoice takes no credit', async () => {
    const c = await depositLetter('Ivan Issue');
    const id = (await sign(c)).deposit_invoice_id!;
    // The client opened the pay dialog: an intent exists.
    const intent = (await c.client.agent.post(`/api/v1/invoices/${id}/payment-intent`)).json();
    expect(intent.payment_intent_id).toBeTruthy();
    const final = await finalInvoice(c.ticket.id);
    expect(final.lines.every((l) => l.amount_cents > 0)).toBe(true);
    const deposit = (await c.client.agent.get(`/api/v1/invoices/${id}`)).json() as Invoice;
    expect(deposit.status).toBe('Cancelled');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, id), eq(auditLog.action, 'invoice.cancel')));
    expect(entries).toEqual([expect.objectContaining({ meta: expect.objectContaining({ invoice: final.name }) })]);
    const pay = await c.client.agent.post(`/api/v1/invoices/${id}/payments/test-card`, {
      payment_intent_id: intent.payment_intent_id,
      card_number: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().detail).toBe(BILLING_MESSAGES.invoiceNotPayable);
    expect((await c.client.agent.post(`/api/v1/invoices/${id}/payment-intent`)).statusCode).toBe(409);
    const letter = (await c.client.agent.get(`${LETTERS}/${c.letter.id}`)).json() as Letter;
    expect(letter.deposit).toMatchObject({ status: 'cancelled' });
  });

  it('a paid deposit is not cancelled: the invoice takes its credit', async () => {
    const c = await depositLetter('Pia Paidfirst');
    const id = (await sign(c)).deposit_invoice_id!;
    expect((await payByTestCard(c.client.agent, id)).statusCode).toBe(200);
    const final = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 20_000 }]);
    expect(final.grand_total_cents).toBe(15_000);
    expect((await c.client.agent.get(`/api/v1/invoices/${id}`)).json()).toMatchObject({ status: 'Paid' });
  });

  it('a payment completing after the cancel (a late webhook) is still recorded: its credit carries, refundable', async () => {
    const c = await depositLetter('Lars Late');
    const id = (await sign(c)).deposit_invoice_id!;
    const final = await finalInvoice(c.ticket.id, [{ description: 'Return', unit_amount_cents: 20_000 }]);
    expect(final.grand_total_cents).toBe(20_000);
    const intent: Parameters<typeof completePaymentTx>[2] = {
      id: `pi_late_${randomUUID()}`,
      status: 'succeeded',
      amount: DEPOSIT,
      amount_received: DEPOSIT,
      currency: 'usd',
      client_secret: null,
      last_error: null,
      metadata: { invoice_id: id },
    };
    const done = await t.database.db.transaction((tx) =>
      completePaymentTx(tx, { now: () => new Date(), provider: { kind: 'test' } as never }, intent, null),
    );
    expect(done?.created).toBe(true);
    expect((await c.client.agent.get(`/api/v1/invoices/${id}`)).json()).toMatchObject({ status: 'Paid' });
    // The money is not lost: the credit exists, unused, shown on the ticket's invoice, and refundable.
    const seen = (await c.client.agent.get(`/api/v1/invoices/${final.id}`)).json() as Invoice;
    expect(seen.deposit_credit_left_cents).toBe(DEPOSIT);
  });
});

describe('a deposit above the letter’s fees (issue 33 review)', () => {
  it('is refused on create (422 on deposit_cents, English and Spanish) and skipped by a batch', async () => {
    const client = await withTotp(t, 'Fiona Fees');
    const ticket = await openTicket(t, client.agent);
    const ok = await sendLetter(preparer, ticket.id, { deposit_cents: 1, send: false });
    const fees = ok.total_cents;
    expect((await preparer.post(`${LETTERS}/${ok.id}/void`)).statusCode).toBe(200);
    const res = await preparer.post(LETTERS, { ticket_id: ticket.id, deposit_cents: fees + 1 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      field: 'deposit_cents',
      message: ENGAGEMENT_MESSAGES.depositOverFees,
    });
    const es = await preparer.post(LETTERS, { ticket_id: ticket.id, deposit_cents: fees + 1 }, ES);
    expect(es.json().errors[0].message).toBe('El depósito no puede ser mayor que el total de honorarios de la carta.');
    // Exactly the fees is allowed.
    const whole = await sendLetter(preparer, ticket.id, { deposit_cents: fees });
    expect(whole.deposit_cents).toBe(fees);
    expect((await preparer.post(`${LETTERS}/${whole.id}/void`)).statusCode).toBe(200);

    const preview = await preparer.post(`${LETTERS}/batches/preview`, {
      tax_year: 2023,
      ticket_ids: [ticket.id],
      deposit_cents: fees + 1,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ to_send: 0, skipped: [{ reason: 'deposit_over_fees', count: 1 }] });
  });

  it('a draft kept with a deposit above its fees is refused when sent', async () => {
    const client = await withTotp(t, 'Dora Draft');
    const ticket = await openTicket(t, client.agent);
    const draft = await sendLetter(preparer, ticket.id, { deposit_cents: 1, send: false });
    await t.database.db.execute(
      sql`update engagement_letters set deposit_cents = total_cents + 1 where id = ${draft.id}`,
    );
    const res = await preparer.post(`${LETTERS}/${draft.id}/send`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      field: 'deposit_cents',
      message: ENGAGEMENT_MESSAGES.depositOverFees,
    });
  });
});
