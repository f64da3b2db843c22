import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { services, serviceTypes, taxYears, tickets, ticketStatuses, userRoles, users } from '../platform/db/schema.ts';
import { invoiceDueSql, signatureDueSql } from '../platform/ticket-status-view.ts';
import { savedLanguageSql } from '../platform/users.ts';
import { filedBySql, ticketRefWhere } from './ticket-ref.ts';

/** What every ticket query returns: the ticket, its customer, service, status labels and the viewer's unread count. */
const ticketRow = rowSchema({
  id: col.text(),
  name: col.text(),
  customer_id: col.text(),
  customer_name: col.text(),
  customer_email: col.text(),
  customer_language: col.text().nullable(),
  /** A joint return's other filer (docs/decisions/0032). */
  spouse_id: col.text().nullable(),
  spouse_name: col.text().nullable(),
  spouse_email: col.text().nullable(),
  service_id: col.text(),
  service_name: col.text(),
  price_cents: col.int(),
  currency: col.text(),
  service_type_id: col.text(),
  service_type_name: col.text(),
  year: col.int(),
  phone: col.text().nullable(),
  status: col.text(),
  staff_label: col.text(),
  customer_label: col.text(),
  badge: col.text(),
  category: col.text(),
  /** An issued, unpaid invoice in Ready For Invoice (customers read it as waiting on them). */
  invoice_due: col.bool(),
  signature_due: col.bool(),
  assignee_id: col.text().nullable(),
  assignee_name: col.text().nullable(),
  version: col.int(),
  created_at: col.timestamp(),
  updated_at: col.timestamp(),
  status_changed_at: col.timestamp(),
  last_message_at: col.timestamp().nullable(),
  /** Exact keyset values, as PostgreSQL prints them (microseconds included). */
  k_updated: col.text(),
  k_created: col.text(),
  unread_count: col.int(),
});
export type TicketRow = RowOf<typeof ticketRow.shape>;
const idRow = rowSchema({ id: col.text() });
/** The hot reads run as prepared statements (their texts are fixed: values and id lists are parameters). */
const PREPARED = { prepare: true };

export interface Viewer {
  userId: string;
  isStaff: boolean;
}

/**
 * Messages the viewer has not seen: the ticket's count (internal notes count for staff only) less what they
 * had seen when they last read it and their own messages since (both kept by the write path: docs/decisions/0023).
 * A probe of ticket_reads' key per row, not a join: a generic plan of a join may hash all of a staff member's
 * reads (one per ticket they ever wrote on) to decorate 26 rows.
 */
const unreadCount = (v: Viewer) =>
  v.isStaff
    ? sql`t.message_count - coalesce((select r.seen_all from ticket_reads r where r.user_id = ${v.userId} and r.ticket_id = t.id), 0)`
    : sql`t.public_message_count - coalesce((select r.seen_public from ticket_reads r where r.user_id = ${v.userId} and r.ticket_id = t.id), 0)`;

/**
 * Labels, names and counts around an already-chosen set of tickets `t` (chosen first, so LIMIT runs on an
 * index). The catalogue (services, service types: tens of rows) by join, one lookup each; people (the assignee)
 * and reads by a scalar subquery on their key, which no plan can turn into a scan of a large table.
 */
const decorate = (v: Viewer, chosen: SQL) => sql`
  select t.id, t.name, t.customer_id, cu.full_name as customer_name, cu.email as customer_email,
    ${savedLanguageSql(sql`t.customer_id`)} as customer_language,
    t.spouse_id, (select sp.full_name from users sp where sp.id = t.spouse_id) as spouse_name,
    (select sp.email from users sp where sp.id = t.spouse_id) as spouse_email,
    t.service_id, s.name as service_name, s.price_cents, s.currency,
    t.service_type_id, st.name as service_type_name,
    t.year, t.phone, t.status, ts.staff_label, ts.customer_label, ts.badge, ts.category,
    ${invoiceDueSql} as invoice_due, ${signatureDueSql} as signature_due,
    t.assignee_id, (select a.full_name from users a where a.id = t.assignee_id) as assignee_name, t.version,
    t.created_at, t.updated_at, t.status_changed_at, t.last_message_at,
    t.updated_at::text as k_updated, t.created_at::text as k_created,
    ${unreadCount(v)} as unread_count
  from (${chosen}) t
  join users cu on cu.id = t.customer_id
  join ticket_statuses ts on ts.name = t.status
  join services s on s.id = t.service_id
  join service_types st on st.id = t.service_type_id`;

/** By id or by name, as ticketRefWhere matches them; ownership is the service's business. */
export async function findTicket(db: Tx, viewer: Viewer, idOrName: string): Promise<TicketRow | null> {
  const where = ticketRefWhere(idOrName);
  if (!where) return null;
  const [row] = await rows(db, ticketRow, decorate(viewer, sql`select * from tickets t where ${where}`), PREPARED);
  return row ?? null;
}

/**
 * `text`: a LIKE pattern on the lower-cased search text (`indexable` when it
 * has a trigram, i.e. 3+ characters). `phone`: a LIKE prefix on the reversed
 * digits of the customer's or the ticket's phone (suffix match).
 */
export type TicketSearch =
  { kind: 'text'; pattern: string; indexable: boolean } | { kind: 'phone'; reversedPrefix: string };

export type ListOrder = 'recent' | 'open_queue';
export interface ListFilter {
  /** Staff's filter: the tickets of this customer. */
  customerId?: string | undefined;
  /** A customer's own list: the tickets they file (their own and the joint returns they share: filedBySql). */
  filerId?: string | undefined;
  status?: string | undefined;
  /** undefined: anyone; null: unassigned. */
  assigneeId?: string | null | undefined;
  serviceTypeId?: string | undefined;
  year?: number | undefined;
  search?: TicketSearch | undefined;
  order: ListOrder;
  /** The last row's keys from the previous page. */
  after?: { assigned?: boolean; ts: string; id: string } | undefined;
  limit: number;
  /** Tests only: a smaller SEARCH_WINDOW. */
  searchWindow?: number;
}

/** How many of the most recent tickets a search reads before it falls back to the trigram index. */
export const SEARCH_WINDOW = 20_000;

const reversedDigits = (column: SQL) => sql`reverse(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'))`;

function filtersOf(f: ListFilter): SQL[] {
  const where: SQL[] = [];
  if (f.customerId) where.push(sql`customer_id = ${f.customerId}`);
  if (f.filerId) where.push(filedBySql('tickets', f.filerId));
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.assigneeId === null) where.push(sql`assignee_id is null`);
  else if (f.assigneeId) where.push(sql`assignee_id = ${f.assigneeId}`);
  if (f.serviceTypeId) where.push(sql`service_type_id = ${f.serviceTypeId}`);
  if (f.year) where.push(sql`year = ${f.year}`);
  if (f.search?.kind === 'phone') {
    const prefix = f.search.reversedPrefix;
    where.push(sql`id in (
      select t2.id from tickets t2
      where t2.customer_id in (select u.id from users u where ${reversedDigits(sql`u.phone`)} like ${prefix})
      union
      select t3.id from tickets t3 where ${reversedDigits(sql`t3.phone`)} like ${prefix})`);
  }
  if (f.after) {
    where.push(
      f.order === 'open_queue'
        ? sql`((assignee_id is not null), created_at, id) > (${f.after.assigned ?? false}, ${f.after.ts}::timestamptz, ${f.after.id})`
        : sql`(updated_at, id) < (${f.after.ts}::timestamptz, ${f.after.id})`,
    );
  }
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
const RECENT = sql`updated_at desc, id desc`;
// Open Request: unassigned first, then oldest first (tickets_open_queue_idx).
const OPEN_QUEUE = sql`(assignee_id is not null), created_at, id`;

export async function listTickets(db: Tx, viewer: Viewer, f: ListFilter): Promise<TicketRow[]> {
  const where = filtersOf(f);
  const order = f.order === 'open_queue' ? OPEN_QUEUE : RECENT;
  const outer =
    f.order === 'open_queue' ? sql`(t.assignee_id is not null), t.created_at, t.id` : sql`t.updated_at desc, t.id desc`;
  const search = f.search;
  // A text search over all tickets: see searchRecentFirst. Within one customer (or the Open queue) the set is small.
  if (search?.kind === 'text' && !f.customerId && !f.filerId && f.order === 'recent') {
    const ids = await searchRecentFirst(db, where, search, f.limit, f.searchWindow ?? SEARCH_WINDOW);
    if (!ids.length) return [];
    return rows(
      db,
      ticketRow,
      sql`${decorate(viewer, sql`select * from tickets where id = any(${sql.param(ids)}::text[])`)} order by ${outer}`,
      PREPARED,
    );
  }
  if (search?.kind === 'text') where.push(sql`search_text like ${search.pattern}`);
  const chosen = sql`select * from tickets ${whereOf(where)} order by ${order} limit ${f.limit}`;
  return rows(db, ticketRow, sql`${decorate(viewer, chosen)} order by ${outer}`, PREPARED);
}

/**
 * The `limit` most recent tickets matching a text search, in two bounded steps
 * whatever the planner guesses about the pattern:
 * 1. read the `window` (SEARCH_WINDOW) most recent tickets from tickets_recent_idx (which
 *    carries search_text: no table access) and keep the matches. A common
 *    fragment ("smith") fills the page here, after a few thousand entries.
 * 2. only if the page is not full and tickets older than the window exist:
 *    fetch every older match through the trigram index (the matches are rare
 *    by then, since fewer than `limit` turned up in the window) and keep the
 *    most recent. Patterns under 3 characters have no trigram: they stop at 1.
 */
async function searchRecentFirst(
  db: Tx,
  where: SQL[],
  search: { pattern: string; indexable: boolean },
  limit: number,
  window: number,
) {
  const recent = sql`select id, updated_at, search_text from tickets ${whereOf(where)} order by ${RECENT} limit ${window}`;
  const found = await rows(
    db,
    idRow,
    sql`select w.id from (${recent}) w where w.search_text like ${search.pattern} order by w.updated_at desc, w.id desc limit ${limit}`,
    PREPARED,
  );
  if (found.length >= limit || !search.indexable) return found.map((r) => r.id);
  const [edge] = await rows(
    db,
    rowSchema({ ts: col.text(), id: col.text() }),
    sql`select updated_at::text as ts, id from tickets ${whereOf(where)} order by ${RECENT} offset ${window - 1} limit 1`,
  );
  if (!edge) return found.map((r) => r.id);
  const older = [
    ...where,
    sql`(updated_at, id) < (${edge.ts}::timestamptz, ${edge.id})`,
    sql`search_text like ${search.pattern}`,
  ];
  // MATERIALIZED: plan the match on its own (trigram bitmap), not as an ordered scan hoping to stop early.
  const rest = await rows(
    db,
    idRow,
    sql`with m as materialized (select id, updated_at from tickets ${whereOf(older)})
        select id from m order by updated_at desc, id desc limit ${limit - found.length}`,
  );
  return [...found, ...rest].map((r) => r.id);
}

export interface LockedTicket {
  id: string;
  name: string;
  customer_id: string;
  spouse_id: string | null;
  assignee_id: string | null;
  status: string;
  version: number;
}

/** Reads and row-locks a ticket for a change (the lock makes concurrent changes queue). */
export async function lockTicket(tx: Tx, id: string): Promise<LockedTicket | null> {
  const [row] = await tx
    .select({
      id: tickets.id,
      name: tickets.name,
      customer_id: tickets.customer_id,
      spouse_id: tickets.spouse_id,
      assignee_id: tickets.assignee_id,
      status: tickets.status,
      version: tickets.version,
    })
    .from(tickets)
    .where(eq(tickets.id, id))
    .for('update');
  return row ?? null;
}

export async function insertTicket(tx: Tx, values: typeof tickets.$inferInsert) {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id, name: tickets.name });
  return row!;
}

/** Compare-and-set on `version`: false when someone changed the ticket first. */
export async function updateTicketVersioned(
  tx: Tx,
  id: string,
  version: number,
  set: { assignee_id: string | null },
): Promise<boolean> {
  // Statuses are moveTicket's (ticket-moves.ts) alone.
  const rows = await tx
    .update(tickets)
    .set({ ...set, version: sql`${tickets.version} + 1`, updated_at: sql`now()` })
    .where(and(eq(tickets.id, id), eq(tickets.version, version)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

const statusChangeRow = rowSchema({
  id: col.text(),
  from_status: col.text().nullable(),
  to_status: col.text(),
  note: col.text().nullable(),
  created_at: col.timestamp(),
  changed_by: col.text().nullable(),
  changed_by_name: col.text().nullable(),
  changed_by_is_staff: col.bool().nullable(),
  from_staff_label: col.text().nullable(),
  from_customer_label: col.text().nullable(),
  to_staff_label: col.text(),
  to_customer_label: col.text(),
});
export type StatusChangeRow = RowOf<typeof statusChangeRow.shape>;

export async function listStatusChanges(db: Tx, ticketId: string): Promise<StatusChangeRow[]> {
  return rows(
    db,
    statusChangeRow,
    sql`select c.id::text as id, c.from_status, c.to_status, c.note, c.created_at, c.changed_by,
          u.full_name as changed_by_name,
          exists(select 1 from user_roles ur where ur.user_id = u.id and ur.role <> 'Customer') as changed_by_is_staff,
          fs.staff_label as from_staff_label, fs.customer_label as from_customer_label,
          ts.staff_label as to_staff_label, ts.customer_label as to_customer_label
        from ticket_status_changes c
        left join users u on u.id = c.changed_by
        left join ticket_statuses fs on fs.name = c.from_status
        join ticket_statuses ts on ts.name = c.to_status
        where c.ticket_id = ${ticketId}
        order by c.id`,
  );
}

export async function listStatuses(db: Tx) {
  return db.select().from(ticketStatuses).orderBy(asc(ticketStatuses.position));
}

export async function findServiceForTicket(db: Tx, id: string) {
  const [row] = await db
    .select({
      id: services.id,
      service_type_id: services.service_type_id,
      active: services.active,
      type_id: serviceTypes.id,
    })
    .from(services)
    .innerJoin(serviceTypes, eq(serviceTypes.id, services.service_type_id))
    .where(eq(services.id, id));
  return row ?? null;
}

export async function isOfferedYear(db: Tx, year: number): Promise<boolean> {
  const [row] = await db
    .select()
    .from(taxYears)
    .where(and(eq(taxYears.year, year), eq(taxYears.active, true)));
  return row !== undefined;
}

/** A user holding the Customer role, or null. */
export async function findCustomer(db: Tx, id: string) {
  return firstRow(
    db,
    rowSchema({ id: col.text(), phone: col.text().nullable() }),
    sql`select u.id, u.phone from ${users} u
        where u.id = ${id} and exists(select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'Customer')`,
  );
}

export async function findUserPhone(db: Tx, id: string): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, id));
  return row?.phone ?? null;
}

/** What a ticket waits on its customer for now: an invoice to pay, a Form 8879 to sign (customerStatusView). */
export async function customerDues(
  db: Tx,
  ticketId: string,
): Promise<{ invoice_due: boolean; signature_due: boolean }> {
  const row = await firstRow(
    db,
    rowSchema({ invoice_due: col.bool(), signature_due: col.bool() }),
    sql`select ${invoiceDueSql} as invoice_due, ${signatureDueSql} as signature_due from tickets t where t.id = ${ticketId}`,
  );
  return row ?? { invoice_due: false, signature_due: false };
}
