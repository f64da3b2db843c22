import type { TicketHoldReason, TicketStatus } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';

/**
 * Rules of other features that keep a ticket in its status (engagement: at Open until its letter is signed, a firm
 * setting; docs/decisions/0036). Tickets cannot import those features (they build on tickets), so each registers its
 * rule here when app.ts composes the features, and `moveTicket` asks them all before every move: a person's, a
 * system move, whatever path. The rule itself (when a ticket is held) stays in its feature: one home.
 */
export interface TicketHold {
  reason: TicketHoldReason;
  /** The refusal's text (the server's catalogue, in English; answered in the request's language). */
  message: string;
  /** The statuses the hold still lets the ticket move to (a held ticket can be cancelled). */
  allows: readonly TicketStatus[];
}
/** The hold on a ticket in the status it has now, or null. Runs in the mover's transaction, the ticket locked. */
export type TicketHoldRule = (tx: Tx, ticket: { id: string; status: TicketStatus }) => Promise<TicketHold | null>;

const rules = new Map<string, TicketHoldRule>();

/** Registers (or replaces: one per name, so building the app twice in a process keeps one) a feature's hold rule. */
export function registerTicketHold(name: string, rule: TicketHoldRule): void {
  rules.set(name, rule);
}

/** The first hold a registered rule puts on the ticket where it is now; null when none does. */
export async function holdOn(tx: Tx, ticket: { id: string; status: TicketStatus }): Promise<TicketHold | null> {
  for (const rule of rules.values()) {
    const hold = await rule(tx, ticket);
    if (hold) return hold;
  }
  return null;
}

/** Whether the hold refuses a move to `to`. */
export const holdRefuses = (hold: TicketHold | null, to: TicketStatus): hold is TicketHold =>
  hold !== null && !hold.allows.includes(to);
