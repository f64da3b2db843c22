import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type DepositState } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { invoices } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import { addDays, isoDay, type BillingDeps } from './billing.deps.ts';
import { afterPaymentCommitted, completePaymentTx, intentMismatch } from './payment-completion.ts';
import * as repo from './invoices.repository.ts';
import { currencyOf, DEFAULT_TERMS_DAYS, type InvoiceRow } from './invoices.repository.ts';

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

/** The ticket's deposit invoices (0036) an issue of its invoice `invoiceId` would cancel: unpaid, nothing paid yet. */
async function unpaidDeposits(tx: Tx, ticketId: string, lock: boolean) {
  const q = tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.ticket_id, ticketId),
        eq(invoices.kind, 'deposit'),
        eq(invoices.status, 'Unpaid'),
        eq(invoices.paid_cents, 0),
      ),
    );
  return lock ? q.for('update') : q;
}

/**
 * Before the ticket's invoice is issued, its unpaid deposit's card payment is settled with the provider, as a cancel
 * by staff does: an intent that succeeded is recorded (the deposit is then paid and its credit taken by this
 * invoice), one still processing refuses the issue (409: issue it once the payment is through), any other is
 * cancelled, so the client's open pay dialog cannot complete it.
 */
export async function settleDepositIntents(deps: BillingDeps, invoiceId: string) {
  const invoice = await repo.getInvoiceRow(deps.db, invoiceId);
  if (!invoice || invoice.kind !== 'invoice' || invoice.status !== 'Draft') return;
  for (const deposit of await unpaidDeposits(deps.db, invoice.ticket_id, false)) {
    if (!deposit.payment_intent_id) continue;
    const intent = await deps.provider.retrieveIntent(deposit.payment_intent_id);
    if (!intent || intent.status === 'canceled') continue;
    if (intent.status === 'processing') throw new AppError('conflict', BILLING_MESSAGES.paymentProcessing);
    if (intent.status === 'succeeded') {
      if (intentMismatch(intent, deposit)) continue;
      const done = await deps.db.transaction((tx) => completePaymentTx(tx, deps, intent, null));
      if (done?.created) await afterPaymentCommitted(deps, done);
      continue;
    }
    await deps.provider.cancelIntent(intent.id);
  }
}

/**
 * In the issuing transaction of a ticket's invoice: that ticket's deposit invoices still unpaid (nothing paid) are
 * cancelled, audited, under their row locks. A payment completing first makes the deposit Paid (not cancelled here;
 * its credit is taken by this invoice); one recorded after (a webhook of an intent that slipped past
 * settleDepositIntents) is still recorded as money received, and its credit carries to the ticket's next invoice.
 */
export async function cancelUnpaidDepositsTx(tx: Tx, invoice: InvoiceRow, actorId: string, now: Date, ip: string) {
  if (invoice.kind !== 'invoice') return;
  for (const deposit of await unpaidDeposits(tx, invoice.ticket_id, true)) {
    await repo.updateInvoice(tx, deposit.id, { status: 'Cancelled', cancelled_at: now });
    await audit(tx, {
      actorId,
      action: 'invoice.cancel',
      entityType: 'invoice',
      entityId: deposit.id,
      ip,
      meta: { name: deposit.name, reason: 'final_invoice_issued', invoice: invoice.name },
    });
  }
}
