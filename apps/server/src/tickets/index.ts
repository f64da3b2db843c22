// The tickets feature's public entry point: other features and app.ts import tickets only from here
// (docs/decisions/0010). A rule about tickets lives in this feature; the others call it.
export { conversationRoutes } from './conversation.routes.ts';
export { ticketsRoutes } from './tickets.routes.ts';
export type { TicketsDeps } from './tickets-context.ts';
/** What tickets report to the sink app.ts hands them (notifications reacts to it). */
export type { TicketActivity } from './ticket-events.ts';

/** Who may see a ticket, and how a path names one. */
export { findTicketRef, visibleTicket, type TicketRef } from './ticket-ref.ts';
/**
 * THE rule of whose a ticket is (docs/decisions/0032): its customer and, on a joint return, their spouse file it and
 * see it as its customer. Every ticket-scoped check of another feature goes through these: the predicate, the people
 * (to tell, to publish to), the SQL condition and subquery for lists, the live-event audience.
 */
export { filedBySql, filerPeople, filesTicket, ticketsFiledBy } from './ticket-ref.ts';
export { ticketAudience } from './tickets-context.ts';
/** The one writer of ticket statuses, and the moves other features' facts make. */
export { moveTicket } from './ticket-moves.ts';
export { canMove, SYSTEM_MOVES } from './ticket-transitions.ts';
/**
 * Other features' holds on a ticket's status (engagement: at Open until its letter is signed): registered by app.ts,
 * asked by moveTicket at every move and shown on the ticket's detail (docs/decisions/0036).
 */
export { registerTicketHold, type TicketHold } from './ticket-holds.ts';

/** The service functions the demo sample plays (docs/decisions/0008). */
export { assignTicket } from './assignment.service.ts';
export { markRead, postMessage } from './messages.service.ts';
export { changeStatus } from './ticket-status.service.ts';
export { createTicket } from './tickets.service.ts';
/** Marking a conversation read inside another feature's transaction (its author, after writing to it). */
export { markRead as markConversationRead } from './messages.repository.ts';
/** Opening a ticket inside another feature's transaction (an enquiry turned into a ticket). */
export { checkTicketChoice, insertNewTicket } from './tickets.service.ts';
