import type { TicketDetail } from '@taxportal/contract';

// Scaffold: replaced by the feature's real panel on the ticket page.
export function TicketDraftsPanel(_props: { ticket: TicketDetail; isStaff: boolean }) {
  return null;
}
