import { randomUUID } from 'node:crypto';
import type { DepositState } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { addDays, isoDay } from './billing.deps.ts';
import { currencyOf, DEFAULT_TERMS_DAYS } from './invoices.service.ts';
import * as repo from './invoices.repository.ts';

/**
 * An engagement letter's deposit (docs/decisions/0036): an invoice of kind 'deposit' for the letter's ticket and
 * client, made and issued (Unpaid) in the transaction that marks the letter signed, with one line and no tax. It is
 * not the ticket's invoice (the one-live-invoice index leaves deposits out) and takes no account credit; the
 * customer pays it by card as any invoice (payments.service.ts), and its payment becomes a credit that the same
 * ticket's invoice takes at issue (credits.ts grantDepositCreditTx).
 */
export async function createDepositInvoiceTx(
  tx: Tx,
  d: {
    ticketId: string;
    customerId: string;
    amountCents: number;
    /** The line, in the client's language. */
    description: string;
    /** Who sent the letter (the invoice's maker); `actorId`: who signed last (the audit's actor). */
    createdBy: string | null;
    actorId: string;
    now: Date;
    letterId: string;
  },
): Promise<{ id: string; name: string }> {
  const today = isoDay(d.now);
  const year = Number(today.slice(0, 4));
  const seq = await repo.nextNumber(tx, 'SINV', year);
  const invoice = await repo.insertInvoice(
    tx,
    {
      id: randomUUID(),
      name: `SINV-${year}-${String(seq).padStart(5, '0')}`,
      kind: 'deposit',
      ticket_id: d.ticketId,
      customer_id: d.customerId,
      status: 'Unpaid',
      currency: await currencyOf(tx),
      posting_date: today,
      // Asked at signing, so due at once; the usual terms keep it from reading Overdue the next day.
      due_date: addDays(today, DEFAULT_TERMS_DAYS),
      tax_template_id: null,
      tax_name: null,
      tax_rate_bp: 0,
      subtotal_cents: d.amountCents,
      tax_cents: 0,
      grand_total_cents: d.amountCents,
      created_by: d.createdBy,
      issued_at: d.now,
    },
    [
      {
        id: randomUUID(),
        position: 1,
        service_id: null,
        description: d.description,
        quantity: 1,
        unit_amount_cents: d.amountCents,
        amount_cents: d.amountCents,
      },
    ],
  );
  await audit(tx, {
    actorId: d.actorId,
    action: 'invoice.deposit_issued',
    entityType: 'invoice',
    entityId: invoice.id,
    meta: { name: invoice.name, letter_id: d.letterId, amount_cents: d.amountCents },
  });
  return { id: invoice.id, name: invoice.name };
}

/** A deposit invoice's state as a letter shows it: due, paid, refunded (or cancelled by staff). */
export async function depositStateOf(tx: Tx, invoiceId: string) {
  const row = await repo.getInvoiceRow(tx, invoiceId);
  if (!row) return null;
  const status: DepositState =
    row.status === 'Paid'
      ? 'paid'
      : row.status === 'Refunded'
        ? 'refunded'
        : row.status === 'Cancelled'
          ? 'cancelled'
          : 'due';
  return { invoice_id: row.id, name: row.name, amount_cents: row.grand_total_cents, currency: row.currency, status };
}
