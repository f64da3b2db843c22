// Values only, without zod: every signed-in page reads them (badges, filters), and a module is bundled whole with
// whatever of it any chunk reads. Their schemas are in ticket-status-schemas.ts.

/**
 * The twelve pipeline statuses of SPEC §4, in staff order. Code branches on
 * `category`, never on the label (CONVENTIONS: "labels free, categories fixed").
 */
export const STATUS_CATEGORIES = ['open', 'waiting_on_customer', 'done', 'cancelled'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

export const BADGE_STYLES = [
  'completed',
  'open',
  'replied',
  'resolved',
  'tax_preparation',
  'filing_in_progress',
  'walk_out',
  'sample_only',
] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

export const TICKET_STATUSES = [
  'Open',
  'Tax Preparation',
  'Required More Information',
  'Filing In Process',
  'Draft Ready',
  'Draft Finalised',
  'Ready For Invoice',
  'Payment Collected',
  'Ready For IRS Filing',
  'Completed',
  'Closed',
  'Cancelled',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Shown as labels (on drafts) but never a ticket's pipeline status. */
/**
 * The facts that move a ticket by themselves (the server's SYSTEM_MOVES says from where to where); named here so the
 * ticket page can say what will happen (issue 29).
 */
export const SYSTEM_MOVE_EVENTS = [
  'draft_uploaded',
  'draft_approved',
  'draft_changes_requested',
  'payment_collected',
] as const;
export type SystemMoveEvent = (typeof SYSTEM_MOVE_EVENTS)[number];

export const DISPLAY_ONLY_STATUSES = ['Draft', 'CPA Reviewed', 'Sample only'] as const;
export type DisplayOnlyStatus = (typeof DISPLAY_ONLY_STATUSES)[number];

export interface StatusDefinition {
  name: TicketStatus | DisplayOnlyStatus;
  position: number;
  badge: BadgeStyle;
  staff_label: string;
  customer_label: string;
  category: StatusCategory;
  is_pipeline: boolean;
}

const pipeline = (
  name: TicketStatus,
  badge: BadgeStyle,
  customer_label: string,
  category: StatusCategory,
): Omit<StatusDefinition, 'position'> => ({
  name,
  badge,
  staff_label: name,
  customer_label,
  category,
  is_pipeline: true,
});

/**
 * Badge styles exactly as SPEC §4. Tax Preparation's style is "not shown"
 * there; it gets its own `tax_preparation` style. Unlisted statuses fall back to
 * SPEC's default, `completed`.
 */
export const STATUS_DEFINITIONS: readonly StatusDefinition[] = (
  [
    pipeline('Open', 'open', 'Received', 'open'),
    pipeline('Tax Preparation', 'tax_preparation', 'In preparation', 'open'),
    pipeline('Required More Information', 'completed', 'Action needed from you', 'waiting_on_customer'),
    // Staff's step between preparing and the draft: still preparation to the customer, who files nothing yet
    // (issue 29: "Filing in process" read as if the return were being filed before any draft existed).
    pipeline('Filing In Process', 'filing_in_progress', 'In preparation', 'open'),
    pipeline('Draft Ready', 'completed', 'Draft ready for your review', 'waiting_on_customer'),
    pipeline('Draft Finalised', 'completed', 'Draft approved', 'open'),
    pipeline('Ready For Invoice', 'sample_only', 'Invoice being prepared', 'open'),
    pipeline('Payment Collected', 'resolved', 'Payment received', 'open'),
    // Waits on the customer only while their Form 8879 waits for a signature (SIGNATURE_DUE_VIEW).
    pipeline('Ready For IRS Filing', 'replied', 'Ready to file', 'open'),
    pipeline('Completed', 'completed', 'Completed', 'done'),
    pipeline('Closed', 'completed', 'Closed', 'done'),
    pipeline('Cancelled', 'walk_out', 'Cancelled', 'cancelled'),
    {
      name: 'Draft',
      badge: 'open',
      staff_label: 'Draft',
      customer_label: 'Draft',
      category: 'open',
      is_pipeline: false,
    },
    {
      name: 'CPA Reviewed',
      badge: 'filing_in_progress',
      staff_label: 'CPA Reviewed',
      customer_label: 'CPA Reviewed',
      category: 'open',
      is_pipeline: false,
    },
    {
      name: 'Sample only',
      badge: 'sample_only',
      staff_label: 'Sample only',
      customer_label: 'Sample only',
      category: 'open',
      is_pipeline: false,
    },
  ] satisfies Omit<StatusDefinition, 'position'>[]
).map((s, i) => ({ ...s, position: i + 1 }));

/**
 * A ticket in Ready For Invoice whose invoice has been issued (Unpaid) waits on
 * the customer's payment, not on the firm: customers read this label instead of
 * the status's own ("Invoice being prepared"), and the ticket counts as waiting
 * on them. Staff labels are unchanged.
 */
export const INVOICE_DUE_VIEW = {
  status: 'Ready For Invoice',
  customer_label: 'Invoice ready to pay',
  category: 'waiting_on_customer',
} as const satisfies { status: TicketStatus; customer_label: string; category: StatusCategory };

/**
 * A ticket in Ready For IRS Filing whose Form 8879 waits for a signature waits on the customer: they read this
 * label and the ticket counts as waiting on them. Once signed (or before the firm has prepared the form) it is
 * the firm's turn to file: "Ready to file", in progress.
 */
export const SIGNATURE_DUE_VIEW = {
  status: 'Ready For IRS Filing',
  customer_label: 'Sign your Form 8879',
  category: 'waiting_on_customer',
} as const satisfies { status: TicketStatus; customer_label: string; category: StatusCategory };

/**
 * The label and category a customer reads for their ticket's status (`invoice_due`: an issued, unpaid invoice;
 * `signature_due`: a Form 8879 waiting for a signature).
 */
export function customerStatusView(s: {
  status: string;
  customer_label: string;
  category: string;
  invoice_due: boolean;
  signature_due: boolean;
}): { label: string; category: StatusCategory } {
  if (s.invoice_due && s.status === INVOICE_DUE_VIEW.status)
    return { label: INVOICE_DUE_VIEW.customer_label, category: INVOICE_DUE_VIEW.category };
  if (s.signature_due && s.status === SIGNATURE_DUE_VIEW.status)
    return { label: SIGNATURE_DUE_VIEW.customer_label, category: SIGNATURE_DUE_VIEW.category };
  return { label: s.customer_label, category: s.category as StatusCategory };
}

/** Whether a ticket in this status is cancelled: nobody takes it on and no document is added to it. */
export const isCancelledStatus = (status: string): boolean =>
  STATUS_DEFINITIONS.some((s) => s.name === status && s.category === 'cancelled');
