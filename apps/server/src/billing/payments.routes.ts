import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmPaymentBodySchema,
  invoiceIdParamsSchema,
  paymentConfigSchema,
  paymentEntrySchema,
  paymentIdParamsSchema,
  paymentIntentResponseSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentResultSchema,
  refundBodySchema,
  testCardPaymentBodySchema,
  webhookAckSchema,
} from '@taxportal/contract';
import { authOf, requireRole, requireStaff } from '../platform/auth/guard.ts';
import type { BillingDeps } from './billing.deps.ts';
import * as payments from './payments.service.ts';
import { TEST_CARDS } from './providers/test-provider.ts';
import { handleWebhook } from './webhook.service.ts';

const tags = ['Payments'];

export function paymentRoutes(deps: BillingDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/payments/config', {
      schema: {
        tags,
        summary: 'Which card provider is in use (test mode is labelled on every payment screen)',
        response: { 200: paymentConfigSchema },
      },
      handler: async () => ({
        provider: deps.provider.kind,
        publishable_key: deps.provider.publishableKey,
        test_cards: deps.provider.kind === 'test' ? TEST_CARDS : [],
      }),
    });

    r.post('/api/v1/invoices/:id/payment-intent', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A PaymentIntent for the outstanding amount (customer)',
        params: invoiceIdParamsSchema,
        response: { 200: paymentIntentResponseSchema },
      },
      handler: async (req) => payments.createPaymentIntent(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/invoices/:id/payments/confirm', {
      schema: {
        tags,
        summary:
          "Record a succeeded PaymentIntent: invoice Paid, payment entry, ticket Payment Collected, 'Paid successfully'",
        params: invoiceIdParamsSchema,
        body: confirmPaymentBodySchema,
        response: { 200: paymentResultSchema },
      },
      handler: async (req) => payments.confirmPayment(deps, authOf(req), req.params.id, req.body.payment_intent_id),
    });

    r.post('/api/v1/invoices/:id/payments/test-card', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Test mode only (404 with Stripe): pay with 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined)',
        params: invoiceIdParamsSchema,
        body: testCardPaymentBodySchema,
        response: { 200: paymentResultSchema },
      },
      handler: async (req) => payments.payWithTestCard(deps, authOf(req), req.params.id, req.body),
    });

    r.get('/api/v1/payments', {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Payment entries, newest first (staff)',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema },
      },
      handler: async (req) => payments.listPayments(deps, req.query),
    });

    r.post('/api/v1/payments/:id/refund', {
      preHandler: requireRole('Admin'),
      schema: {
        tags,
        summary: 'Refund a payment in full through the provider (Admin)',
        params: paymentIdParamsSchema,
        body: refundBodySchema.optional(),
        response: { 200: paymentEntrySchema },
      },
      handler: async (req) =>
        payments.refundPayment(deps, authOf(req), req.params.id, req.body?.reason ?? 'requested_by_customer', req.ip),
    });

    // The signature covers the exact bytes Stripe sent: this scope alone reads JSON as a raw Buffer.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post('/api/v1/payments/stripe/webhook', {
        config: { public: true },
        schema: {
          tags,
          summary: 'Stripe events, signature-verified on the raw body, applied once',
          response: { 200: webhookAckSchema },
        },
        handler: async (req) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const sig = req.headers['stripe-signature'];
          return handleWebhook(deps, body, typeof sig === 'string' ? sig : undefined);
        },
      });
    });
  };
}
