import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createInvoiceBodySchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  sharedInvoiceSchema,
  shareLinkSchema,
  shareTokenParamsSchema,
  updateInvoiceBodySchema,
  type Invoice,
} from '@taxportal/contract';
import { authOf, requireStaff } from '../platform/auth/guard.ts';
import type { BillingDeps } from './billing.deps.ts';
import { firmDetails, renderInvoicePdf } from './invoice-pdf.ts';
import * as invoices from './invoices.service.ts';
import { cancelInvoice } from './payments.service.ts';
import * as share from './share.service.ts';

const tags = ['Billing'];

export function invoiceRoutes(deps: BillingDeps) {
  const sendPdf = async (reply: FastifyReply, invoice: Invoice) => {
    const pdf = await renderInvoicePdf(invoice, await firmDetails(deps.db), `${deps.publicUrl}/billing/${invoice.id}`);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.name}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  };

  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/invoices', {
      schema: {
        tags,
        summary: 'Invoices: a customer their own, staff all (with totals and money collected per month)',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
      handler: async (req) => invoices.listInvoices(deps, authOf(req), req.query),
    });

    r.post('/api/v1/invoices', {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "Invoice a ticket (staff): lines start from the ticket's service and price",
        body: createInvoiceBodySchema,
        response: { 201: invoiceSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await invoices.createInvoice(deps, authOf(req), req.body, req.ip)),
    });

    r.get('/api/v1/invoices/:id', {
      schema: {
        tags,
        summary: 'One invoice with lines, tax, totals and payments',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
      handler: async (req) => invoices.getInvoice(deps, authOf(req), req.params.id),
    });

    r.patch('/api/v1/invoices/:id', {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "Change a draft's lines, tax template or due date (staff)",
        params: invoiceIdParamsSchema,
        body: updateInvoiceBodySchema,
        response: { 200: invoiceSchema },
      },
      handler: async (req) => invoices.updateDraft(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    r.post('/api/v1/invoices/:id/issue', {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Issue a draft (ticket in Ready For Invoice): Unpaid, the customer is notified',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
      handler: async (req) => invoices.issueInvoice(deps, authOf(req), req.params.id, req.ip),
    });

    r.post('/api/v1/invoices/:id/cancel', {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Cancel a draft or unpaid invoice (staff)',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema },
      },
      handler: async (req) => cancelInvoice(deps, authOf(req), req.params.id, req.ip),
    });

    r.get('/api/v1/invoices/:id/pdf', {
      schema: { tags, summary: 'Download the invoice as a PDF', params: invoiceIdParamsSchema },
      handler: async (req, reply) => sendPdf(reply, await invoices.getInvoice(deps, authOf(req), req.params.id)),
    });

    r.post('/api/v1/invoices/:id/share', {
      schema: {
        tags,
        summary: 'A signed share link to this invoice, valid 7 days (SPEC hash key)',
        params: invoiceIdParamsSchema,
        response: { 201: shareLinkSchema },
      },
      handler: async (req, reply) =>
        reply.code(201).send(await share.createShareLink(deps, authOf(req), req.params.id, req.ip)),
    });

    r.delete('/api/v1/invoices/:id/share', {
      schema: { tags, summary: "Revoke the invoice's share links", params: invoiceIdParamsSchema },
      handler: async (req, reply) => {
        await share.revokeShareLinks(deps, authOf(req), req.params.id, req.ip);
        return reply.code(204).send();
      },
    });

    const sharedLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
    r.get('/api/v1/invoices/shared/:token', {
      config: { public: true, ...sharedLimit },
      schema: {
        tags,
        summary: 'The invoice a share link opens (no sign-in)',
        params: shareTokenParamsSchema,
        response: { 200: sharedInvoiceSchema },
      },
      handler: async (req, reply) => {
        const id = await share.resolveShareToken(deps, req.params.token);
        const { last_payment_error: _e, customer_email: _m, ...shared } = await invoices.viewOf(deps, id);
        return reply.header('cache-control', 'no-store').send(shared);
      },
    });

    r.get('/api/v1/invoices/shared/:token/pdf', {
      config: { public: true, ...sharedLimit },
      schema: { tags, summary: 'The PDF a share link opens (no sign-in)', params: shareTokenParamsSchema },
      handler: async (req, reply) =>
        sendPdf(reply, await invoices.viewOf(deps, await share.resolveShareToken(deps, req.params.token))),
    });
  };
}
