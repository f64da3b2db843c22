/**
 * Invoice states. Draft, Unpaid, Paid, Cancelled and Refunded are stored;
 * Overdue is computed (Unpaid past its due date) and never stored.
 */
export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Overdue', 'Paid', 'Cancelled', 'Refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What a customer can pay: the only states with an outstanding amount. */
export const PAYABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['Unpaid', 'Overdue'];

type Amounts = { status: string; paid_cents: number; grand_total_cents: number };

/**
 * Paid by credits alone at issue (a deposit's, a referral reward): Paid with nothing paid by card. Cancelling it
 * moves no money; its credits return for the ticket's next invoice (docs/decisions/0036).
 */
export const coveredByCredit = (invoice: Amounts): boolean =>
  invoice.status === 'Paid' && invoice.paid_cents === 0 && invoice.grand_total_cents === 0;

/** What staff may cancel: a Draft, an invoice not paid (Unpaid, Overdue), or one covered by credits alone. */
export const isCancellableInvoice = (invoice: Amounts): boolean =>
  invoice.status === 'Draft' ||
  (PAYABLE_INVOICE_STATUSES as readonly string[]).includes(invoice.status) ||
  coveredByCredit(invoice);

export const PAYMENT_ENTRY_STATUSES = ['Submitted', 'Partly Refunded', 'Refunded'] as const;
export type PaymentEntryStatus = (typeof PAYMENT_ENTRY_STATUSES)[number];

/** Stripe's ceiling for one charge (USD): $999,999.99. */
export const MAX_INVOICE_TOTAL_CENTS = 99_999_999;
