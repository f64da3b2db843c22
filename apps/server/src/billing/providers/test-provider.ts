import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@taxportal/contract';
import type { Db } from '../../platform/db/client.ts';
import { testPaymentIntents } from '../../platform/db/schema.ts';
import type { PaymentProvider, ProviderIntent } from './provider.ts';
import { REUSABLE_INTENT_STATUSES } from './provider.ts';

/** Stripe's documented test numbers, with the outcome this provider gives them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' as const },
  { number: '4000 0000 0000 0002', outcome: 'declined' as const },
];

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
type Row = typeof testPaymentIntents.$inferSelect;
const toIntent = (r: Row): ProviderIntent => ({
  id: r.id,
  status: r.status,
  amount: r.amount,
  amount_received: r.status === 'succeeded' ? r.amount : 0,
  currency: r.currency,
  metadata: r.metadata,
  client_secret: r.client_secret,
  last_error: r.last_payment_error,
});

export interface TestModeProvider extends PaymentProvider {
  /** Plays the part of Stripe's card frame: the card decides the outcome. Throws on an unknown card. */
  payWithTestCard(intentId: string, cardNumber: string): Promise<ProviderIntent | null>;
}

export class UnknownTestCardError extends Error {}

/**
 * The built-in provider used when no Stripe keys are configured (the embedded
 * default). Intents live in the database, idempotency keys are honoured as
 * Stripe does, and no real card is ever charged.
 */
export function createTestProvider(db: Db): TestModeProvider {
  const load = async (intentId: string) => {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    return row ?? null;
  };
  return {
    kind: 'test',
    publishableKey: null,
    webhooksEnabled: false,
    async createIntent(input) {
      const intentId = id('pi');
      const [created] = await db
        .insert(testPaymentIntents)
        .values({
          id: intentId,
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          idempotency_key: input.idempotencyKey,
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotency_key })
        .returning();
      if (created) return toIntent(created);
      // Same key again: the first answer, as Stripe replays it.
      const [existing] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotency_key, input.idempotencyKey));
      return toIntent(existing!);
    },
    async retrieveIntent(intentId) {
      const row = await load(intentId);
      return row ? toIntent(row) : null;
    },
    async cancelIntent(intentId) {
      const [row] = await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(eq(testPaymentIntents.id, intentId))
        .returning();
      if (!row) throw new Error('no such intent');
      return toIntent(row);
    },
    async refund(input) {
      const row = await load(input.paymentIntentId);
      if (!row || row.status !== 'succeeded') throw new Error('nothing to refund');
      await db.update(testPaymentIntents).set({ amount_refunded: row.amount }).where(eq(testPaymentIntents.id, row.id));
      return { id: id('re'), amount: row.amount, status: 'succeeded' };
    },
    verifyWebhook() {
      throw new Error('test mode has no webhooks');
    },
    async payWithTestCard(intentId, cardNumber) {
      const digits = cardNumber.replace(/\D/g, '');
      const card = TEST_CARDS.find((c) => c.number.replace(/\D/g, '') === digits);
      if (!card) throw new UnknownTestCardError(BILLING_MESSAGES.unknownTestCard);
      const row = await load(intentId);
      if (!row) return null;
      if (!REUSABLE_INTENT_STATUSES.has(row.status)) return toIntent(row);
      const [updated] = await db
        .update(testPaymentIntents)
        .set(
          card.outcome === 'succeeds'
            ? { status: 'succeeded', last_payment_error: null }
            : { status: 'requires_payment_method', last_payment_error: BILLING_MESSAGES.cardDeclined },
        )
        .where(eq(testPaymentIntents.id, intentId))
        .returning();
      return toIntent(updated!);
    },
  };
}
