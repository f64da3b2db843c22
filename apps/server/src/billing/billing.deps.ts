import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createStripeProvider, stripeClientFromKey } from './providers/stripe-provider.ts';
import { createTestProvider } from './providers/test-provider.ts';

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** HMAC key for share links. */
  sessionSecret: Buffer;
  /** The clock: injectable so tests can move past a due date or a link's expiry. */
  now: () => Date;
  /** Live events to open browsers (a payment moves the ticket). */
  hub?: RealtimeHub;
}

/** What tests (and only tests) replace: a Stripe client pointed at the fake server, a clock. */
export interface BillingOverrides {
  stripe?: Stripe;
  now?: () => Date;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (or a client is passed in), else the
 * built-in test provider: the embedded default never needs an account.
 */
export async function createBillingDeps(opts: {
  db: Db;
  config: Config;
  sessionSecret: Buffer;
  mailer: Mailer;
  log: FastifyBaseLogger;
  hub?: RealtimeHub;
  overrides?: BillingOverrides | undefined;
}): Promise<BillingDeps> {
  const { config, overrides } = opts;
  const client =
    overrides?.stripe ?? (config.STRIPE_SECRET_KEY ? await stripeClientFromKey(config.STRIPE_SECRET_KEY) : null);
  const provider = client
    ? createStripeProvider({
        client,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
      })
    : createTestProvider(opts.db);
  return {
    db: opts.db,
    provider,
    mailer: opts.mailer,
    log: opts.log,
    publicUrl: config.PUBLIC_URL,
    sessionSecret: opts.sessionSecret,
    now: overrides?.now ?? (() => new Date()),
    ...(opts.hub ? { hub: opts.hub } : {}),
  };
}

/** UTC calendar date, `YYYY-MM-DD`. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
};
