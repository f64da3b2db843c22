import {
  BILLING_MESSAGES,
  coveredByCredit,
  isCancellableInvoice,
  type Invoice,
  type PaymentEntry,
  type PaymentIntentResponse,
  type PaymentList,
  type PaymentResult,
  type TestCardPaymentBody,
} from '@taxportal/contract';
import { BILLING_MAIL_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import type { BillingDeps } from './billing.deps.ts';
import { createdAtCursor, outstandingOf, toPaymentEntry } from './invoice-view.ts';
import * as invoicesRepo from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { viewOf, visibleInvoice } from './invoices.service.ts';
import { depositCreditUsedByTx } from './credits.ts';
import {
  applyRefundTx,
  completePaymentTx,
  intentMismatch,
  PaymentMismatchError,
  recordPaymentFailureTx,
  afterPaymentCommitted,
  type Completion,
} from './payment-completion.ts';
import { publishNotices } from './notices.ts';
import * as repo from './payments.repository.ts';
import { ProviderUnavailableError, REUSABLE_INTENT_STATUSES, type ProviderIntent } from './providers/provider.ts';
import { UnknownTestCardError, type TestModeProvider } from './providers/test-provider.ts';

const paid = (invoiceId: string, entryName: string): PaymentResult => ({
  status: 'Success',
  message: BILLING_MESSAGES.paidSuccessfully,
  invoice_id: invoiceId,
  payment_entry: entryName,
});

async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderUnavailableError)
      throw new AppError('internal', BILLING_MESSAGES.providerUnavailable, { cause: err });
    throw err;
  }
}

/**
 * A payable invoice the customer may see (theirs, or a joint return's their spouse files: either filer pays);
 * staff cannot pay on a customer's behalf.
 */
async function payableInvoice(deps: BillingDeps, auth: AuthContext, id: string): Promise<InvoiceRow> {
  const invoice = await visibleInvoice(deps, auth, id);
  if (isStaff(auth)) throw new AppError('forbidden', BILLING_MESSAGES.onlyCustomerPays);
  if (invoice.status === 'Paid' || invoice.status === 'Refunded')
    throw new AppError('conflict', BILLING_MESSAGES.invoiceAlreadyPaid);
  if (invoice.status !== 'Unpaid') throw new AppError('conflict', BILLING_MESSAGES.invoiceNotPayable);
  return invoice;
}

/**
 * Offers the customer a PaymentIntent for the outstanding amount. The current
 * intent is reused while it can still be paid; a new one gets the next
 * attempt number, and the idempotency key `invoice-<id>-attempt-<n>` makes a
 * retried or concurrent call return the same intent instead of a second one.
 */
export async function createPaymentIntent(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
): Promise<PaymentIntentResponse> {
  const invoice = await payableInvoice(deps, auth, id);
  const amount = outstandingOf(invoice);
  if (amount <= 0) throw new AppError('conflict', BILLING_MESSAGES.invoiceNotPayable);
  const currency = invoice.currency.toLowerCase();
  let intent: ProviderIntent | null = null;
  if (invoice.payment_intent_id) {
    const current = await callProvider(() => deps.provider.retrieveIntent(invoice.payment_intent_id!));
    if (current?.status === 'succeeded') {
      await settle(deps, current, auth.user.id);
      throw new AppError('conflict', BILLING_MESSAGES.invoiceAlreadyPaid);
    }
    if (current?.status === 'processing') throw new AppError('conflict', BILLING_MESSAGES.paymentProcessing);
    if (
      current &&
      REUSABLE_INTENT_STATUSES.has(current.status) &&
      current.amount === amount &&
      current.currency === currency
    ) {
      intent = current;
    }
  }
  if (!intent) {
    const attempt = invoice.payment_attempt + 1;
    intent = await callProvider(() =>
      deps.provider.createIntent({
        amount,
        currency,
        description: `Invoice ${invoice.name}`,
        metadata: { invoice_id: invoice.id, invoice_name: invoice.name, customer_id: invoice.customer_id },
        idempotencyKey: `invoice-${invoice.id}-attempt-${attempt}`,
      }),
    );
    await deps.db.transaction(async (tx) => {
      const locked = (await invoicesRepo.lockInvoice(tx, invoice.id))!;
      if (locked.payment_attempt < attempt || locked.payment_intent_id !== intent!.id) {
        await invoicesRepo.updateInvoice(tx, invoice.id, {
          payment_intent_id: intent!.id,
          payment_attempt: Math.max(locked.payment_attempt, attempt),
        });
      }
    });
  }
  if (!intent.client_secret) throw new AppError('internal', BILLING_MESSAGES.providerUnavailable);
  return {
    payment_intent_id: intent.id,
    client_secret: intent.client_secret,
    amount_cents: intent.amount,
    currency: intent.currency.toUpperCase(),
    provider: deps.provider.kind,
    publishable_key: deps.provider.publishableKey,
  };
}

/** Records a succeeded intent (idempotent); maps a failed write to SPEC's 'Payment Entry Creation Failed'. */
async function settle(deps: BillingDeps, intent: ProviderIntent, actorId: string | null): Promise<Completion> {
  let completion: Completion | null;
  try {
    completion = await deps.db.transaction((tx) => completePaymentTx(tx, deps, intent, actorId));
  } catch (err) {
    if (err instanceof PaymentMismatchError) throw fieldError('payment_intent_id', err.message);
    deps.log.error({ err, payment_intent: intent.id }, 'payment entry creation failed; the webhook will retry');
    throw new AppError('internal', BILLING_MESSAGES.paymentEntryCreationFailed, { cause: err });
  }
  if (!completion) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (completion.created) await afterPaymentCommitted(deps, completion);
  return completion;
}

/**
 * After Stripe's frame reports success: ask the provider (never the browser)
 * whether the intent succeeded, for this invoice, amount and currency; then
 * record it. Answers Success again if the webhook got there first.
 */
export async function confirmPayment(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
  intentId: string,
): Promise<PaymentResult> {
  const visible = await visibleInvoice(deps, auth, id);
  if (isStaff(auth)) throw new AppError('forbidden', BILLING_MESSAGES.onlyCustomerPays);
  const existing = await repo.findEntryByReference(deps.db, intentId);
  if (existing && existing.invoice_id === visible.id) return paid(visible.id, existing.name);
  const invoice = await payableInvoice(deps, auth, id);
  const intent = await callProvider(() => deps.provider.retrieveIntent(intentId));
  if (!intent || intent.metadata.invoice_id !== invoice.id)
    throw fieldError('payment_intent_id', BILLING_MESSAGES.paymentNotForInvoice);
  return finishIntent(deps, auth, invoice, intent);
}

async function finishIntent(
  deps: BillingDeps,
  auth: AuthContext,
  invoice: InvoiceRow,
  intent: ProviderIntent,
): Promise<PaymentResult> {
  if (intent.status === 'processing') throw new AppError('conflict', BILLING_MESSAGES.paymentProcessing);
  if (intent.status !== 'succeeded') {
    if (intent.last_error) {
      await deps.db.transaction((tx) => recordPaymentFailureTx(tx, invoice.id, intent.last_error, intent.id));
    }
    throw new AppError('validation', BILLING_MESSAGES.paymentFailed, {
      errors: [
        { field: 'payment_intent_id', message: intent.last_error ?? BILLING_MAIL_TEXTS.refusals.paymentNotCompleted },
      ],
    });
  }
  const mismatch = intentMismatch(intent, invoice);
  if (mismatch) throw fieldError('payment_intent_id', mismatch);
  const completion = await settle(deps, intent, auth.user.id);
  return paid(invoice.id, completion.entry.name);
}

/** Test mode only: the built-in provider's card form, then the same path as confirm. */
export async function payWithTestCard(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
  body: TestCardPaymentBody,
): Promise<PaymentResult> {
  if (deps.provider.kind !== 'test') throw notFound(BILLING_MESSAGES.testModeOnly);
  const provider = deps.provider as TestModeProvider;
  const invoice = await payableInvoice(deps, auth, id);
  const current = await provider.retrieveIntent(body.payment_intent_id);
  if (!current || current.metadata.invoice_id !== invoice.id)
    throw fieldError('payment_intent_id', BILLING_MESSAGES.paymentNotForInvoice);
  let intent: ProviderIntent | null;
  try {
    intent = await provider.payWithTestCard(body.payment_intent_id, body.card_number);
  } catch (err) {
    if (err instanceof UnknownTestCardError) throw fieldError('card_number', err.message);
    throw err;
  }
  return finishIntent(deps, auth, invoice, intent!);
}

/**
 * Staff cancel a Draft or Unpaid invoice, or one credits covered (an invoice smaller than the deposit it took: its
 * cancel frees the deposit for a refund or a corrected invoice). An intent still open at the provider
 * is cancelled first; if it turns out to have succeeded, the payment is
 * recorded instead and the cancel refused: money received is never dropped.
 */
export async function cancelInvoice(deps: BillingDeps, auth: AuthContext, id: string, ip: string): Promise<Invoice> {
  const invoice = await invoicesRepo.getInvoiceRow(deps.db, id);
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (!isCancellableInvoice(invoice)) {
    throw new AppError(
      'conflict',
      invoice.status === 'Cancelled' ? BILLING_MESSAGES.invoiceCancelled : BILLING_MESSAGES.invoiceAlreadyPaid,
    );
  }
  if (invoice.payment_intent_id) {
    const intent = await callProvider(() => deps.provider.retrieveIntent(invoice.payment_intent_id!));
    if (intent?.status === 'succeeded') {
      await settle(deps, intent, null);
      throw new AppError('conflict', BILLING_MESSAGES.invoiceAlreadyPaid);
    }
    if (intent?.status === 'processing') throw new AppError('conflict', BILLING_MESSAGES.paymentProcessing);
    if (intent && intent.status !== 'canceled') await callProvider(() => deps.provider.cancelIntent(intent.id));
  }
  await deps.db.transaction(async (tx) => {
    const locked = (await invoicesRepo.lockInvoice(tx, id))!;
    if (!isCancellableInvoice(locked)) throw new AppError('conflict', BILLING_MESSAGES.invoiceAlreadyPaid);
    await invoicesRepo.updateInvoice(tx, id, { status: 'Cancelled', cancelled_at: deps.now() });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'invoice.cancel',
      entityType: 'invoice',
      entityId: id,
      ip,
      ...(coveredByCredit(locked) ? { meta: { covered_by_credit: true } } : {}),
    });
  });
  return viewOf(deps, id);
}

/**
 * Admin refund of a whole payment through the provider (idempotency key per
 * entry, so a double click refunds once). The entry and invoice become
 * Refunded; the ticket stays where it is (staff decide what happens next).
 */
export async function refundPayment(
  deps: BillingDeps,
  auth: AuthContext,
  entryId: string,
  reason: string,
  ip: string,
): Promise<PaymentEntry> {
  const entry = await repo.findEntry(deps.db, entryId);
  if (!entry) throw notFound(BILLING_MAIL_TEXTS.refusals.paymentNotFound);
  if (entry.status === 'Refunded') throw new AppError('conflict', BILLING_MESSAGES.notRefundable);
  // A deposit an invoice already counted is not given back: that invoice is cancelled first (0036). Checked before
  // the provider is asked; an invoice issued in the moment between is left to the withdrawal's audit (`used_cents`).
  const usedBy = await deps.db.transaction(async (tx) => {
    const invoice = await invoicesRepo.getInvoiceRow(tx, entry.invoice_id);
    return invoice?.kind === 'deposit' ? depositCreditUsedByTx(tx, invoice.id) : null;
  });
  if (usedBy) throw new AppError('conflict', BILLING_MESSAGES.depositCreditUsed, { params: { invoice: usedBy } });
  const refund = await callProvider(() =>
    deps.provider.refund({ paymentIntentId: entry.reference_number, reason, idempotencyKey: `refund-${entry.id}` }),
  );
  const applied = await deps.db.transaction(async (tx) => {
    const row = await applyRefundTx(tx, deps, entry.reference_number, entry.paid_amount_cents, refund.id, auth.user.id);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'payment.refund',
      entityType: 'payment_entry',
      entityId: entry.id,
      ip,
      meta: { refund: refund.id, reason },
    });
    return row!;
  });
  await publishNotices(deps, [applied.notice]);
  return toPaymentEntry(applied.entry);
}

export async function listPayments(
  deps: BillingDeps,
  q: { invoice_id?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<PaymentList> {
  const after = q.cursor ? createdAtCursor.decode(q.cursor) : null;
  const rows = await repo.listEntries(deps.db, { invoiceId: q.invoice_id }, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toPaymentEntry(r.entry)),
    next_cursor:
      rows.length > q.limit && last ? createdAtCursor.encode({ ts: last.cursor_ts, id: last.entry.id }) : null,
  };
}
