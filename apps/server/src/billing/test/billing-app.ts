import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { services, siteSettings, taxTemplates, tickets } from '../../platform/db/schema.ts';
import { createCustomer, createStaff, signIn, type Agent, type TestApp } from '../../test/helper.ts';
import { testDatabase } from '../../test/db.ts';
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, WEBHOOK_SECRET, type FakeStripe } from './fake-stripe.ts';

export interface BillingTestApp extends TestApp {
  /** Moves the server's clock (due dates, link expiry) without touching timers. */
  clock: { offsetMs: number };
}

/**
 * The real app on a fresh test database, as test/helper's createTestApp, plus
 * what billing tests inject: the Stripe SDK pointed at a fake server and a
 * movable clock. Without `stripe` the built-in test provider is used.
 */
export async function createBillingTestApp(opts: { stripe?: FakeStripe } = {}): Promise<BillingTestApp> {
  const database = await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `tp-test-${randomUUID()}`),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    ...(opts.stripe
      ? {
          STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        }
      : {}),
  });
  const clock = { offsetMs: 0 };
  const secrets = { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) };
  const { app, routes } = await buildApp({
    config,
    database,
    secrets,
    logger: false,
    billing: {
      ...(opts.stripe ? { stripe: opts.stripe.client } : {}),
      now: () => new Date(Date.now() + clock.offsetMs),
    },
  });
  await app.ready();
  return {
    app,
    routes,
    database,
    config,
    secrets,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A ticket straight in the table (billing does not depend on the tickets feature's API). */
export async function createTicket(
  t: TestApp,
  customerId: string,
  opts: { status?: string; serviceName?: string } = {},
) {
  const name = opts.serviceName ?? 'Form 1040 – Standard';
  const [service] = await t.database.db.select().from(services).where(eq(services.name, name));
  const id = randomUUID();
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      id,
      customer_id: customerId,
      service_id: service!.id,
      service_type_id: service!.service_type_id,
      year: 2024,
      status: opts.status ?? 'Ready For Invoice',
    })
    .returning();
  return { id, name: row!.name, service: service! };
}

export async function createTaxTemplate(t: TestApp, name: string, rateBp: number) {
  const id = randomUUID();
  await t.database.db.insert(taxTemplates).values({ id, name, rate_bp: rateBp });
  return id;
}

export async function setSetting(t: TestApp, key: string, value: unknown) {
  await t.database.db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value` } });
}

export interface People {
  admin: Agent;
  preparer: Agent;
  customer: Agent;
  customerId: string;
  customerEmail: string;
  other: Agent;
  otherId: string;
}

export async function people(t: TestApp): Promise<People> {
  const admin = await createStaff(t, 'Admin');
  const preparer = await createStaff(t, 'Tax Preparer');
  const customer = await createCustomer(t, { full_name: 'Jamie Taxpayer' });
  const other = await createCustomer(t, { full_name: 'Other Person' });
  return {
    admin: await signIn(t, admin.email),
    preparer: await signIn(t, preparer.email),
    customer: await signIn(t, customer.email),
    customerId: customer.id,
    customerEmail: customer.email,
    other: await signIn(t, other.email),
    otherId: other.id,
  };
}

/** The customer pays the invoice with the test provider's good card (4242): a payment intent, then the card. */
export async function payByTestCard(customer: Agent, invoiceId: string) {
  const intent = (await customer.post(`/api/v1/invoices/${invoiceId}/payment-intent`)).json();
  return customer.post(`/api/v1/invoices/${invoiceId}/payments/test-card`, {
    payment_intent_id: intent.payment_intent_id,
    card_number: '4242 4242 4242 4242',
    exp: '12/34',
    cvc: '123',
  });
}

/** Staff invoice a new Ready For Invoice ticket of the customer and issue it; returns the invoice JSON. */
export async function issuedInvoice(t: TestApp, p: People, body: Record<string, unknown> = {}) {
  const ticket = await createTicket(t, p.customerId);
  const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true, ...body });
  if (res.statusCode !== 201) throw new Error(`invoice not created: ${res.statusCode} ${res.body}`);
  return { invoice: res.json(), ticket };
}
