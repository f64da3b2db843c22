/**
 * Billing's texts to the customer beyond BILLING_MESSAGES: the invoice and receipt e-mails, billing's
 * notifications, the ticket history notes of a payment, the referral credit's line, and billing's refusals.
 */
export const BILLING_MAIL_TEXTS = {
  /** An invoice issued: the customer's notification and e-mail. */
  issued: {
    title: 'Invoice {{invoice}} is ready',
    body: '{{amount}} for {{ticket}}, due {{due}}.',
    subject: 'Invoice {{invoice}}: {{amount}} due {{due}}',
    ready: 'Your invoice {{invoice}} for {{ticket}} is ready: {{amount}}, due {{due}}.',
    payLink: 'View and pay it by card: {{url}}',
  },
  /** An invoice the customer's account credit paid whole at issue. */
  covered: {
    title: 'Invoice {{invoice}} is covered by your credit',
    body: 'Your account credit paid the whole of {{ticket}}: nothing is due.',
    /** The ticket history's note of its move to Payment Collected. */
    note: 'Invoice {{invoice}} covered by account credit',
  },
  /** A card payment recorded: the notification, the ticket history's note and the receipt e-mail. */
  paid: {
    title: 'Payment received for {{invoice}}',
    body: '{{amount}} received. Thank you!',
    note: 'Invoice {{invoice}} paid ({{payment}})',
  },
  receipt: {
    subject: 'Receipt for {{invoice}}',
    received: 'We received your card payment of {{amount}} for invoice {{invoice}}.',
    reference: 'Payment reference: {{payment}} ({{date}}).',
    viewLink: 'View the invoice: {{url}}',
  },
  refund: {
    title: 'Refund for {{invoice}}',
    body: '{{amount}} is on its way back to your card.',
  },
  /** A referral reward's account credit: its line on the invoices that take it. */
  referralCredit: 'Referral credit',
  /** A paid engagement-letter deposit: its line on the ticket's final invoice. */
  depositCredit: 'Deposit paid ({{invoice}})',
  refusals: {
    unknownService: 'Unknown service',
    unknownTaxTemplate: 'Unknown or inactive tax template',
    unknownTicket: 'Unknown ticket',
    shareDraft: 'Issue the invoice before sharing it.',
    paymentNotFound: 'Payment not found.',
    paymentNotCompleted: 'The payment was not completed.',
  },
} as const;
