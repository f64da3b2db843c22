import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import {
  createTicket,
  issuedInvoice,
  people,
  createBillingTestApp,
  type BillingTestApp,
  type People,
} from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
let invoiceId: string;
let draftId: string;
let intentId: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
  invoiceId = (await issuedInvoice(t, p)).invoice.id;
  const ticket = await createTicket(t, p.customerId);
  draftId = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).json().id;
  intentId = (await p.customer.post(`/api/v1/invoices/${invoiceId}/payment-intent`)).json().payment_intent_id;
});
afterAll(async () => t.close());

const card = () => ({ payment_intent_id: intentId, card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' });
const endpoints = (id: string) =>
  [
    ['GET', `/api/v1/invoices/${id}`, undefined],
    ['GET', `/api/v1/invoices/${id}/pdf`, undefined],
    ['POST', `/api/v1/invoices/${id}/share`, undefined],
    ['DELETE', `/api/v1/invoices/${id}/share`, undefined],
    ['POST', `/api/v1/invoices/${id}/payment-intent`, undefined],
    ['POST', `/api/v1/invoices/${id}/payments/confirm`, { payment_intent_id: intentId }],
    ['POST', `/api/v1/invoices/${id}/payments/test-card`, card()],
  ] as const;

describe("another customer's invoice", () => {
  it('answers 404 on every invoice endpoint, exactly as for an unknown id', async () => {
    for (const [method, url, payload] of endpoints(invoiceId)) {
      const res = await p.other.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail, `${method} ${url}`).toBe(BILLING_MESSAGES.invoiceNotFound);
      const unknown = await p.other.request({
        method,
        url: url.replace(invoiceId, 'no-such-invoice'),
        ...(payload ? { payload } : {}),
      });
      expect(unknown.statusCode).toBe(404);
    }
    // Nothing happened: the invoice is still unpaid.
    expect((await p.customer.get(`/api/v1/invoices/${invoiceId}`)).json().status).toBe('Unpaid');
  });

  it("is never in the other customer's list", async () => {
    const res = await p.other.get('/api/v1/invoices');
    expect(res.json().items.map((i: { id: string }) => i.id)).not.toContain(invoiceId);
  });

  it('hides a draft from its own customer on every endpoint', async () => {
    for (const [method, url, payload] of endpoints(draftId)) {
      const res = await p.customer.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('role refusals', () => {
  it("staff cannot pay on the customer's behalf (403)", async () => {
    expect((await p.preparer.post(`/api/v1/invoices/${invoiceId}/payment-intent`)).statusCode).toBe(403);
    expect(
      (await p.preparer.post(`/api/v1/invoices/${invoiceId}/payments/confirm`, { payment_intent_id: intentId }))
        .statusCode,
    ).toBe(403);
  });

  it('customers cannot list payments or refund (403); only Admin refunds', async () => {
    expect((await p.customer.get('/api/v1/payments')).statusCode).toBe(403);
    expect((await p.customer.post('/api/v1/payments/x/refund', {})).statusCode).toBe(403);
    expect((await p.preparer.post('/api/v1/payments/x/refund', {})).statusCode).toBe(403);
    expect((await p.admin.post('/api/v1/payments/x/refund', {})).statusCode).toBe(404);
  });

  it('anonymous callers are refused (401) except on share links and the webhook', async () => {
    const anon = await t.app.inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}` });
    expect(anon.statusCode).toBe(401);
    const pay = await t.app.inject({ method: 'POST', url: `/api/v1/invoices/${invoiceId}/payment-intent` });
    expect(pay.statusCode).toBe(401);
  });
});

describe('contract', () => {
  it('publishes every billing endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/v1/invoices',
      '/api/v1/invoices/{id}',
      '/api/v1/invoices/{id}/pdf',
      '/api/v1/invoices/{id}/share',
      '/api/v1/invoices/shared/{token}',
      '/api/v1/invoices/{id}/payment-intent',
      '/api/v1/invoices/{id}/payments/confirm',
      '/api/v1/payments',
      '/api/v1/payments/{id}/refund',
      '/api/v1/payments/stripe/webhook',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
