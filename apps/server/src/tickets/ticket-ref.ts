import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '@taxportal/contract';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { services, tickets, users } from '../platform/db/schema.ts';
import { notFound } from '../platform/errors.ts';

/**
 * How a caller names a ticket in a path: its id (a uuid, matched exactly) or its name (TD.0001, matched
 * case-insensitively after trimming, so `td.0001` is `TD.0001`). Anything else matches nothing and never
 * reaches SQL. docs/decisions/0010.
 */
const TICKET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TICKET_NAME = /^TD\.\d+$/i;

/** The condition on tickets `t` that picks the ticket `ref` names, or null when `ref` names no ticket. */
export function ticketRefWhere(ref: string): SQL | null {
  const given = ref.trim();
  if (TICKET_ID.test(given)) return sql`t.id = ${given}`;
  if (TICKET_NAME.test(given)) return sql`t.name = ${given.toUpperCase()}`;
  return null;
}

/** A ticket as other features need it: whose it is, where it stands, what to call it in a mail. */
const ticketRefRow = rowSchema({
  id: col.text(),
  name: col.text(),
  status: col.text(),
  year: col.int(),
  customer_id: col.text(),
  customer_name: col.text(),
  customer_email: col.text(),
  assignee_id: col.text().nullable(),
  service_name: col.text(),
});
export type TicketRef = RowOf<typeof ticketRefRow.shape>;

/** THE lookup by id or name; `lock` row-locks the ticket for a change in the caller's transaction. */
export async function findTicketRef(db: Tx, ref: string, opts: { lock?: boolean } = {}): Promise<TicketRef | null> {
  const where = ticketRefWhere(ref);
  if (!where) return null;
  return firstRow(
    db,
    ticketRefRow,
    sql`select t.id, t.name, t.status, t.year, t.customer_id, u.full_name as customer_name,
          u.email as customer_email, t.assignee_id, s.name as service_name
        from ${tickets} t join ${users} u on u.id = t.customer_id join ${services} s on s.id = t.service_id
        where ${where}
        ${opts.lock ? sql`for update of t` : sql``}`,
  );
}

/**
 * THE ticket-access rule: staff see every ticket, a customer only their own. Anything else is "not found", so a
 * customer cannot even learn that another customer's ticket exists.
 */
export function seenBy<T extends { customer_id: string }>(auth: AuthContext, row: T | null | undefined): T {
  if (!row || (!isStaff(auth) && row.customer_id !== auth.user.id)) throw notFound(MESSAGES.ticketNotFound);
  return row;
}

/** The ticket `ref` names if the caller may see it; 404 'Ticket not found.' otherwise. */
export async function visibleTicket(
  db: Tx,
  auth: AuthContext,
  ref: string,
  opts: { lock?: boolean } = {},
): Promise<TicketRef> {
  return seenBy(auth, await findTicketRef(db, ref, opts));
}
