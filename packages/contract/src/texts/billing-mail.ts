/** The invoice and receipt e-mails, and billing refusals beyond BILLING_MESSAGES. */
export const BILLING_MAIL_TEXTS = {} as const;
