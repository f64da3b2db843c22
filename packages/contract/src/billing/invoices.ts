import { z } from 'zod';
import { isoDateSchema, multilineText, opaqueText, text } from '../common/text.ts';
import { INVOICE_STATUSES, MAX_INVOICE_TOTAL_CENTS } from './invoice-status.ts';
import { BILLING_FIELD_MESSAGES } from './field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

const isoDate = isoDateSchema();

/** One invoice line as staff enter it: integer cents, never negative, never a fraction of a cent. */
export const invoiceLineInputSchema = z.object({
  description: multilineText()
    .min(1, { error: () => BILLING_FIELD_MESSAGES.descriptionRequired })
    .max(300),
  quantity: z
    .number()
    .int({ error: () => BILLING_FIELD_MESSAGES.quantityWhole })
    .min(1)
    .max(10_000)
    .default(1),
  unit_amount_cents: z
    .number()
    .int({ error: () => COMMON_FIELD_MESSAGES.amountWholeCents })
    .min(0, { error: () => COMMON_FIELD_MESSAGES.amountNotNegative })
    .max(MAX_INVOICE_TOTAL_CENTS),
  service_id: opaqueText().max(64).optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/**
 * Staff invoice a ticket. Without `lines`, the invoice starts from the ticket's
 * service at its catalogue price; `tax_template_id` applies a named rate;
 * `issue: true` issues it at once (otherwise it stays a Draft).
 */
export const createInvoiceBodySchema = z.object({
  ticket_id: opaqueText().min(1).max(64),
  lines: z.array(invoiceLineInputSchema).min(1).max(50).optional(),
  tax_template_id: opaqueText().max(64).nullable().optional(),
  due_date: isoDate.optional(),
  issue: z.boolean().default(false),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

/** A draft's lines, tax and due date can change until it is issued. */
export const updateInvoiceBodySchema = z.object({
  lines: z.array(invoiceLineInputSchema).min(1).max(50).optional(),
  tax_template_id: opaqueText().max(64).nullable().optional(),
  due_date: isoDate.optional(),
});
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

/** 'deposit': an engagement letter's deposit, made when the letter is signed and credited on the ticket's invoice. */
export const INVOICE_KINDS = ['invoice', 'deposit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoiceLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  service_id: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unit_amount_cents: z.number().int(),
  amount_cents: z.number().int(),
});

/** A list row: SPEC's name, posting_date, grand_total and status, plus what the lists show. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  ticket_id: z.string(),
  ticket_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  status: invoiceStatusSchema,
  kind: z.enum(INVOICE_KINDS),
  currency: z.string(),
  posting_date: z.string(),
  due_date: z.string(),
  grand_total_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  created_at: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicePaymentSchema = z.object({
  name: z.string(),
  posting_date: z.string(),
  paid_amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  mode_of_payment: z.string(),
  status: z.string(),
});

export const invoiceSchema = invoiceSummarySchema.extend({
  customer_email: z.string(),
  service_name: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  tax: z
    .object({
      template_id: z.string().nullable(),
      name: z.string(),
      rate_bp: z.number().int(),
      amount_cents: z.number().int(),
    })
    .nullable(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  paid_cents: z.number().int(),
  refunded_cents: z.number().int(),
  issued_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  last_payment_error: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  /**
   * A ticket's invoice (kind 'invoice'): what is left of the ticket's paid deposit (0036) after the invoices that took
   * it; it carries to the ticket's next invoice. Absent on a deposit invoice.
   */
  deposit_credit_left_cents: z.number().int().optional(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  ticket_id: opaqueText().max(64).optional(),
  status: invoiceStatusSchema.optional(),
  /** Staff only: a customer id, or part of a customer's name or e-mail. */
  customer: text().min(1).max(120).optional(),
  /** Posting date range, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: opaqueText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

/** Staff only: totals over the filtered invoices and money collected per month (last 12). */
export const invoiceTotalsSchema = z.object({
  currency: z.string(),
  /** The issued invoices (Unpaid, Paid, Refunded; no draft or cancelled one): those `invoiced_cents` adds up. */
  count: z.number().int(),
  invoiced_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  overdue_cents: z.number().int(),
  paid_cents: z.number().int(),
  collected_by_month: z.array(z.object({ month: z.string(), amount_cents: z.number().int() })),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSummarySchema),
  next_cursor: z.string().nullable(),
  totals: invoiceTotalsSchema.nullable(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

/** A ticket's live invoice (the ticket page's panel): the newest not cancelled or refunded, else the newest, else none. */
export const ticketInvoiceSchema = z.object({ invoice: invoiceSchema.nullable() });
export type TicketInvoice = z.infer<typeof ticketInvoiceSchema>;
