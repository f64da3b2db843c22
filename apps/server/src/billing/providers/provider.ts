import type { PaymentProviderKind } from '@taxportal/contract';

/** A PaymentIntent as billing needs it, whichever provider made it. Currency is lower-case, as Stripe's. */
export interface ProviderIntent {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  client_secret: string | null;
  last_error: string | null;
}

export interface ProviderRefund {
  id: string;
  amount: number;
  status: string;
}

/** The provider events billing acts on; anything else is acknowledged and ignored. */
export type ProviderEvent =
  | { id: string; type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; intent: ProviderIntent }
  | {
      id: string;
      type: 'charge.refunded';
      charge: { id: string; payment_intent: string | null; amount_refunded: number; currency: string };
    }
  | { id: string; type: 'other'; raw_type: string };

export interface CreateIntentInput {
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * Stripe in production; the built-in test provider when no keys are set. Both
 * go through the same billing code: only these calls differ.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  cancelIntent(id: string): Promise<ProviderIntent>;
  refund(input: { paymentIntentId: string; reason: string; idempotencyKey: string }): Promise<ProviderRefund>;
  /** Verifies the signature on the raw body; throws when it is missing, wrong or too old. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  readonly webhooksEnabled: boolean;
}

/** Thrown when the provider itself fails (network, 5xx): billing answers "try again", nothing is written. */
export class ProviderUnavailableError extends Error {}

/** The states in which an intent can still be paid by the customer. */
export const REUSABLE_INTENT_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);
