import {
  SYSTEM_MOVE_EVENTS,
  TICKET_STATUSES,
  type Role,
  type SystemMoveEvent,
  type TicketStatus,
} from '@taxportal/contract';

/**
 * THE table of status moves: which ticket status may follow which, and who
 * may make the move. Every status change a person makes goes through
 * `canMove`; the board, the status menu and the API all read
 * `allowedMoves`. Moves that follow from other features' facts are the
 * named `SYSTEM_MOVES` below; `moveTicket` (ticket-moves.ts) makes both. Admin may make any move (an override for mistakes).
 *
 * The pipeline: Open → Tax Preparation → Filing In Process → Draft Ready →
 * Draft Finalised → Ready For Invoice → Payment Collected → Ready For IRS
 * Filing → Completed → Closed, with a detour to Required More Information
 * (waiting on the customer) and Cancelled from any unfinished step.
 */
type Move = readonly [from: TicketStatus, to: TicketStatus, who: readonly Role[]];

const CARE = 'Customer Care Department';
const PREPARER = 'Tax Preparer';
const REVIEWER = 'Reviewer';

/** The pipeline between Open and Completed, in the contract's order. */
const UNFINISHED_AFTER_OPEN: readonly TicketStatus[] = TICKET_STATUSES.slice(
  TICKET_STATUSES.indexOf('Open') + 1,
  TICKET_STATUSES.indexOf('Completed'),
);

export const TRANSITIONS: readonly Move[] = [
  ['Open', 'Tax Preparation', [CARE, PREPARER]],
  ['Open', 'Required More Information', [CARE, PREPARER]],
  // The customer may cancel only a ticket nobody has started on.
  ['Open', 'Cancelled', ['Customer', CARE]],
  ['Tax Preparation', 'Required More Information', [PREPARER, REVIEWER]],
  ['Tax Preparation', 'Filing In Process', [PREPARER]],
  ['Required More Information', 'Tax Preparation', [CARE, PREPARER]],
  ['Required More Information', 'Filing In Process', [PREPARER]],
  ['Filing In Process', 'Required More Information', [PREPARER, REVIEWER]],
  ['Filing In Process', 'Draft Ready', [PREPARER, REVIEWER]],
  ['Draft Ready', 'Filing In Process', [PREPARER, REVIEWER]],
  ['Draft Ready', 'Draft Finalised', [CARE, REVIEWER]],
  ['Draft Finalised', 'Ready For Invoice', [CARE, PREPARER, REVIEWER]],
  ['Ready For Invoice', 'Payment Collected', [CARE]],
  ['Payment Collected', 'Ready For IRS Filing', [CARE, REVIEWER]],
  ['Ready For IRS Filing', 'Completed', [PREPARER, REVIEWER]],
  ['Completed', 'Closed', [CARE, REVIEWER]],
  ...UNFINISHED_AFTER_OPEN.map((from): Move => [from, 'Cancelled', [CARE]]),
  ['Cancelled', 'Open', [CARE]],
];

/** Admin may move a ticket from any status to any other. */
const OVERRIDE_ROLES: readonly Role[] = ['Admin'];

const byMove = new Map<string, readonly Role[]>(TRANSITIONS.map(([from, to, who]) => [`${from}→${to}`, who]));

export function canMove(roles: readonly Role[], from: TicketStatus, to: TicketStatus): boolean {
  if (from === to) return false;
  if (roles.some((r) => OVERRIDE_ROLES.includes(r))) return true;
  const who = byMove.get(`${from}→${to}`);
  return who !== undefined && roles.some((r) => who.includes(r));
}

/** The statuses these roles may move a ticket in `from` to, in pipeline order. */
export function allowedMoves(roles: readonly Role[], from: TicketStatus): TicketStatus[] {
  return TICKET_STATUSES.filter((to) => canMove(roles, from, to));
}

/** The moves from `from` that `roles` may not make, each with the roles that may (the table's, staff only). */
export function movesByOthers(roles: readonly Role[], from: TicketStatus): { status: TicketStatus; roles: Role[] }[] {
  return TRANSITIONS.filter(([f, to]) => f === from && !canMove(roles, from, to))
    .map(([, to, who]) => ({
      status: to,
      roles: who.filter((r) => r !== 'Customer'),
    }))
    .filter((m) => m.roles.length > 0);
}

/**
 * The moves nobody chooses in the pipeline: they follow from a fact another feature records (a payment
 * collected, a draft uploaded or decided on). Each is named, with the statuses it may start from; a ticket
 * anywhere else is left where staff put it. `moveTicket` makes them, with no role check.
 */
const PAYMENT_COLLECTED: TicketStatus = 'Payment Collected';
export const SYSTEM_MOVES = {
  /** Every status before Payment Collected; later ones (and Cancelled) stay. */
  payment_collected: {
    from: TICKET_STATUSES.slice(0, TICKET_STATUSES.indexOf(PAYMENT_COLLECTED)),
    to: PAYMENT_COLLECTED,
  },
  /** Draft Ready itself is not a start: a new version there moves nothing. */
  draft_uploaded: {
    from: ['Open', 'Tax Preparation', 'Required More Information', 'Filing In Process', 'Draft Finalised'],
    to: 'Draft Ready',
  },
  draft_approved: { from: ['Draft Ready'], to: 'Draft Finalised' },
  draft_changes_requested: { from: ['Draft Ready'], to: 'Tax Preparation' },
} as const satisfies Record<SystemMoveEvent, { from: readonly TicketStatus[]; to: TicketStatus }>;
export type SystemMove = keyof typeof SYSTEM_MOVES;

/** The moves from `from` that follow by themselves from another feature's fact, in the contract's order. */
export function systemMovesFrom(from: TicketStatus): { event: SystemMoveEvent; status: TicketStatus }[] {
  return SYSTEM_MOVE_EVENTS.filter((event) => (SYSTEM_MOVES[event].from as readonly TicketStatus[]).includes(from)).map(
    (event) => ({ event, status: SYSTEM_MOVES[event].to }),
  );
}
