// The billing feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { createBillingDeps, type BillingDeps, type BillingOverrides } from './billing.deps.ts';
export { billingRoutes } from './billing.routes.ts';
/** The service functions and the built-in test provider the demo sample plays (docs/decisions/0008). */
export { createInvoice, listInvoices } from './invoices.service.ts';
export { createPaymentIntent, payWithTestCard } from './payments.service.ts';
/** An engagement letter's deposit invoice (docs/decisions/0036). */
export { createDepositInvoiceTx, depositStateOf } from './deposits.ts';
export { createTestProvider } from './providers/test-provider.ts';
