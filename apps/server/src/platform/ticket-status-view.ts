import { INVOICE_DUE_VIEW, SIGNATURE_DUE_VIEW } from '@taxportal/contract';
import { sql } from 'drizzle-orm';

/**
 * Whether a ticket `t` waits on its customer's payment: in Ready For Invoice with an issued, unpaid invoice.
 * Selected once per ticket as `invoice_due` (with `signature_due`, below); `customerStatusView` (contract) turns
 * them into what the customer reads. Staff read the pipeline's own status.
 */
export const invoiceDueSql = sql`(t.status = ${INVOICE_DUE_VIEW.status} and exists (
  select 1 from invoices i where i.ticket_id = t.id and i.status = 'Unpaid' and i.kind = 'invoice'))`;

/** Whether a ticket `t` waits on its customer's signature: in Ready For IRS Filing with a Form 8879 to sign. */
export const signatureDueSql = sql`(t.status = ${SIGNATURE_DUE_VIEW.status} and exists (
  select 1 from signing_requests sr where sr.ticket_id = t.id and sr.status = 'pending'))`;
