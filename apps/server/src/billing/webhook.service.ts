import { BILLING_MESSAGES } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { BillingDeps } from './billing.deps.ts';
import {
  applyRefundTx,
  completePaymentTx,
  PaymentMismatchError,
  recordPaymentFailureTx,
  afterPaymentCommitted,
  type Completion,
} from './payment-completion.ts';
import { publishNotices } from './notices.ts';
import * as repo from './payments.repository.ts';
import type { Notice } from './payments.repository.ts';
import type { ProviderEvent } from './providers/provider.ts';

/**
 * A provider event, verified on the raw body, applied at most once: the event
 * id is recorded under a unique key in the same transaction as its effect, so
 * a redelivery or a concurrent twin finds it and does nothing. A failure rolls
 * both back and answers 500, and the provider delivers again later.
 */
export async function handleWebhook(deps: BillingDeps, rawBody: Buffer, signature: string | undefined) {
  if (!deps.provider.webhooksEnabled) throw notFound(BILLING_MESSAGES.webhookNotConfigured);
  let event: ProviderEvent;
  try {
    event = deps.provider.verifyWebhook(rawBody, signature);
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'webhook refused');
    throw new AppError('bad_request', BILLING_MESSAGES.webhookSignatureInvalid);
  }
  const invoiceId = 'intent' in event ? (event.intent.metadata.invoice_id ?? null) : null;
  let completion: Completion | null = null;
  let refundNotice: Notice | null = null;
  const fresh = await deps.db.transaction(async (tx) => {
    const recorded = await repo.recordEvent(tx, {
      event_id: event.id,
      provider: deps.provider.kind,
      type: event.type === 'other' ? event.raw_type : event.type,
      invoice_id: invoiceId,
    });
    if (!recorded) return false;
    let outcome = 'ignored';
    switch (event.type) {
      case 'payment_intent.succeeded':
        try {
          completion = await completePaymentTx(tx, deps, event.intent, null);
          outcome = completion ? (completion.created ? 'paid' : 'already_recorded') : 'unknown_invoice';
        } catch (err) {
          if (!(err instanceof PaymentMismatchError)) throw err;
          // Money Stripe took that does not match the invoice: keep the event, tell staff, change nothing.
          outcome = 'amount_mismatch';
          deps.log.error({ event: event.id, payment_intent: event.intent.id }, 'payment does not match its invoice');
          await audit(tx, {
            actorId: null,
            action: 'payment.mismatch',
            entityType: 'invoice',
            entityId: invoiceId,
            meta: { payment_intent: event.intent.id, amount: event.intent.amount_received },
          });
        }
        break;
      case 'payment_intent.payment_failed':
        if (invoiceId)
          outcome = (await recordPaymentFailureTx(tx, invoiceId, event.intent.last_error, event.intent.id))
            ? 'failure_recorded'
            : 'ignored';
        break;
      case 'charge.refunded':
        if (event.charge.payment_intent) {
          const entry = await applyRefundTx(
            tx,
            deps,
            event.charge.payment_intent,
            event.charge.amount_refunded,
            event.charge.id,
            null,
          );
          outcome = entry ? 'refund_applied' : 'unknown_payment';
          refundNotice = entry?.notice ?? null;
        }
        break;
      default:
        break;
    }
    await repo.setEventOutcome(tx, event.id, outcome);
    return true;
  });
  const done = completion as Completion | null;
  if (done?.created) await afterPaymentCommitted(deps, done);
  await publishNotices(deps, [refundNotice as Notice | null]);
  return { received: true as const, duplicate: !fresh };
}
