import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import { createCustomer } from '../test/helper.ts';
import {
  createTaxTemplate,
  createTicket,
  DAY_MS,
  issuedInvoice,
  people,
  setSetting,
  createBillingTestApp,
  type BillingTestApp,
  type People,
  payByTestCard,
} from './test/billing-app.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: BillingTestApp;
let p: People;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
  await setSetting(t, 'firm', {
    name: 'Acme Tax LLP',
    address: '1 Main St\nSpringfield, IL 62701',
    email: 'billing@acme.test',
    phone: '+1 202 555 0100',
  });
});
afterAll(async () => t.close());

const anon = (url: string) => t.app.inject({ method: 'GET', url });

describe('invoice PDF', () => {
  it('downloads as an attachment, not cached, with firm, lines, tax and totals; PAID once paid', async () => {
    const taxId = await createTaxTemplate(t, 'Sales tax', 825);
    const { invoice } = await issuedInvoice(t, p, { tax_template_id: taxId });
    const res = await p.customer.get(`/api/v1/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.name}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload, ' ');
    for (const s of [
      'Acme Tax LLP',
      'Springfield, IL 62701',
      'INVOICE',
      invoice.name,
      'Jamie Taxpayer',
      'Form 1040',
      '$199.00',
      'Sales tax (8.25%)',
      '$16.42',
      '$215.42',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain('PAID');

    const paid = await payByTestCard(p.customer, invoice.id);
    expect(paid.statusCode).toBe(200);
    const after = pdfText((await p.admin.get(`/api/v1/invoices/${invoice.id}/pdf`)).rawPayload, ' ');
    expect(after).toContain('PAID');
    expect(after).toContain('ACC-PAY-');
  });

  it('prints the firm, the customer and the lines in Cyrillic, Greek or with accents as typed', async () => {
    const firm = 'Налоговая Ωμέγα Ñandú';
    const customerName = 'Дмитрий Παπαδόπουλος-Müller';
    const description = 'Декларация 3-НДФЛ – Φόρος εισοδήματος, Ærø';
    await setSetting(t, 'firm', { name: firm, address: 'ул. Тверская, 7\nМосква' });
    try {
      const customer = await createCustomer(t, { full_name: customerName });
      const ticket = await createTicket(t, customer.id);
      const res = await p.preparer.post('/api/v1/invoices', {
        ticket_id: ticket.id,
        issue: true,
        // A letter the font has no glyph for (CJK) is the one "?" left.
        lines: [{ description: `${description} 税`, quantity: 1, unit_amount_cents: 12_500 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const pdf = (await p.preparer.get(`/api/v1/invoices/${res.json().id}/pdf`)).rawPayload;
      // Words wrap at the column's width: compare with single spaces.
      const text = pdfText(pdf, ' ').replace(/\s+/g, ' ');
      for (const s of [firm, 'ул. Тверская, 7', 'Москва', customerName, `${description} ?`, '$125.00']) {
        expect(text, s).toContain(s);
      }
      expect((await PDFDocument.load(pdf)).getAuthor()).toBe(firm);
    } finally {
      await setSetting(t, 'firm', {
        name: 'Acme Tax LLP',
        address: '1 Main St\nSpringfield, IL 62701',
        email: 'billing@acme.test',
        phone: '+1 202 555 0100',
      });
    }
  });
});

describe('share links', () => {
  it('open only that invoice, signed out, as JSON and PDF, for 7 days', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const { invoice: another } = await issuedInvoice(t, p);
    const res = await p.customer.post(`/api/v1/invoices/${invoice.id}/share`);
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link.url).toBe(`http://portal.test/billing/shared/${link.token}`);
    const days = (Date.parse(link.expires_at) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const json = await anon(`/api/v1/invoices/shared/${link.token}`);
    expect(json.statusCode).toBe(200);
    expect(json.json().id).toBe(invoice.id);
    expect(json.json().customer_email).toBeUndefined();
    expect(json.headers['cache-control']).toBe('no-store');
    const pdf = await anon(`/api/v1/invoices/shared/${link.token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload, ' ')).toContain(invoice.name);
    expect(pdfText(pdf.rawPayload, ' ')).not.toContain(another.name);
    // Staff can share too.
    expect((await p.preparer.post(`/api/v1/invoices/${another.id}/share`)).statusCode).toBe(201);
  });

  it('refuses a tampered token: another link id, another expiry, another signature', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const { invoice: other } = await issuedInvoice(t, p);
    const a = (await p.customer.post(`/api/v1/invoices/${invoice.id}/share`)).json().token as string;
    const b = (await p.customer.post(`/api/v1/invoices/${other.id}/share`)).json().token as string;
    const [idA, expA, sigA] = a.split('.');
    const [idB, , sigB] = b.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      `${idB}.${expA}.${sigA}`,
      `${idA}.${Number(expA) + 86400}.${sigA}`,
      `${idA}.${expA}.${sigB}`,
      `${idA}.${expA}.${flip(sigA!)}`,
      `${idA}.${expA}`,
      'garbage',
    ]) {
      const res = await anon(`/api/v1/invoices/shared/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().detail).toBe(BILLING_MESSAGES.shareLinkInvalid);
      expect((await anon(`/api/v1/invoices/shared/${bad}/pdf`)).statusCode).toBe(404);
    }
  });

  it('refuses an expired link', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const token = (await p.customer.post(`/api/v1/invoices/${invoice.id}/share`)).json().token;
    t.clock.offsetMs = 7 * DAY_MS + 1000;
    try {
      expect((await anon(`/api/v1/invoices/shared/${token}`)).statusCode).toBe(404);
      expect((await anon(`/api/v1/invoices/shared/${token}/pdf`)).statusCode).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await anon(`/api/v1/invoices/shared/${token}`)).statusCode).toBe(200);
  });

  it('refuses a revoked link', async () => {
    const { invoice } = await issuedInvoice(t, p);
    const token = (await p.customer.post(`/api/v1/invoices/${invoice.id}/share`)).json().token;
    expect((await anon(`/api/v1/invoices/shared/${token}`)).statusCode).toBe(200);
    expect((await p.customer.delete(`/api/v1/invoices/${invoice.id}/share`)).statusCode).toBe(204);
    expect((await anon(`/api/v1/invoices/shared/${token}`)).statusCode).toBe(404);
    expect((await anon(`/api/v1/invoices/shared/${token}/pdf`)).statusCode).toBe(404);
  });

  it('cannot be made for a draft', async () => {
    const ticket = await createTicket(t, p.customerId);
    const draft = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).json();
    expect((await p.preparer.post(`/api/v1/invoices/${draft.id}/share`)).statusCode).toBe(409);
  });
});
