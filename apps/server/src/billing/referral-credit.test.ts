import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerCredits,
  invoiceCreditLines,
  notifications,
  referrals,
  ticketStatusChanges,
  tickets,
} from '../platform/db/schema.ts';
import { saveLanguage } from '../platform/users.ts';
import { Agent, createCustomer, PASSWORD, signIn, uniqueEmail } from '../test/helper.ts';
import {
  createBillingTestApp,
  createTicket,
  payByTestCard,
  people,
  type BillingTestApp,
  type People,
} from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
});
afterAll(async () => t.close());

/** A new customer registered through `referrer`'s link. */
async function referredBy(referrer: Agent, full_name: string) {
  const code = (await referrer.get('/api/v1/referrals/dashboard')).json().code;
  const agent = new Agent(t.app);
  const res = await agent.post('/api/v1/auth/register', {
    full_name,
    email: uniqueEmail('referred'),
    phone: '+12025550123',
    password: PASSWORD,
    referral_code: code,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { agent, id: res.json().user.id as string };
}

/** Staff invoice a Ready For Invoice ticket of `customerId` and issue it. */
async function issueFor(customerId: string) {
  const ticket = await createTicket(t, customerId);
  const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const creditsOf = (customerId: string) =>
  t.database.db.select().from(customerCredits).where(eq(customerCredits.customer_id, customerId));

describe('the referral reward', () => {
  it('is granted once when two first payments of the referred customer race', async () => {
    await p.admin.put('/api/v1/admin/referrals/settings', { reward_cents: 2500 });
    const friend = await referredBy(p.customer, 'Rita Referred');
    const [one, two] = [await issueFor(friend.id), await issueFor(friend.id)];
    const paid = await Promise.all([payByTestCard(friend.agent, one.id), payByTestCard(friend.agent, two.id)]);
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200]);

    const credits = await creditsOf(p.customerId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount_cents: 2500, source: 'referral', source_key: friend.id });
    const [ref] = await t.database.db.select().from(referrals).where(eq(referrals.referred_id, friend.id));
    expect(ref!.first_paid_at).not.toBeNull();
    const dash = (await p.customer.get('/api/v1/referrals/dashboard')).json();
    expect(dash.counts).toMatchObject({ registered: 1, paying: 1 });
    expect(dash.referrals[0]).toMatchObject({ name: 'Rita R.', paying: true });

    // Another payment later earns nothing more.
    await payByTestCard(friend.agent, (await issueFor(friend.id)).id);
    expect(await creditsOf(p.customerId)).toHaveLength(1);
  });

  it("appears as a negative line on the referrer's next issued invoice, once", async () => {
    const invoice = await issueFor(p.customerId);
    const price = invoice.subtotal_cents + invoice.tax_cents;
    expect(invoice.lines.at(-1)).toMatchObject({
      description: 'Referral credit',
      quantity: 1,
      unit_amount_cents: -2500,
      amount_cents: -2500,
      service_id: null,
    });
    expect(invoice.grand_total_cents).toBe(price - 2500);
    expect(invoice.status).toBe('Unpaid');
    // The customer sees it too, and pays the net amount.
    const seen = (await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json();
    expect(seen.lines.map((l: { amount_cents: number }) => l.amount_cents)).toContain(-2500);
    expect((await payByTestCard(p.customer, invoice.id)).statusCode).toBe(200);
    expect((await p.customer.get(`/api/v1/invoices/${invoice.id}`)).json().paid_cents).toBe(price - 2500);
    // Used up: the next invoice is charged in full.
    const next = await issueFor(p.customerId);
    expect(next.grand_total_cents).toBe(price);
    expect(next.lines.some((l: { amount_cents: number }) => l.amount_cents < 0)).toBe(false);
  });

  it('never takes an invoice below zero: a covered invoice is paid, the rest carries to the next one', async () => {
    await p.admin.put('/api/v1/admin/referrals/settings', { reward_cents: 30_000 });
    const friend = await referredBy(p.other, 'Otto Second');
    expect((await payByTestCard(friend.agent, (await issueFor(friend.id)).id)).statusCode).toBe(200);
    expect((await creditsOf(p.otherId))[0]!.amount_cents).toBe(30_000);

    const covered = await issueFor(p.otherId);
    const price = covered.subtotal_cents + covered.tax_cents;
    expect(price).toBeLessThan(30_000);
    expect(covered).toMatchObject({ grand_total_cents: 0, status: 'Paid', outstanding_cents: 0 });
    expect(covered.lines.at(-1).amount_cents).toBe(-price);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, covered.ticket_id));
    expect(ticket!.status).toBe('Payment Collected');

    const rest = await issueFor(p.otherId);
    const carried = Math.min(30_000 - price, price);
    expect(rest.lines.at(-1).amount_cents).toBe(-carried);
    expect(rest.grand_total_cents).toBe(price - carried);
    const taken = await t.database.db.select().from(invoiceCreditLines);
    expect(
      taken.filter((l) => [covered.id, rest.id].includes(l.invoice_id)).reduce((s, l) => s + l.amount_cents, 0),
    ).toBe(price + carried);
    await p.admin.put('/api/v1/admin/referrals/settings', { reward_cents: 0 });
  });

  it("is written in the referrer's language: a Spanish referrer's credit line and covered-invoice notice", async () => {
    await p.admin.put('/api/v1/admin/referrals/settings', { reward_cents: 30_000 });
    const referrer = await createCustomer(t, { full_name: 'Lucía Referente' });
    await saveLanguage(t.database.db, referrer.id, 'es');
    const friend = await referredBy(await signIn(t, referrer.email), 'Pablo Amigo');
    expect((await payByTestCard(friend.agent, (await issueFor(friend.id)).id)).statusCode).toBe(200);
    expect((await creditsOf(referrer.id))[0]!.description).toBe('Crédito por recomendación');

    const covered = await issueFor(referrer.id);
    expect(covered).toMatchObject({ status: 'Paid' });
    expect(covered.lines.at(-1).description).toBe('Crédito por recomendación');
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.user_id, referrer.id));
    expect(notes).toContainEqual(
      expect.objectContaining({
        title: `Su crédito cubre la factura ${covered.name}`,
        body: `El crédito de su cuenta pagó la totalidad del caso ${covered.ticket_name}: no tiene nada que pagar.`,
      }),
    );
    // The ticket's history note is the firm's (staff moved it): in the firm's language.
    const moves = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticket_id, covered.ticket_id));
    expect(moves.map((m) => m.note)).toContain(`Invoice ${covered.name} covered by account credit`);
    await p.admin.put('/api/v1/admin/referrals/settings', { reward_cents: 0 });
  });

  it('gives nothing while the rule is off', async () => {
    const customerFriend = await referredBy(p.other, 'Zero Rule');
    await payByTestCard(customerFriend.agent, (await issueFor(customerFriend.id)).id);
    expect((await creditsOf(p.otherId)).length).toBe(1);
  });
});
