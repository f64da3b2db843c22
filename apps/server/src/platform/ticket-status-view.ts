import { INVOICE_DUE_VIEW } from '@taxportal/contract';
import { sql } from 'drizzle-orm';

/**
 * Whether a ticket `t` waits on its customer's payment: in Ready For Invoice with an issued, unpaid invoice.
 * Selected once per ticket as `invoice_due`; `customerStatusView` (contract) turns it into what the customer
 * reads. Staff read the pipeline's own status.
 */
export const invoiceDueSql = sql`(t.status = ${INVOICE_DUE_VIEW.status} and exists (
  select 1 from invoices i where i.ticket_id = t.id and i.status = 'Unpaid'))`;
