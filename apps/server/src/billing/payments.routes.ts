import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { BillingDeps } from './billing.deps.ts';
import * as payments from './payments.service.ts';
import { TEST_CARDS } from './providers/test-provider.ts';
import { handleWebhook } from './webhook.service.ts';

export function paymentRoutes(deps: BillingDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getPaymentConfig, {
      handler: async () => ({
        provider: deps.provider.kind,
        publishable_key: deps.provider.publishableKey,
        test_cards: deps.provider.kind === 'test' ? TEST_CARDS : [],
      }),
    });

    route(app, api.createPaymentIntent, {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: async (req) => payments.createPaymentIntent(deps, authOf(req), req.params.id),
    });

    route(app, api.confirmPayment, {
      handler: async (req) => payments.confirmPayment(deps, authOf(req), req.params.id, req.body.payment_intent_id),
    });

    route(app, api.payWithTestCard, {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: async (req) => payments.payWithTestCard(deps, authOf(req), req.params.id, req.body),
    });

    route(app, api.listPayments, {
      handler: async (req) => payments.listPayments(deps, req.query),
    });

    route(app, api.refundPayment, {
      handler: async (req) =>
        payments.refundPayment(deps, authOf(req), req.params.id, req.body?.reason ?? 'requested_by_customer', req.ip),
    });

    // The signature covers the exact bytes Stripe sent: this scope alone reads JSON as a raw Buffer.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      route(raw, api.stripeWebhook, {
        handler: async (req) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const sig = req.headers['stripe-signature'];
          return handleWebhook(deps, body, typeof sig === 'string' ? sig : undefined);
        },
      });
    });
  };
}
