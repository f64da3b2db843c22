import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { PAYMENT_ENTRY_STATUSES } from './invoice-status.ts';
import { BILLING_FIELD_MESSAGES } from './field-messages.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** Which provider the server uses; `test` means the built-in test mode (label every payment screen). */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
  test_cards: z.array(z.object({ number: z.string(), outcome: z.enum(['succeeds', 'declined']) })),
});

/** A PaymentIntent for the outstanding amount; the card goes to the provider, never to us. */
export const paymentIntentResponseSchema = z.object({
  payment_intent_id: z.string(),
  client_secret: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const paymentIntentIdSchema = z
  .string()
  .regex(/^pi_[A-Za-z0-9_]{1,120}$/, { error: () => BILLING_FIELD_MESSAGES.paymentId });

export const confirmPaymentBodySchema = z.object({ payment_intent_id: paymentIntentIdSchema });

/** Test mode only: the card form the built-in provider shows in place of Stripe's frame. */
export const testCardPaymentBodySchema = z.object({
  payment_intent_id: paymentIntentIdSchema,
  card_number: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, { error: () => BILLING_FIELD_MESSAGES.cardNumber }),
  exp: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, { error: () => BILLING_FIELD_MESSAGES.cardExpiry }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: () => BILLING_FIELD_MESSAGES.cardCode }),
});
export type TestCardPaymentBody = z.infer<typeof testCardPaymentBodySchema>;

/** SPEC's make_stripe_payment answer: status Success and 'Paid successfully'. */
export const paymentResultSchema = z.object({
  status: z.literal('Success'),
  message: z.string(),
  invoice_id: z.string(),
  payment_entry: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Payment Entry: SPEC §3's fields, amounts in integer cents. */
export const paymentEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  invoice_id: z.string(),
  party: z.string(),
  party_name: z.string(),
  posting_date: z.string(),
  paid_amount_cents: z.number().int(),
  currency: z.string(),
  reference_number: z.string(),
  reference_date: z.string(),
  mode_of_payment: z.string(),
  reference_name: z.string(),
  provider: z.string(),
  status: z.enum(PAYMENT_ENTRY_STATUSES),
  refunded_cents: z.number().int(),
  refunded_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;

export const paymentListQuerySchema = z.object({
  invoice_id: opaqueText().max(64).optional(),
  cursor: opaqueText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const paymentListSchema = z.object({ items: z.array(paymentEntrySchema), next_cursor: z.string().nullable() });
export type PaymentList = z.infer<typeof paymentListSchema>;

export const refundBodySchema = z.object({
  reason: z.enum(['requested_by_customer', 'duplicate', 'fraudulent']).default('requested_by_customer'),
});
export const paymentIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
