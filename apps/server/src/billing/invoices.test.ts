import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@taxportal/contract';
import { auditLog, invoices, notifications, outbox, tickets } from '../platform/db/schema.ts';
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
} from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
});
afterAll(async () => t.close());

const year = new Date().getUTCFullYear();

describe('creating an invoice', () => {
  it("starts from the ticket's service and price, numbered SINV-YYYY-00001, as a draft in the site currency", async () => {
    const ticket = await createTicket(t, p.customerId);
    const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.name).toBe(`SINV-${year}-00001`);
    expect(inv.status).toBe('Draft');
    expect(inv.currency).toBe('USD');
    expect(inv.ticket_name).toBe(ticket.name);
    expect(inv.customer_id).toBe(p.customerId);
    expect(inv.lines).toEqual([
      expect.objectContaining({
        description: 'Form 1040 – Standard',
        quantity: 1,
        unit_amount_cents: 19900,
        amount_cents: 19900,
        service_id: ticket.service.id,
      }),
    ]);
    expect(inv.subtotal_cents).toBe(19900);
    expect(inv.tax).toBeNull();
    expect(inv.grand_total_cents).toBe(19900);
    expect(inv.outstanding_cents).toBe(0);
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, inv.id));
    expect(audited!.action).toBe('invoice.create');
  });

  it('adds lines and a tax template, rounding tax half-up on the subtotal', async () => {
    const taxId = await createTaxTemplate(t, 'State sales tax 8.25%', 825);
    const ticket = await createTicket(t, p.customerId);
    const res = await p.preparer.post('/api/v1/invoices', {
      ticket_id: ticket.id,
      tax_template_id: taxId,
      lines: [
        { description: 'Form 1040 – Standard', quantity: 1, unit_amount_cents: 19900 },
        { description: 'State return', quantity: 3, unit_amount_cents: 333 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.subtotal_cents).toBe(20899);
    expect(inv.tax).toEqual({ template_id: taxId, name: 'State sales tax 8.25%', rate_bp: 825, amount_cents: 1724 });
    expect(inv.grand_total_cents).toBe(22623);
    expect(inv.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([19900, 999]);
  });

  it('numbers concurrent invoices without collisions', async () => {
    const ticketsMade = await Promise.all([1, 2, 3, 4].map(() => createTicket(t, p.customerId)));
    const results = await Promise.all(
      ticketsMade.map((tk) => p.preparer.post('/api/v1/invoices', { ticket_id: tk.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const names = results.map((r) => r.json().name);
    expect(new Set(names).size).toBe(4);
    for (const n of names) expect(n).toMatch(new RegExp(`^SINV-${year}-\\d{5}$`));
  });

  it.each([
    ['a negative amount', { unit_amount_cents: -100 }, 'lines.0.unit_amount_cents'],
    ['a fraction of a cent', { unit_amount_cents: 199.5 }, 'lines.0.unit_amount_cents'],
    ['a zero quantity', { quantity: 0 }, 'lines.0.quantity'],
    ['a fractional quantity', { quantity: 1.5 }, 'lines.0.quantity'],
    ['an empty description', { description: ' ' }, 'lines.0.description'],
  ])('refuses %s with 422 and writes nothing', async (_label, over, field) => {
    const ticket = await createTicket(t, p.customerId);
    const before = (await t.database.db.select().from(invoices)).length;
    const res = await p.preparer.post('/api/v1/invoices', {
      ticket_id: ticket.id,
      lines: [{ description: 'Preparation', quantity: 1, unit_amount_cents: 1000, ...over }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await t.database.db.select().from(invoices)).length).toBe(before);
  });

  it('refuses a total beyond one card payment, an unknown tax template, ticket or a past due date (422)', async () => {
    const ticket = await createTicket(t, p.customerId);
    const huge = await p.preparer.post('/api/v1/invoices', {
      ticket_id: ticket.id,
      lines: [{ description: 'x', quantity: 2, unit_amount_cents: 99_999_999 }],
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().detail).toBe(BILLING_MESSAGES.totalTooLarge);
    const tax = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, tax_template_id: 'nope' });
    expect(tax.statusCode).toBe(422);
    expect(tax.json().errors[0].field).toBe('tax_template_id');
    const noTicket = await p.preparer.post('/api/v1/invoices', { ticket_id: 'nope' });
    expect(noTicket.statusCode).toBe(422);
    const past = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, due_date: '2001-01-01' });
    expect(past.statusCode).toBe(422);
  });

  it('allows one live invoice per ticket (409), and none for a cancelled ticket', async () => {
    const ticket = await createTicket(t, p.customerId);
    expect((await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).statusCode).toBe(201);
    const again = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BILLING_MESSAGES.invoiceExists);
    const cancelled = await createTicket(t, p.customerId, { status: 'Cancelled' });
    expect((await p.preparer.post('/api/v1/invoices', { ticket_id: cancelled.id })).statusCode).toBe(409);
  });

  it('is refused to customers (403)', async () => {
    const ticket = await createTicket(t, p.customerId);
    const res = await p.customer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(res.statusCode).toBe(403);
    for (const url of ['issue', 'cancel']) {
      expect((await p.customer.post(`/api/v1/invoices/x/${url}`)).statusCode).toBe(403);
    }
    expect((await p.customer.request({ method: 'PATCH', url: '/api/v1/invoices/x', payload: {} })).statusCode).toBe(
      403,
    );
  });

  it('uses the site currency', async () => {
    await setSetting(t, 'currency', 'EUR');
    const ticket = await createTicket(t, p.customerId);
    const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(res.json().currency).toBe('EUR');
    await setSetting(t, 'currency', 'USD');
  });
});

describe('drafts, issuing, cancelling', () => {
  it('refuses create-and-issue before Ready For Invoice and writes nothing', async () => {
    const ticket = await createTicket(t, p.customerId, { status: 'Draft Finalised' });
    const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BILLING_MESSAGES.ticketNotReadyForInvoice);
    const list = (await p.preparer.get(`/api/v1/invoices?ticket_id=${ticket.id}`)).json();
    expect(list.items).toHaveLength(0);
    // A draft can still be prepared, and create-and-issue works once the ticket is ready.
    await t.database.db.update(tickets).set({ status: 'Ready For Invoice' }).where(eq(tickets.id, ticket.id));
    const issued = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().status).toBe('Unpaid');
  });

  it('edits a draft, then issues it when the ticket is Ready For Invoice, notifying the customer', async () => {
    const ticket = await createTicket(t, p.customerId, { status: 'Draft Finalised' });
    const draft = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).json();
    const edited = await p.preparer.request({
      method: 'PATCH',
      url: `/api/v1/invoices/${draft.id}`,
      payload: { lines: [{ description: 'Preparation', quantity: 2, unit_amount_cents: 5000 }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().grand_total_cents).toBe(10000);

    // The customer does not see drafts.
    expect((await p.customer.get(`/api/v1/invoices/${draft.id}`)).statusCode).toBe(404);

    const early = await p.preparer.post(`/api/v1/invoices/${draft.id}/issue`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(BILLING_MESSAGES.ticketNotReadyForInvoice);

    await t.database.db.update(tickets).set({ status: 'Ready For Invoice' }).where(eq(tickets.id, ticket.id));
    const issued = await p.preparer.post(`/api/v1/invoices/${draft.id}/issue`);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().status).toBe('Unpaid');
    expect(issued.json().outstanding_cents).toBe(10000);
    expect(issued.json().issued_at).not.toBeNull();

    const mail = (await t.database.db.select().from(outbox).where(eq(outbox.to, p.customerEmail))).find((m) =>
      m.subject.includes(draft.name),
    );
    expect(mail?.subject).toContain('$100.00');
    expect(mail?.text).toContain(`http://portal.test/billing/${draft.id}`);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.user_id, p.customerId));
    expect(notes.some((n) => n.title === `Invoice ${draft.name} is ready`)).toBe(true);

    expect((await p.customer.get(`/api/v1/invoices/${draft.id}`)).statusCode).toBe(200);
    // Issued invoices are frozen.
    expect(
      (
        await p.preparer.request({
          method: 'PATCH',
          url: `/api/v1/invoices/${draft.id}`,
          payload: { due_date: '2099-01-01' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await p.preparer.post(`/api/v1/invoices/${draft.id}/issue`)).statusCode).toBe(409);
  });

  it('cancels a draft or unpaid invoice once; a cancelled ticket invoice can then be replaced', async () => {
    const { invoice, ticket } = await issuedInvoice(t, p);
    const res = await p.preparer.post(`/api/v1/invoices/${invoice.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Cancelled');
    expect((await p.preparer.post(`/api/v1/invoices/${invoice.id}/cancel`)).statusCode).toBe(409);
    expect((await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).statusCode).toBe(201);
  });
});

describe('listing', () => {
  it('shows a customer only their own issued invoices, and staff all with totals and a monthly series', async () => {
    const mine = await issuedInvoice(t, p);
    const otherTicket = await createTicket(t, p.otherId);
    const theirs = (await p.preparer.post('/api/v1/invoices', { ticket_id: otherTicket.id, issue: true })).json();

    const own = await p.customer.get('/api/v1/invoices');
    expect(own.statusCode).toBe(200);
    const ownIds = own.json().items.map((i: { id: string }) => i.id);
    expect(ownIds).toContain(mine.invoice.id);
    expect(ownIds).not.toContain(theirs.id);
    expect(own.json().items.every((i: { status: string }) => i.status !== 'Draft')).toBe(true);
    expect(own.json().totals).toBeNull();

    const byTicket = await p.customer.get(`/api/v1/invoices?ticket_id=${mine.ticket.id}`);
    expect(byTicket.json().items.map((i: { id: string }) => i.id)).toEqual([mine.invoice.id]);
    // A customer asking for someone else's ticket gets nothing.
    expect((await p.customer.get(`/api/v1/invoices?ticket_id=${otherTicket.id}`)).json().items).toEqual([]);
    expect((await p.customer.get(`/api/v1/invoices?customer=${p.otherId}`)).statusCode).toBe(403);

    const all = await p.admin.get('/api/v1/invoices');
    const body = all.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([mine.invoice.id, theirs.id]));
    // Staff see drafts in the list; the totals count only the issued invoices they add up.
    expect(body.totals.count).toBe(
      body.items.filter((i: { status: string }) => !['Draft', 'Cancelled'].includes(i.status)).length,
    );
    expect(body.totals.outstanding_cents).toBeGreaterThanOrEqual(2 * 19900);
    expect(body.totals.collected_by_month).toHaveLength(12);
    expect(body.totals.collected_by_month[11].month).toBe(new Date().toISOString().slice(0, 7));

    const byCustomer = await p.admin.get(`/api/v1/invoices?customer=${encodeURIComponent('Other Per')}`);
    expect(byCustomer.json().items.map((i: { id: string }) => i.id)).toEqual([theirs.id]);
    const drafts = await p.admin.get('/api/v1/invoices?status=Draft');
    expect(drafts.json().items.every((i: { status: string }) => i.status === 'Draft')).toBe(true);
    const none = await p.admin.get('/api/v1/invoices?from=2001-01-01&to=2001-12-31');
    expect(none.json().items).toEqual([]);
  });

  it('counts in the totals the invoices whose amount they add up: issued ones, no draft or cancelled one', async () => {
    const c = await createCustomer(t, { full_name: 'Drew Totals' });
    const invoice = async (issue: boolean) => {
      const ticket = await createTicket(t, c.id);
      const res = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; grand_total_cents: number; status: string };
    };
    const draft = await invoice(false);
    const first = await invoice(true);
    const second = await invoice(true);
    const cancelled = await invoice(true);
    expect((await p.preparer.post(`/api/v1/invoices/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expect(draft.status).toBe('Draft');

    const mine = (await p.admin.get(`/api/v1/invoices?customer=${c.id}`)).json();
    expect(mine.items).toHaveLength(4);
    expect(mine.totals).toMatchObject({
      count: 2,
      invoiced_cents: first.grand_total_cents + second.grand_total_cents,
      outstanding_cents: first.grand_total_cents + second.grand_total_cents,
    });
    // Filtered to drafts: none billed, in the number as in the amount.
    const drafts = (await p.admin.get(`/api/v1/invoices?customer=${c.id}&status=Draft`)).json();
    expect(drafts.items.map((i: { id: string }) => i.id)).toEqual([draft.id]);
    expect(drafts.totals).toMatchObject({ count: 0, invoiced_cents: 0 });
  });

  it('pages with a cursor, newest first, without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await p.admin.get(`/api/v1/invoices?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((i: { id: string }) => i.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await t.database.db.select().from(invoices)).length);
    expect((await p.admin.get('/api/v1/invoices?cursor=garbage')).statusCode).toBe(422);
  });

  it('computes Overdue from the due date', async () => {
    const { invoice } = await issuedInvoice(t, p, {
      due_date: new Date(Date.now() + DAY_MS).toISOString().slice(0, 10),
    });
    expect(invoice.status).toBe('Unpaid');
    t.clock.offsetMs = 3 * DAY_MS;
    try {
      const res = await p.customer.get(`/api/v1/invoices/${invoice.id}`);
      expect(res.json().status).toBe('Overdue');
      const overdue = await p.admin.get('/api/v1/invoices?status=Overdue');
      expect(overdue.json().items.map((i: { id: string }) => i.id)).toContain(invoice.id);
      expect(overdue.json().totals.overdue_cents).toBeGreaterThanOrEqual(19900);
      const unpaid = await p.admin.get('/api/v1/invoices?status=Unpaid');
      expect(unpaid.json().items.map((i: { id: string }) => i.id)).not.toContain(invoice.id);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe("a ticket's live invoice (GET /api/v1/tickets/{ref}/invoice)", () => {
  it('answers by the ticket id or name, hides drafts from the customer, and 404s for another customer', async () => {
    const ticket = await createTicket(t, p.customerId);
    const none = await p.customer.get(`/api/v1/tickets/${ticket.name}/invoice`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ invoice: null });

    const draft = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id })).json();
    // The customer does not see a draft; staff do, by name or id.
    expect((await p.customer.get(`/api/v1/tickets/${ticket.id}/invoice`)).json()).toEqual({ invoice: null });
    expect((await p.preparer.get(`/api/v1/tickets/${ticket.name}/invoice`)).json().invoice.id).toBe(draft.id);

    await p.preparer.post(`/api/v1/invoices/${draft.id}/issue`);
    const byName = (await p.customer.get(`/api/v1/tickets/${ticket.name}/invoice`)).json();
    const byId = (await p.customer.get(`/api/v1/tickets/${ticket.id}/invoice`)).json();
    expect(byName.invoice.id).toBe(draft.id);
    expect(byName.invoice.lines.length).toBeGreaterThan(0);
    expect(byId).toEqual(byName);

    // Another customer, or a ticket that does not exist: 404, the same answer.
    for (const ref of [ticket.name, ticket.id, 'TD.99999', '$&<b>']) {
      const res = await p.other.get(`/api/v1/tickets/${encodeURIComponent(ref)}/invoice`);
      expect(res.statusCode, ref).toBe(404);
    }
    // A control or bidi character in the reference is refused as such, never a 500.
    expect((await p.other.get(`/api/v1/tickets/${encodeURIComponent('TD.1\u202e')}/invoice`)).statusCode).toBe(422);
  });

  it('prefers the live invoice over a cancelled newer one', async () => {
    const ticket = await createTicket(t, p.customerId);
    const first = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true })).json();
    await p.preparer.post(`/api/v1/invoices/${first.id}/cancel`);
    const second = (await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id, issue: true })).json();
    const res = (await p.customer.get(`/api/v1/tickets/${ticket.name}/invoice`)).json();
    expect(res.invoice.id).toBe(second.id);
    expect(res.invoice.status).not.toBe('Cancelled');
  });
});
