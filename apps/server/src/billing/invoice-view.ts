import { z } from 'zod';
import { cursorTimestamp, keysetCursor } from '../platform/keyset-cursor.ts';
import type { Invoice, InvoiceStatus, InvoiceSummary, PaymentEntry, PaymentEntryStatus } from '@taxportal/contract';
import type { InvoiceRow, InvoiceView } from './invoices.repository.ts';
import type { PaymentEntryRow } from './payments.repository.ts';

/** Overdue is never stored: an Unpaid invoice whose due date has passed (UTC days). */
export function displayStatus(row: Pick<InvoiceRow, 'status' | 'due_date'>, today: string): InvoiceStatus {
  if (row.status === 'Unpaid' && row.due_date < today) return 'Overdue';
  return row.status as InvoiceStatus;
}

export const outstandingOf = (row: Pick<InvoiceRow, 'status' | 'grand_total_cents' | 'paid_cents'>): number =>
  row.status === 'Unpaid' ? Math.max(0, row.grand_total_cents - row.paid_cents) : 0;

export function toSummary(
  r: { invoice: InvoiceRow; ticket_name: string; customer_name: string },
  today: string,
): InvoiceSummary {
  const i = r.invoice;
  return {
    id: i.id,
    name: i.name,
    ticket_id: i.ticket_id,
    ticket_name: r.ticket_name,
    customer_id: i.customer_id,
    customer_name: r.customer_name,
    status: displayStatus(i, today),
    kind: i.kind as InvoiceSummary['kind'],
    currency: i.currency,
    posting_date: i.posting_date,
    due_date: i.due_date,
    grand_total_cents: i.grand_total_cents,
    outstanding_cents: outstandingOf(i),
    created_at: i.created_at.toISOString(),
  };
}

export function toInvoice(v: InvoiceView, today: string): Invoice {
  const i = v.invoice;
  return {
    ...toSummary(v, today),
    customer_email: v.customer_email,
    service_name: v.service_name,
    lines: [
      ...v.lines.map((l) => ({
        id: l.id,
        position: l.position,
        service_id: l.service_id,
        description: l.description,
        quantity: l.quantity,
        unit_amount_cents: l.unit_amount_cents,
        amount_cents: l.amount_cents,
      })),
      // Account credit the invoice took at issue (credits.ts): negative lines after the charged ones, net of tax.
      ...v.credits.map((c, i) => ({
        id: c.id,
        position: v.lines.length + i + 1,
        service_id: null,
        description: c.description,
        quantity: 1,
        unit_amount_cents: -c.amount_cents,
        amount_cents: -c.amount_cents,
      })),
    ],
    tax: i.tax_name
      ? { template_id: i.tax_template_id, name: i.tax_name, rate_bp: i.tax_rate_bp, amount_cents: i.tax_cents }
      : null,
    subtotal_cents: i.subtotal_cents,
    tax_cents: i.tax_cents,
    paid_cents: i.paid_cents,
    refunded_cents: i.refunded_cents,
    issued_at: i.issued_at?.toISOString() ?? null,
    paid_at: i.paid_at?.toISOString() ?? null,
    cancelled_at: i.cancelled_at?.toISOString() ?? null,
    refunded_at: i.refunded_at?.toISOString() ?? null,
    last_payment_error: i.last_payment_error,
    payments: v.payments.map((p) => ({
      name: p.name,
      posting_date: p.posting_date,
      paid_amount_cents: p.paid_amount_cents,
      refunded_cents: p.refunded_cents,
      mode_of_payment: p.mode_of_payment,
      status: p.status,
    })),
    updated_at: i.updated_at.toISOString(),
  };
}

export function toPaymentEntry(p: PaymentEntryRow): PaymentEntry {
  return {
    id: p.id,
    name: p.name,
    invoice_id: p.invoice_id,
    party: p.party,
    party_name: p.party_name,
    posting_date: p.posting_date,
    paid_amount_cents: p.paid_amount_cents,
    currency: p.currency,
    reference_number: p.reference_number,
    reference_date: p.reference_date,
    mode_of_payment: p.mode_of_payment,
    reference_name: p.reference_name,
    provider: p.provider,
    status: p.status as PaymentEntryStatus,
    refunded_cents: p.refunded_cents,
    refunded_at: p.refunded_at?.toISOString() ?? null,
    created_at: p.created_at.toISOString(),
  };
}

/** Keyset on (created_at, id): the row's exact timestamp text (microseconds kept) and id. */
export const createdAtCursor = keysetCursor(z.object({ ts: cursorTimestamp, id: z.string() }));
