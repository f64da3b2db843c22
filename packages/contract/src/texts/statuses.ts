import { INVOICE_DUE_VIEW, SIGNATURE_DUE_VIEW, STATUS_DEFINITIONS, type StatusDefinition } from '../ticket-status.ts';

const labels = (audience: 'staff_label' | 'customer_label') =>
  Object.fromEntries(STATUS_DEFINITIONS.map((d) => [d.name, d[audience]])) as Record<StatusDefinition['name'], string>;

/**
 * The statuses' own labels (SPEC §4; the firm may rename them, and a renamed label is its words, shown as written),
 * by audience and status name, and the customer's two waiting views: read from the definitions, not copied.
 */
export const STATUS_TEXTS = {
  staff: labels('staff_label'),
  customer: labels('customer_label'),
  invoiceDue: INVOICE_DUE_VIEW.customer_label,
  signatureDue: SIGNATURE_DUE_VIEW.customer_label,
};

/**
 * The key of a status label in the catalogue (`statuses.customer.Open`), if `label` is the definitions' own for that
 * status and audience; a label the firm changed has none (it is shown as the firm wrote it).
 */
export function statusLabelKey(status: string, audience: 'staff' | 'customer', label: string): string | undefined {
  if (label === INVOICE_DUE_VIEW.customer_label && audience === 'customer') return 'statuses.invoiceDue';
  if (label === SIGNATURE_DUE_VIEW.customer_label && audience === 'customer') return 'statuses.signatureDue';
  const own = (STATUS_TEXTS[audience] as Record<string, string>)[status];
  return own === label ? `statuses.${audience}.${status}` : undefined;
}
