import { STAFF_ROLES } from '../roles.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import {
  createInvoiceBodySchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  ticketInvoiceSchema,
  updateInvoiceBodySchema,
} from './invoices.ts';
import {
  confirmPaymentBodySchema,
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
} from './payments.ts';
import { sharedInvoiceSchema, shareLinkSchema, shareTokenParamsSchema } from './share.ts';

const tags = ['Billing'];

export const listInvoices = endpoint({
  method: 'GET',
  path: '/api/v1/invoices',
  tags,
  summary: 'Invoices: a customer their own, staff all (with totals and money collected per month)',
  query: invoiceListQuerySchema,
  response: { 200: invoiceListSchema },
});

export const createInvoice = endpoint({
  method: 'POST',
  path: '/api/v1/invoices',
  roles: STAFF_ROLES,
  tags,
  summary: "Invoice a ticket (staff): lines start from the ticket's service and price",
  body: createInvoiceBodySchema,
  response: { 201: invoiceSchema },
});

export const getInvoice = endpoint({
  method: 'GET',
  path: '/api/v1/invoices/:id',
  tags,
  summary: 'One invoice with lines, tax, totals and payments',
  params: invoiceIdParamsSchema,
  response: { 200: invoiceSchema },
});

export const getTicketInvoice = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/invoice',
  tags,
  summary:
    "A ticket's live invoice (by the ticket's id or name): the newest not cancelled or refunded, else the newest",
  params: invoiceIdParamsSchema,
  response: { 200: ticketInvoiceSchema },
});

export const updateInvoice = endpoint({
  method: 'PATCH',
  path: '/api/v1/invoices/:id',
  roles: STAFF_ROLES,
  tags,
  summary: "Change a draft's lines, tax template or due date (staff)",
  params: invoiceIdParamsSchema,
  body: updateInvoiceBodySchema,
  response: { 200: invoiceSchema },
});

export const issueInvoice = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/issue',
  roles: STAFF_ROLES,
  tags,
  summary: 'Issue a draft (ticket in Ready For Invoice): Unpaid, the customer is notified',
  params: invoiceIdParamsSchema,
  response: { 200: invoiceSchema },
});

export const cancelInvoice = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/cancel',
  roles: STAFF_ROLES,
  tags,
  summary: 'Cancel a draft or unpaid invoice (staff)',
  params: invoiceIdParamsSchema,
  response: { 200: invoiceSchema },
});

/** A PDF file: the browser follows the link, nothing is parsed. */
export const getInvoicePdf = endpoint({
  method: 'GET',
  path: '/api/v1/invoices/:id/pdf',
  answers: { 200: { description: 'The invoice', contentType: 'application/pdf' } },
  tags,
  summary: 'Download the invoice as a PDF',
  params: invoiceIdParamsSchema,
});

export const createShareLink = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/share',
  tags,
  summary: 'A signed share link to this invoice, valid 7 days (SPEC hash key)',
  params: invoiceIdParamsSchema,
  response: { 201: shareLinkSchema },
});

export const revokeShareLinks = endpoint({
  method: 'DELETE',
  path: '/api/v1/invoices/:id/share',
  response: noContentResponse,
  tags,
  summary: "Revoke the invoice's share links",
  params: invoiceIdParamsSchema,
});

export const getSharedInvoice = endpoint({
  method: 'GET',
  path: '/api/v1/invoices/shared/:token',
  public: true,
  tags,
  summary: 'The invoice a share link opens (no sign-in)',
  params: shareTokenParamsSchema,
  response: { 200: sharedInvoiceSchema },
});

export const getSharedInvoicePdf = endpoint({
  method: 'GET',
  path: '/api/v1/invoices/shared/:token/pdf',
  answers: { 200: { description: 'The shared invoice', contentType: 'application/pdf' } },
  public: true,
  tags,
  summary: 'The PDF a share link opens (no sign-in)',
  params: shareTokenParamsSchema,
});

const paymentTags = ['Payments'];

export const getPaymentConfig = endpoint({
  method: 'GET',
  path: '/api/v1/payments/config',
  tags: paymentTags,
  summary: 'Which card provider is in use (test mode is labelled on every payment screen)',
  response: { 200: paymentConfigSchema },
});

export const createPaymentIntent = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/payment-intent',
  roles: ['Customer'],
  tags: paymentTags,
  summary: 'A PaymentIntent for the outstanding amount (customer)',
  params: invoiceIdParamsSchema,
  response: { 200: paymentIntentResponseSchema },
});

export const confirmPayment = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/payments/confirm',
  roles: ['Customer'],
  tags: paymentTags,
  summary:
    "Record a succeeded PaymentIntent: invoice Paid, payment entry, ticket Payment Collected, 'Paid successfully'",
  params: invoiceIdParamsSchema,
  body: confirmPaymentBodySchema,
  response: { 200: paymentResultSchema },
});

export const payWithTestCard = endpoint({
  method: 'POST',
  path: '/api/v1/invoices/:id/payments/test-card',
  roles: ['Customer'],
  tags: paymentTags,
  summary:
    'Test mode only (404 with Stripe): pay with 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined)',
  params: invoiceIdParamsSchema,
  body: testCardPaymentBodySchema,
  response: { 200: paymentResultSchema },
});

export const listPayments = endpoint({
  method: 'GET',
  path: '/api/v1/payments',
  roles: STAFF_ROLES,
  tags: paymentTags,
  summary: 'Payment entries, newest first (staff)',
  query: paymentListQuerySchema,
  response: { 200: paymentListSchema },
});

export const refundPayment = endpoint({
  method: 'POST',
  path: '/api/v1/payments/:id/refund',
  roles: ['Admin'],
  tags: paymentTags,
  summary: 'Refund a payment in full through the provider (Admin)',
  params: paymentIdParamsSchema,
  body: refundBodySchema.optional(),
  response: { 200: paymentEntrySchema },
});

/** Stripe's own JSON, read as raw bytes so the signature can be checked: no body schema on purpose. */
export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/v1/payments/stripe/webhook',
  public: true,
  tags: paymentTags,
  summary: 'Stripe events, signature-verified on the raw body, applied once',
  response: { 200: webhookAckSchema },
});
