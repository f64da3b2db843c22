import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { notifications, outbox, ticketStatusChanges } from '../platform/db/schema.ts';
import { saveLanguage } from '../platform/users.ts';
import { createCustomer, signIn, type Agent } from '../test/helper.ts';
import { pdfText } from '../test/pdf-text.ts';
import {
  createBillingTestApp,
  createTaxTemplate,
  createTicket,
  payByTestCard,
  people,
  setSetting,
  type BillingTestApp,
  type People,
} from './test/billing-app.ts';
import { formatDay } from '../platform/people-dates.ts';

/*
 * Issue 31: billing writes to the customer in their language (saved, else the firm's): the invoice e-mail and
 * notification, the receipt, the refund notice, and the invoice PDF, whoever downloads it (it is the customer's
 * document). Money in es-US is written as in en-US ($1,234.56); days as es-US writes them (21 dic 2026).
 */
let t: BillingTestApp;
let p: People;
let ana: { id: string; email: string; agent: Agent };
let taxId: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
  await setSetting(t, 'firm', { name: 'Acme Tax LLP', address: '1 Main St', tax_id: '12-3456789' });
  const customer = await createCustomer(t, { full_name: 'Ana Núñez' });
  await saveLanguage(t.database.db, customer.id, 'es');
  ana = { id: customer.id, email: customer.email, agent: await signIn(t, customer.email) };
  taxId = await createTaxTemplate(t, 'Sales tax', 825);
});
afterAll(async () => t.close());

/** Staff invoice a new ticket of Ana: 2 × $617.28 = $1,234.56, 8.25% tax ($101.85), $1,336.41 in all. */
async function anasInvoice() {
  const ticket = await createTicket(t, ana.id);
  const res = await p.preparer.post('/api/v1/invoices', {
    ticket_id: ticket.id,
    issue: true,
    tax_template_id: taxId,
    lines: [{ description: 'Declaración 1040', quantity: 2, unit_amount_cents: 61_728 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { invoice: res.json() as { id: string; name: string; due_date: string }, ticket };
}

const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));
const noticesOf = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.user_id, userId));
const esDay = (isoDay: string) =>
  new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

describe('billing in Spanish', () => {
  it('e-mails and notifies an issued invoice in Spanish, es-US money and day', async () => {
    const { invoice, ticket } = await anasInvoice();
    const due = esDay(invoice.due_date);
    expect(due).toMatch(/^\d{1,2} [a-z]{3}\.? \d{4}$/);
    const mail = (await mailsTo(ana.email)).find((m) => m.subject.includes(invoice.name));
    expect(mail?.subject).toBe(`Factura ${invoice.name}: $1,336.41, vence el ${due}`);
    expect(mail?.text).toBe(
      [
        'Hola, Ana Núñez:',
        '',
        `Su factura ${invoice.name} del caso ${ticket.name} está lista: $1,336.41, vence el ${due}.`,
        `Véala y páguela con tarjeta: http://portal.test/billing/${invoice.id}`,
      ].join('\n'),
    );
    const notice = (await noticesOf(ana.id)).find((n) => n.title.includes(invoice.name));
    expect(notice).toMatchObject({
      title: `La factura ${invoice.name} está lista`,
      body: `$1,336.41 del caso ${ticket.name}, vence el ${due}.`,
    });
  });

  it('sends the receipt, the payment and refund notices in Spanish; the history note in the payer’s', async () => {
    const { invoice, ticket } = await anasInvoice();
    expect((await payByTestCard(ana.agent, invoice.id)).statusCode).toBe(200);
    const receipt = (await mailsTo(ana.email)).find((m) => m.subject === `Recibo de la factura ${invoice.name}`);
    expect(receipt?.text).toContain('Hola, Ana Núñez:');
    expect(receipt?.text).toContain(`Recibimos su pago con tarjeta de $1,336.41 de la factura ${invoice.name}.`);
    expect(receipt?.text).toMatch(/Referencia del pago: ACC-PAY-\d{4}-\d{5} \(\d{1,2} [a-z]{3}\.? \d{4}\)\./);
    expect(receipt?.text).toContain(`Vea la factura: http://portal.test/billing/${invoice.id}`);
    const paid = (await noticesOf(ana.id)).find((n) => n.title === `Pago recibido de la factura ${invoice.name}`);
    expect(paid?.body).toBe('Recibimos $1,336.41. ¡Gracias!');
    // Ana paid: the ticket's move is hers, and she reads its note.
    const [move] = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(and(eq(ticketStatusChanges.ticket_id, ticket.id), eq(ticketStatusChanges.to_status, 'Payment Collected')));
    expect(move?.note).toMatch(new RegExp(`^Factura ${invoice.name} pagada \\(ACC-PAY-`));

    const [entry] = (await p.admin.get(`/api/v1/payments?invoice_id=${invoice.id}`)).json().items;
    expect((await p.admin.post(`/api/v1/payments/${entry.id}/refund`, {})).statusCode).toBe(200);
    const refund = (await noticesOf(ana.id)).find((n) => n.title === `Reembolso de la factura ${invoice.name}`);
    expect(refund?.body).toBe('Le estamos devolviendo $1,336.41 a su tarjeta.');
  });

  it('draws the invoice PDF in Spanish for the customer, for staff and through a share link', async () => {
    const { invoice } = await anasInvoice();
    expect((await payByTestCard(ana.agent, invoice.id)).statusCode).toBe(200);
    const token = (await ana.agent.post(`/api/v1/invoices/${invoice.id}/share`)).json().token as string;
    const downloads = [
      await ana.agent.get(`/api/v1/invoices/${invoice.id}/pdf`),
      await p.preparer.get(`/api/v1/invoices/${invoice.id}/pdf`),
      await t.app.inject({ method: 'GET', url: `/api/v1/invoices/shared/${token}/pdf` }),
    ];
    for (const res of downloads) {
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload, ' | ');
      for (const s of [
        'N.º de identificación tributaria 12-3456789',
        'FACTURA',
        `Factura: ${invoice.name}`,
        'Fecha de emisión: ',
        `Fecha de vencimiento: ${formatDay(invoice.due_date, 'es')}`,
        'Caso: ',
        'Estado: Pagada',
        'Facturar a | Ana Núñez',
        'Descripción | Cant. | Precio unit. | Importe',
        'Declaración 1040 | 2 | $617.28 | $1,234.56',
        'Subtotal | $1,234.56',
        'Sales tax (8.25%) | $101.85',
        'Total | $1,336.41',
        'Pagado | $1,336.41',
        'Pendiente | $0.00',
        ' con tarjeta',
        'PAGADA',
      ]) {
        expect(text, s).toContain(s);
      }
      expect(text).toMatch(/Pago ACC-PAY-\d{4}-\d{5} del \d{1,2} [a-z]{3} \d{4}: \$1,336\.41 con tarjeta/);
      for (const english of ['INVOICE', 'Bill to', 'Grand total', 'Outstanding', 'PAID', 'Tax ID']) {
        expect(text, english).not.toContain(english);
      }
      expect((await PDFDocument.load(res.rawPayload)).getTitle()).toBe(`Factura ${invoice.name}`);
    }
    // An English customer's invoice stays English.
    const english = (await p.customer.get(`/api/v1/invoices/${await englishInvoice()}/pdf`)).rawPayload;
    expect(pdfText(english, ' | ')).toContain('Bill to');
  });

  it('draws a long stamp whole: REEMBOLSADA on one line', async () => {
    const { invoice } = await anasInvoice();
    expect((await payByTestCard(ana.agent, invoice.id)).statusCode).toBe(200);
    const [entry] = (await p.admin.get(`/api/v1/payments?invoice_id=${invoice.id}`)).json().items;
    expect((await p.admin.post(`/api/v1/payments/${entry.id}/refund`, {})).statusCode).toBe(200);
    const text = pdfText((await ana.agent.get(`/api/v1/invoices/${invoice.id}/pdf`)).rawPayload, ' | ');
    expect(text).toContain('Estado: Reembolsada');
    expect(text).toContain('| REEMBOLSADA');
  });

  it("answers billing's refusals in the reader's language", async () => {
    const spanish = p.admin;
    spanish.cookies.set('tp_lang', 'es');
    onTestFinished(() => void spanish.cookies.delete('tp_lang'));
    const ticket = await createTicket(t, ana.id);
    const draft = (await spanish.post('/api/v1/invoices', { ticket_id: ticket.id })).json();
    const share = await spanish.post(`/api/v1/invoices/${draft.id}/share`);
    expect(share.statusCode).toBe(409);
    expect(share.json().detail).toBe('Emita la factura antes de compartirla.');
    const another = await createTicket(t, ana.id);
    const tax = await spanish.post('/api/v1/invoices', { ticket_id: another.id, tax_template_id: randomUUID() });
    expect(tax.statusCode).toBe(422);
    expect(tax.json().errors).toContainEqual({
      field: 'tax_template_id',
      message: 'Plantilla de impuesto desconocida o inactiva',
    });
    const noTicket = await spanish.post('/api/v1/invoices', { ticket_id: randomUUID() });
    expect(noTicket.json().errors).toContainEqual({ field: 'ticket_id', message: 'Caso desconocido' });
    const noPayment = await spanish.post(`/api/v1/payments/${randomUUID()}/refund`, {});
    expect(noPayment.statusCode).toBe(404);
    expect(noPayment.json().detail).toBe('Pago no encontrado.');
    // In English for an English reader.
    expect((await p.preparer.post(`/api/v1/invoices/${draft.id}/share`)).json().detail).toBe(
      'Issue the invoice before sharing it.',
    );
  });
});

async function englishInvoice(): Promise<string> {
  const ticket = await createTicket(t, p.customerId);
  const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
