import { z } from 'zod';
import { TICKET_STATUSES, type StatusCategory, type TicketStatus } from '../ticket-status.ts';

/**
 * The steps a customer's progress tracker shows, in order. The detours
 * (Required More Information), the after-step (Closed) and Cancelled are not
 * steps of their own: `progressOf` places them on this path.
 */
export const PROGRESS_PATH = [
  'Open',
  'Tax Preparation',
  'Filing In Process',
  'Draft Ready',
  'Draft Finalised',
  'Ready For Invoice',
  'Payment Collected',
  'Ready For IRS Filing',
  'Completed',
] as const satisfies readonly TicketStatus[];

export const PROGRESS_STEP_STATES = ['done', 'current', 'upcoming'] as const;

export const progressSchema = z.object({
  steps: z.array(
    z.object({
      status: z.enum(TICKET_STATUSES),
      label: z.string(),
      state: z.enum(PROGRESS_STEP_STATES),
    }),
  ),
  /** Index of the highlighted step; null when cancelled. */
  current_step: z.number().int().nullable(),
  /** What the ticket's own status is called for this viewer ("Action needed from you"). */
  current_label: z.string(),
  percent: z.number().int().min(0).max(100),
  waiting_on_customer: z.boolean(),
  cancelled: z.boolean(),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * The customer's path: staff's Filing In Process (between preparing and the draft) is preparation to them, so their
 * steps read in the order things happen: received, in preparation, draft ready, … (issue 29).
 */
export const CUSTOMER_PROGRESS_PATH = PROGRESS_PATH.filter((s) => s !== 'Filing In Process');

/** Where a detour or end state sits on the path. */
const PLACED_AT: Partial<Record<TicketStatus, (typeof PROGRESS_PATH)[number]>> = {
  'Required More Information': 'Tax Preparation',
  Closed: 'Completed',
};
const PLACED_FOR_CUSTOMER: typeof PLACED_AT = { ...PLACED_AT, 'Filing In Process': 'Tax Preparation' };

/**
 * A ticket's progress for a viewer. `labelOf` gives the label the viewer reads
 * (customer labels for customers); `category` is the status's category; `viewer` picks the path (staff see every
 * pipeline step, customers CUSTOMER_PROGRESS_PATH).
 */
export function progressOf(
  status: TicketStatus,
  category: StatusCategory,
  labelOf: (s: TicketStatus) => string,
  viewer: 'customer' | 'staff' = 'staff',
): Progress {
  const path: readonly TicketStatus[] = viewer === 'customer' ? CUSTOMER_PROGRESS_PATH : PROGRESS_PATH;
  const placedAt = viewer === 'customer' ? PLACED_FOR_CUSTOMER : PLACED_AT;
  const cancelled = category === 'cancelled';
  const placed = placedAt[status] ?? status;
  const index = cancelled ? -1 : path.indexOf(placed);
  const finished = category === 'done';
  const steps = path.map((s, i) => ({
    status: s,
    label: labelOf(s),
    state: finished || i < index ? ('done' as const) : i === index ? ('current' as const) : ('upcoming' as const),
  }));
  const last = path.length - 1;
  return {
    steps,
    current_step: index >= 0 ? index : null,
    current_label: labelOf(status),
    percent: finished ? 100 : index > 0 ? Math.round((100 * index) / last) : 0,
    waiting_on_customer: category === 'waiting_on_customer',
    cancelled,
  };
}
