import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints as api, type Invoice } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { recipientLanguage } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import { savedLanguage } from '../platform/users.ts';
import type { BillingDeps } from './billing.deps.ts';
import { firmDetails, renderInvoicePdf } from './invoice-pdf.ts';
import * as invoices from './invoices.service.ts';
import { cancelInvoice } from './payments.service.ts';
import * as share from './share.service.ts';

export function invoiceRoutes(deps: BillingDeps) {
  /**
   * The invoice PDF is the customer's document: in their language (saved, else the firm's), whoever downloads it
   * (the customer, staff, or someone with a share link).
   */
  const sendPdf = async (reply: FastifyReply, invoice: Invoice) => {
    const language = recipientLanguage(await savedLanguage(deps.db, invoice.customer_id));
    const payUrl = `${deps.publicUrl}/billing/${invoice.id}`;
    const pdf = await renderInvoicePdf(invoice, await firmDetails(deps.db), payUrl, language);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.name}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  };

  return async function routes(app: FastifyInstance) {
    route(app, api.listInvoices, {
      handler: async (req) => invoices.listInvoices(deps, authOf(req), req.query),
    });

    route(app, api.createInvoice, {
      handler: async (req, reply) =>
        reply.code(201).send(await invoices.createInvoice(deps, authOf(req), req.body, req.ip)),
    });

    route(app, api.getInvoice, {
      handler: async (req) => invoices.getInvoice(deps, authOf(req), req.params.id),
    });

    route(app, api.getTicketInvoice, {
      handler: async (req) => invoices.getTicketInvoice(deps, authOf(req), req.params.id),
    });

    route(app, api.updateInvoice, {
      handler: async (req) => invoices.updateDraft(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    route(app, api.issueInvoice, {
      handler: async (req) => invoices.issueInvoice(deps, authOf(req), req.params.id, req.ip),
    });

    route(app, api.cancelInvoice, {
      handler: async (req) => cancelInvoice(deps, authOf(req), req.params.id, req.ip),
    });

    route(app, api.getInvoicePdf, {
      handler: async (req, reply) => sendPdf(reply, await invoices.getInvoice(deps, authOf(req), req.params.id)),
    });

    route(app, api.createShareLink, {
      handler: async (req, reply) =>
        reply.code(201).send(await share.createShareLink(deps, authOf(req), req.params.id, req.ip)),
    });

    route(app, api.revokeShareLinks, {
      handler: async (req, reply) => {
        await share.revokeShareLinks(deps, authOf(req), req.params.id, req.ip);
        return reply.code(204).send(null);
      },
    });

    const sharedLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
    route(app, api.getSharedInvoice, {
      config: sharedLimit,
      handler: async (req, reply) => {
        const id = await share.resolveShareToken(deps, req.params.token);
        const { last_payment_error: _e, customer_email: _m, ...shared } = await invoices.viewOf(deps, id);
        return reply.header('cache-control', 'no-store').send(shared);
      },
    });

    route(app, api.getSharedInvoicePdf, {
      config: sharedLimit,
      handler: async (req, reply) =>
        sendPdf(reply, await invoices.viewOf(deps, await share.resolveShareToken(deps, req.params.token))),
    });
  };
}
