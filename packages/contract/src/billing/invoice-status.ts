/**
 * Invoice states. Draft, Unpaid, Paid, Cancelled and Refunded are stored;
 * Overdue is computed (Unpaid past its due date) and never stored.
 */
export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Overdue', 'Paid', 'Cancelled', 'Refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What a customer can pay: the only states with an outstanding amount. */
export const PAYABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['Unpaid', 'Overdue'];

export const PAYMENT_ENTRY_STATUSES = ['Submitted', 'Partly Refunded', 'Refunded'] as const;
export type PaymentEntryStatus = (typeof PAYMENT_ENTRY_STATUSES)[number];

/** Stripe's ceiling for one charge (USD): $999,999.99. */
export const MAX_INVOICE_TOTAL_CENTS = 99_999_999;
