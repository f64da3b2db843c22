import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, createTicket, people, type BillingTestApp, type People } from './test/billing-app.ts';

let t: BillingTestApp;
let p: People;
beforeAll(async () => {
  t = await createBillingTestApp();
  p = await people(t);
});
afterAll(async () => t.close());

const customerView = async (ticketId: string) => {
  const ticket = (await p.customer.get(`/api/v1/tickets/${ticketId}`)).json();
  const dash = (await p.customer.get('/api/v1/dashboard')).json();
  return {
    label: ticket.status_label,
    category: ticket.status_category,
    current: ticket.progress.current_label,
    stepLabel: ticket.progress.steps.find((s: { status: string }) => s.status === 'Ready For Invoice').label,
    waitingFlag: ticket.progress.waiting_on_customer,
    waitingCount: dash.counts.waiting_on_you,
    inProgressCount: dash.counts.in_progress,
    onDashboardWaiting: dash.waiting_on_you.some((x: { id: string }) => x.id === ticketId),
    dashLabel: dash.tickets.find((x: { id: string }) => x.id === ticketId).status_label,
  };
};

describe('a Ready For Invoice ticket as its customer reads it', () => {
  it('is being prepared until the invoice is issued, then ready to pay and waiting on them, and again being prepared when it is cancelled', async () => {
    const ticket = await createTicket(t, p.customerId);
    const draft = await p.preparer.post('/api/v1/invoices', { ticket_id: ticket.id });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await customerView(ticket.id)).toEqual({
      label: 'Invoice being prepared',
      category: 'open',
      current: 'Invoice being prepared',
      stepLabel: 'Invoice being prepared',
      waitingFlag: false,
      waitingCount: 0,
      inProgressCount: 1,
      onDashboardWaiting: false,
      dashLabel: 'Invoice being prepared',
    });

    expect((await p.preparer.post(`/api/v1/invoices/${draft.json().id}/issue`)).statusCode).toBe(200);
    expect(await customerView(ticket.id)).toEqual({
      label: 'Invoice ready to pay',
      category: 'waiting_on_customer',
      current: 'Invoice ready to pay',
      stepLabel: 'Invoice ready to pay',
      waitingFlag: true,
      waitingCount: 1,
      inProgressCount: 0,
      onDashboardWaiting: true,
      dashLabel: 'Invoice ready to pay',
    });
    // Staff keep the pipeline's own name; the list agrees with the ticket.
    const staff = (await p.preparer.get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(staff.status_label).toBe('Ready For Invoice');
    // Nor does it wait on anyone in the staff's view: their pipeline and dashboard read the status as it is.
    expect(staff.status_category).toBe('open');
    expect(staff.progress.waiting_on_customer).toBe(false);
    const mine = (await p.customer.get('/api/v1/tickets')).json();
    expect(mine.items.find((x: { id: string }) => x.id === ticket.id).status_label).toBe('Invoice ready to pay');

    // Cancelling the invoice puts the ticket back to "being prepared".
    expect((await p.preparer.post(`/api/v1/invoices/${draft.json().id}/cancel`)).statusCode).toBe(200);
    expect((await customerView(ticket.id)).label).toBe('Invoice being prepared');
  });

  it("another customer's unpaid invoice does not change this customer's ticket", async () => {
    const mineTicket = await createTicket(t, p.customerId);
    const theirs = await createTicket(t, p.otherId);
    const res = await p.preparer.post('/api/v1/invoices', { ticket_id: theirs.id, issue: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((await p.customer.get(`/api/v1/tickets/${mineTicket.id}`)).json().status_label).toBe(
      'Invoice being prepared',
    );
    expect((await p.other.get(`/api/v1/tickets/${theirs.id}`)).json().status_label).toBe('Invoice ready to pay');
  });
});
