import type { FastifyInstance } from 'fastify';
import type { BillingDeps } from './billing.deps.ts';
import { invoiceRoutes } from './invoices.routes.ts';
import { paymentRoutes } from './payments.routes.ts';

/** Invoices, PDFs, share links, card payments, payment entries and the Stripe webhook. */
export function billingRoutes(deps: BillingDeps) {
  return async function routes(app: FastifyInstance) {
    await app.register(invoiceRoutes(deps));
    await app.register(paymentRoutes(deps));
  };
}
