import { describe, expect, it } from 'vitest';
import { coveredByCredit, isCancellableInvoice } from './invoice-status.ts';

const invoice = (status: string, paid_cents = 0, grand_total_cents = 10_000) => ({
  status,
  paid_cents,
  grand_total_cents,
});

describe('which invoices staff may cancel (one rule for the server and the invoice page)', () => {
  it('a draft, an unpaid or overdue invoice, and one credits covered whole', () => {
    for (const status of ['Draft', 'Unpaid', 'Overdue']) expect(isCancellableInvoice(invoice(status))).toBe(true);
    expect(coveredByCredit(invoice('Paid', 0, 0))).toBe(true);
    expect(isCancellableInvoice(invoice('Paid', 0, 0))).toBe(true);
  });

  it('never one paid by card, cancelled or refunded', () => {
    expect(isCancellableInvoice(invoice('Paid', 10_000, 10_000))).toBe(false);
    expect(isCancellableInvoice(invoice('Paid', 0, 10_000))).toBe(false);
    expect(isCancellableInvoice(invoice('Cancelled', 0, 0))).toBe(false);
    expect(isCancellableInvoice(invoice('Refunded', 0, 0))).toBe(false);
  });
});
