import type Stripe from 'stripe';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider.ts';
import { ProviderUnavailableError } from './provider.ts';

/** Stripe's own tolerance is 300 s too; said here so the rule is visible and tested. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    amount_received: pi.amount_received ?? 0,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    client_secret: pi.client_secret ?? null,
    last_error: pi.last_payment_error?.message ?? null,
  };
}

/** Card errors and 4xx are answers; connection problems and 5xx mean "try again later". */
function wrap(client: Stripe, err: unknown): never {
  if (err instanceof client.errors.StripeError) {
    const status = err.statusCode ?? 0;
    if (err.type === 'StripeConnectionError' || err.type === 'StripeAPIError' || status >= 500 || status === 0) {
      throw new ProviderUnavailableError(err.message, { cause: err });
    }
  }
  throw err;
}

export function createStripeProvider(opts: {
  client: Stripe;
  publishableKey: string | null;
  webhookSecret: string | null;
}): PaymentProvider {
  const { client } = opts;
  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,
    webhooksEnabled: Boolean(opts.webhookSecret),
    async createIntent(input) {
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (err) {
        return wrap(client, err);
      }
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await client.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof client.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        return wrap(client, err);
      }
    },
    async cancelIntent(id) {
      try {
        return toIntent(await client.paymentIntents.cancel(id));
      } catch (err) {
        return wrap(client, err);
      }
    },
    async refund(input) {
      try {
        const r = await client.refunds.create(
          { payment_intent: input.paymentIntentId, reason: input.reason as Stripe.RefundCreateParams.Reason },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: r.id, amount: r.amount, status: r.status ?? 'pending' };
      } catch (err) {
        return wrap(client, err);
      }
    },
    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!opts.webhookSecret) throw new Error('webhook secret not configured');
      if (!signature) throw new Error('missing signature');
      const event = client.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          return { id: event.id, type: event.type, intent: toIntent(event.data.object) };
        case 'charge.refunded': {
          const c = event.data.object;
          const pi = typeof c.payment_intent === 'string' ? c.payment_intent : (c.payment_intent?.id ?? null);
          return {
            id: event.id,
            type: 'charge.refunded',
            charge: { id: c.id, payment_intent: pi, amount_refunded: c.amount_refunded, currency: c.currency },
          };
        }
        default:
          return { id: event.id, type: 'other', raw_type: event.type };
      }
    },
  };
}

/**
 * The real SDK from configuration; tests pass their own client pointed at the fake server. Loaded only when a
 * key is set: the embedded default (test provider) never holds Stripe's SDK in memory.
 */
export async function stripeClientFromKey(secretKey: string): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
}
