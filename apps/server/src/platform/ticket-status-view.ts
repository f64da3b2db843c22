import { INVOICE_DUE_VIEW } from '@taxportal/contract';
import { sql } from 'drizzle-orm';

/**
 * A ticket's status as its customer reads it, in SQL over a ticket `t` joined
 * to its status `ts`. One rule today (INVOICE_DUE_VIEW): in Ready For Invoice
 * with an issued, unpaid invoice, the ticket waits on the customer's payment.
 */
const invoiceDue = sql`(t.status = ${INVOICE_DUE_VIEW.status} and exists (
  select 1 from invoices i where i.ticket_id = t.id and i.status = 'Unpaid'))`;

export const viewCustomerLabel = sql`(case when ${invoiceDue} then ${INVOICE_DUE_VIEW.customer_label}::text else ts.customer_label end)`;
export const viewCategory = sql`(case when ${invoiceDue} then ${INVOICE_DUE_VIEW.category}::text else ts.category end)`;
