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
  /** A joint return's other filer (docs/decisions/0032), else null; their name and e-mail, to write to them. */
  spouse_id: col.text().nullable(),
  spouse_name: col.text().nullable(),
  spouse_email: col.text().nullable(),
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
          u.email as customer_email, t.spouse_id, sp.full_name as spouse_name,
          sp.email as spouse_email, t.assignee_id, s.name as service_name
        from ${tickets} t join ${users} u on u.id = t.customer_id join ${services} s on s.id = t.service_id
        left join ${users} sp on sp.id = t.spouse_id
        where ${where}
        ${opts.lock ? sql`for update of t` : sql``}`,
  );
}

/** Who files a ticket: its customer and, on a joint return, their spouse (tickets.spouse_id). */
export interface Filers {
  customer_id: string;
  spouse_id: string | null;
}

/**
 * THE rule of which customers a ticket is theirs to see and act on as its customer (docs/decisions/0032): its
 * customer, and on a joint return the spouse who files it with them. A spouse's separate return is not theirs.
 */
export const filesTicket = (t: Filers, userId: string): boolean => t.customer_id === userId || t.spouse_id === userId;

/** The people who read a ticket as its customer: who is told of it, who it is published to. */
export const filersOf = (t: Filers): string[] => (t.spouse_id ? [t.customer_id, t.spouse_id] : [t.customer_id]);

/** A ticket's filers as people to write to (its customer, then a joint return's spouse): id, name, e-mail. */
export const filerPeople = (t: TicketRef): { id: string; full_name: string; email: string }[] => [
  { id: t.customer_id, full_name: t.customer_name, email: t.customer_email },
  ...(t.spouse_id ? [{ id: t.spouse_id, full_name: t.spouse_name ?? '', email: t.spouse_email ?? '' }] : []),
];

/**
 * The same rule in SQL, for a query over tickets aliased `alias` (a plain identifier of the caller's, never input):
 * the tickets `userId` files. Both halves have their index (tickets_customer_updated_idx, tickets_spouse_updated_idx).
 */
export const filedBySql = (alias: string, userId: string): SQL =>
  sql`(${sql.raw(`${alias}.customer_id`)} = ${userId} or ${sql.raw(`${alias}.spouse_id`)} = ${userId})`;

/** The ids of the tickets `userId` files, as a subquery (`… ticket_id in (${ticketsFiledBy(me)})`). */
export const ticketsFiledBy = (userId: string): SQL =>
  sql`select f.id from ${tickets} f where ${filedBySql('f', userId)}`;

/**
 * THE ticket-access rule: staff see every ticket, a customer those they file (filesTicket). Anything else is "not
 * found", so a customer cannot even learn that another customer's ticket (or their spouse's separate one) exists.
 */
export function seenBy<T extends Filers>(auth: AuthContext, row: T | null | undefined): T {
  if (!row || (!isStaff(auth) && !filesTicket(row, auth.user.id))) throw notFound(MESSAGES.ticketNotFound);
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
