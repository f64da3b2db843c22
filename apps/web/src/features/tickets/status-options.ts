import { TICKET_STATUSES, type Session, type TicketStatus } from '@taxportal/contract';
import { statusView } from '../../ui/status-badge.tsx';

/** The pipeline statuses in SPEC §4's order, labelled for the viewer, for selects and board columns. */
export function statusOptions(session: Session | null | undefined): { value: TicketStatus; label: string }[] {
  const audience = session && session.login_role !== 'Customer' ? 'staff' : 'customer';
  return TICKET_STATUSES.map((s) => ({ value: s, label: statusView(s, audience, session?.statuses).label }));
}

export const isTicketStatus = (v: string | null | undefined): v is TicketStatus =>
  !!v && (TICKET_STATUSES as readonly string[]).includes(v);
