import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, type TicketStatus } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import { moveTicket, ticketAudience } from '../tickets/index.ts';
import { isoDay, type BillingDeps } from './billing.deps.ts';
import { grantDepositCreditTx, grantReferralRewardTx, withdrawDepositCreditTx } from './credits.ts';
import * as invoicesRepo from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { formatDay } from '../platform/people-dates.ts';
import { formatMoney } from './money.ts';
import { publishNotices } from './notices.ts';
import type { ProviderIntent } from './providers/provider.ts';
import * as repo from './payments.repository.ts';
import type { Notice, PaymentEntryRow } from './payments.repository.ts';

/** Why a succeeded intent cannot settle this invoice; null when it can. */
export function intentMismatch(intent: ProviderIntent, invoice: InvoiceRow): string | null {
  if (intent.metadata.invoice_id !== invoice.id) return BILLING_MESSAGES.paymentNotForInvoice;
  // Invoices are paid in one payment of their grand total (no partial payments).
  if (intent.currency.toLowerCase() !== invoice.currency.toLowerCase()) return BILLING_MESSAGES.amountMismatch;
  if (receivedOf(intent) !== invoice.grand_total_cents) return BILLING_MESSAGES.amountMismatch;
  return null;
}

const receivedOf = (intent: ProviderIntent) => intent.amount_received || intent.amount;

export class PaymentMismatchError extends Error {}

export interface Completion {
  entry: PaymentEntryRow;
  invoice: InvoiceRow;
  /** False when this payment had already been recorded (by the other of confirm and webhook). */
  created: boolean;
  /** The ticket's move to Payment Collected, when the payment made one. */
  moved?: { from: TicketStatus; to: TicketStatus } | null;
  /** The customer's "payment received" notification, published after the commit. */
  notice?: Notice;
}

/**
 * The one path that records a card payment, used by the confirm call, the
 * test-card call and the webhook alike, inside the caller's transaction:
 * lock the invoice row, return the existing entry if this PaymentIntent was
 * already recorded, else write the entry, mark the invoice Paid, move the
 * ticket to Payment Collected with its history, and notify the customer.
 */
export async function completePaymentTx(
  tx: Tx,
  deps: Pick<BillingDeps, 'now' | 'provider'>,
  intent: ProviderIntent,
  actorId: string | null,
): Promise<Completion | null> {
  const invoice = await invoicesRepo.lockInvoice(tx, intent.metadata.invoice_id ?? '');
  if (!invoice) return null;
  const existing = await repo.findEntryByReference(tx, intent.id);
  if (existing) return { entry: existing, invoice, created: false };
  const mismatch = intentMismatch(intent, invoice);
  if (mismatch) throw new PaymentMismatchError(mismatch);

  const now = deps.now();
  const today = isoDay(now);
  const amount = receivedOf(intent);
  const year = now.getUTCFullYear();
  const seq = await invoicesRepo.nextNumber(tx, 'ACC-PAY', year);
  const customer = await repo.findUser(tx, invoice.customer_id);
  const entry = await repo.insertEntry(tx, {
    id: randomUUID(),
    name: `ACC-PAY-${year}-${String(seq).padStart(5, '0')}`,
    invoice_id: invoice.id,
    party: invoice.customer_id,
    party_name: customer?.full_name ?? '',
    posting_date: today,
    paid_amount_cents: amount,
    currency: invoice.currency,
    reference_number: intent.id,
    reference_date: today,
    mode_of_payment: 'Card',
    reference_name: invoice.name,
    provider: deps.provider.kind,
  });
  if (!entry) {
    // Unreachable under the invoice lock; the unique index still guarantees one entry.
    return { entry: (await repo.findEntryByReference(tx, intent.id))!, invoice, created: false };
  }
  // A second successful payment of an already-paid invoice is still money received: recorded, flagged for refund.
  const wasPaid = invoice.status === 'Paid';
  const updated = await invoicesRepo.updateInvoice(tx, invoice.id, {
    status: 'Paid',
    paid_cents: invoice.paid_cents + amount,
    paid_at: invoice.paid_at ?? now,
    last_payment_error: null,
  });
  // A referred customer's first payment earns their referrer the reward, once (credits.ts).
  await grantReferralRewardTx(tx, invoice.customer_id, invoice.currency);
  // A letter's deposit becomes a credit that only its ticket's invoice takes (credits.ts, 0036); once per deposit.
  const deposit = invoice.kind === 'deposit';
  if (deposit && !wasPaid) {
    await grantDepositCreditTx(tx, {
      id: invoice.id,
      name: invoice.name,
      customer_id: invoice.customer_id,
      ticket_id: invoice.ticket_id,
      currency: invoice.currency,
      amount: invoice.grand_total_cents,
    });
  }
  // The customer's language (saved, else the firm's) for their notification.
  const language = recipientLanguage(await savedLanguage(tx, invoice.customer_id));
  const text = { invoice: invoice.name, payment: entry.name, amount: formatMoney(amount, invoice.currency, language) };
  // Tickets' system move: from any status before Payment Collected; a ticket past it (or Cancelled) stays. Its
  // note is read by the firm's staff, and by the customer when they paid (the note of a move they made). A deposit
  // is paid before the work starts: the ticket stays where it is.
  const outcome = deposit
    ? null
    : await moveTicket(tx, {
        ticketId: invoice.ticket_id,
        system: 'payment_collected',
        actorId,
        note: textsIn(actorId === invoice.customer_id ? language : recipientLanguage(null))(
          'billingMail.paid.note',
          text,
        ),
      });
  const moved = outcome?.moved ? { from: outcome.from, to: outcome.to } : null;
  const t = textsIn(language);
  const notice = await repo.notify(tx, {
    user_id: invoice.customer_id,
    ticket_id: invoice.ticket_id,
    title: t('billingMail.paid.title', text),
    body: t('billingMail.paid.body', text),
  });
  await audit(tx, {
    actorId,
    action: wasPaid ? 'payment.duplicate' : 'invoice.paid',
    entityType: 'invoice',
    entityId: invoice.id,
    meta: {
      payment_entry: entry.name,
      reference_number: intent.id,
      amount_cents: amount,
      ticket_moved: moved !== null,
    },
  });
  return { entry, invoice: updated, created: true, moved, notice };
}

export interface RefundApplied {
  entry: PaymentEntryRow;
  /** The customer's refund notification; null when the refund was already applied. */
  notice: Notice | null;
}

/**
 * Brings an entry and its invoice to `totalRefunded` cents refunded (Stripe's
 * charge.amount_refunded is a running total, so applying it twice is harmless).
 * Fully refunded: entry and invoice become Refunded; partly: the entry says so.
 */
export async function applyRefundTx(
  tx: Tx,
  deps: Pick<BillingDeps, 'now'>,
  reference: string,
  totalRefunded: number,
  refundRef: string | null,
  actorId: string | null,
): Promise<RefundApplied | null> {
  const found = await repo.findEntryByReference(tx, reference);
  if (!found) return null;
  const invoice = (await invoicesRepo.lockInvoice(tx, found.invoice_id))!;
  const entry = (await repo.findEntryByReference(tx, reference))!;
  const target = Math.min(totalRefunded, entry.paid_amount_cents);
  if (target <= entry.refunded_cents) return { entry, notice: null };
  const now = deps.now();
  const updated = await repo.updateEntry(tx, entry.id, {
    refunded_cents: target,
    status: target >= entry.paid_amount_cents ? 'Refunded' : 'Partly Refunded',
    refunded_at: now,
    refund_reference: refundRef ?? entry.refund_reference,
  });
  const refundedTotal = await repo.refundedTotalOfInvoice(tx, invoice.id);
  const fully = refundedTotal >= invoice.paid_cents;
  await invoicesRepo.updateInvoice(tx, invoice.id, {
    refunded_cents: refundedTotal,
    ...(fully ? { status: 'Refunded', refunded_at: now } : {}),
  });
  // A refunded deposit takes back that much of its credit (credits.ts, 0036).
  if (invoice.kind === 'deposit') await withdrawDepositCreditTx(tx, invoice.id, refundedTotal);
  const language = recipientLanguage(await savedLanguage(tx, invoice.customer_id));
  const t = textsIn(language);
  const text = {
    invoice: invoice.name,
    amount: formatMoney(target - entry.refunded_cents, invoice.currency, language),
  };
  const notice = await repo.notify(tx, {
    user_id: invoice.customer_id,
    ticket_id: invoice.ticket_id,
    title: t('billingMail.refund.title', text),
    body: t('billingMail.refund.body', text),
  });
  await audit(tx, {
    actorId,
    action: 'payment.refunded',
    entityType: 'payment_entry',
    entityId: entry.id,
    meta: { invoice: invoice.name, refunded_cents: target, refund_reference: refundRef },
  });
  return { entry: updated, notice };
}

/** A declined card: remembered on the invoice for staff; the invoice stays payable. */
export async function recordPaymentFailureTx(tx: Tx, invoiceId: string, message: string | null, intentId: string) {
  const invoice = await invoicesRepo.lockInvoice(tx, invoiceId);
  if (!invoice || invoice.status !== 'Unpaid') return false;
  await invoicesRepo.updateInvoice(tx, invoice.id, { last_payment_error: message ?? BILLING_MESSAGES.paymentFailed });
  await audit(tx, {
    actorId: null,
    action: 'payment.failed',
    entityType: 'invoice',
    entityId: invoice.id,
    meta: { reference_number: intentId, message },
  });
  return true;
}

type AfterCommitDeps = Pick<BillingDeps, 'db' | 'mailer' | 'log' | 'publicUrl' | 'hub'>;

/**
 * After commit: the ticket's move and the customer's notification reach open browsers, and the receipt goes
 * out. None of them undoes a payment.
 */
export async function afterPaymentCommitted(deps: AfterCommitDeps, c: Completion) {
  await announceTicketMove(deps, c);
  await publishNotices(deps, [c.notice]);
  await sendReceipt(deps, c);
}

async function announceTicketMove(deps: AfterCommitDeps, c: Completion) {
  if (!c.moved || !deps.hub) return;
  try {
    const ticket = await repo.findTicketForEvent(deps.db, c.invoice.ticket_id);
    const payer = await repo.findUser(deps.db, c.invoice.customer_id);
    if (!ticket || !payer) return;
    await deps.hub.publish(ticketAudience(ticket), {
      type: 'ticket.status_changed',
      ticket_id: ticket.id,
      ticket_name: ticket.name,
      from_status: c.moved.from,
      status: c.moved.to,
      version: ticket.version,
      changed_by: { id: payer.id, full_name: payer.full_name },
    });
  } catch (err) {
    deps.log.error({ err: (err as Error).message, invoice_id: c.invoice.id }, 'payment event not published');
  }
}

/** The receipt, in the customer's language (saved, else the firm's). A mail failure never undoes a payment. */
async function sendReceipt(deps: AfterCommitDeps, c: Completion) {
  try {
    const customer = await repo.findUser(deps.db, c.invoice.customer_id);
    if (!customer) return;
    const language = recipientLanguage(await savedLanguage(deps.db, customer.id));
    const t = textsIn(language);
    const text = {
      name: customer.full_name,
      invoice: c.invoice.name,
      amount: formatMoney(c.entry.paid_amount_cents, c.entry.currency, language),
      payment: c.entry.name,
      date: formatDay(c.entry.posting_date, language),
      url: `${deps.publicUrl}/billing/${c.invoice.id}`,
    };
    await deps.mailer.send({
      to: customer.email,
      subject: t('billingMail.receipt.subject', text),
      text: [
        t('mail.hello', text),
        '',
        t('billingMail.receipt.received', text),
        t('billingMail.receipt.reference', text),
        '',
        t('billingMail.receipt.viewLink', text),
      ].join('\n'),
    });
  } catch (err) {
    deps.log.error({ err: (err as Error).message, invoice_id: c.invoice.id }, 'receipt mail failed');
  }
}
