import type { TicketDetail } from '@taxportal/contract';
import { AssignmentPanel } from './assignment-panel.tsx';
import { StatusControl } from './status-control.tsx';

/**
 * Staff's tools beside a ticket: its status and its assignee. A chunk of its own (ticket-page.tsx): a customer's
 * ticket page, the one the server renders, never loads it.
 */
export function TicketStaffColumn({ ticket }: { ticket: TicketDetail }) {
  return (
    <>
      <StatusControl ticket={ticket} />
      <AssignmentPanel ticket={ticket} />
    </>
  );
}
