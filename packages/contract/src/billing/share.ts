import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { invoiceSchema } from './invoices.ts';

/**
 * A share link (SPEC's invoice hash key): HMAC-signed, expires after 7 days,
 * revocable. `url` is the web page; `pdf_url` the PDF, both open signed out.
 */
export const SHARE_LINK_DAYS = 7;
export const shareLinkSchema = z.object({
  token: z.string(),
  url: z.string(),
  pdf_url: z.string(),
  expires_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareTokenParamsSchema = z.object({ token: opaqueText().min(1).max(300) });

/** What a share link shows: the invoice without internal fields. */
export const sharedInvoiceSchema = invoiceSchema.omit({ last_payment_error: true, customer_email: true });
export type SharedInvoice = z.infer<typeof sharedInvoiceSchema>;
