import type { TicketStatus } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';

/**
 * What happened on a ticket, for whoever reacts to it (notifications, mail).
 * The reacting feature is handed in by app.ts, so tickets never imports it.
 */
export interface TicketRef {
  id: string;
  name: string;
  customer: { id: string; full_name: string; email: string };
  /** A joint return's spouse, told as its customer is (docs/decisions/0032). */
  spouse: { id: string; full_name: string; email: string } | null;
  assignee_id: string | null;
  service_name: string;
}
export interface ActorRef {
  id: string;
  full_name: string;
  is_staff: boolean;
}

export type TicketActivity =
  | {
      kind: 'status_changed';
      ticket: TicketRef;
      actor: ActorRef;
      from: TicketStatus;
      to: TicketStatus;
      to_labels: { staff: string; customer: string };
      /** False where the customer reads the same before and after (Tax Preparation → Filing In Process). */
      customer_sees_change: boolean;
    }
  | {
      kind: 'assigned';
      ticket: TicketRef;
      actor: ActorRef;
      assignee: { id: string; full_name: string; email: string } | null;
    }
  | { kind: 'message_posted'; ticket: TicketRef; actor: ActorRef; message: { id: string; internal: boolean } };

/** Runs inside the change's transaction; returns what to do once it has committed (mail, live events). */
export type TicketActivitySink = (tx: Tx, activity: TicketActivity) => Promise<() => Promise<void>>;

/**
 * Checks that documents may be attached to a message on this ticket (they
 * exist and belong to its customer). Supplied by the documents feature.
 */
export type AttachmentVerifier = (
  tx: Tx,
  ctx: { ticketId: string; customerId: string; userId: string; isStaff: boolean },
  documentIds: string[],
) => Promise<void>;
