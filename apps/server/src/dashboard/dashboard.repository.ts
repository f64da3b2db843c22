import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import {
  services,
  serviceTypes,
  ticketDailyCounts,
  ticketMessages,
  ticketReads,
  tickets,
  ticketStatusChanges,
  ticketStatusCounts,
  ticketStatuses,
  userRoles,
  users,
} from '../platform/db/schema.ts';
import { invoiceDueSql, signatureDueSql } from '../platform/ticket-status-view.ts';
import { filedBySql } from '../tickets/index.ts';

/** Every read here runs as a prepared statement (platform/db/rows.ts): their texts are fixed. */
const PREPARED = { prepare: true };

const customerTicketRow = rowSchema({
  id: col.text(),
  name: col.text(),
  service_name: col.text(),
  service_type_name: col.text(),
  year: col.int(),
  status: col.text(),
  customer_label: col.text(),
  badge: col.text(),
  category: col.text(),
  invoice_due: col.bool(),
  signature_due: col.bool(),
  unread_count: col.int(),
  updated_at: col.timestamp(),
});
export type CustomerTicketRow = RowOf<typeof customerTicketRow.shape>;

// Unread: the ticket's public count less what the customer has seen (docs/decisions/0023; as tickets.repository.ts).
const customerTicketColumns = (customerId: string) => sql`
  t.id, t.name, s.name as service_name, st.name as service_type_name, t.year, t.status,
  ts.customer_label, ts.badge, ts.category, ${invoiceDueSql} as invoice_due, ${signatureDueSql} as signature_due,
  t.updated_at,
  t.public_message_count - coalesce(
    (select r.seen_public from ${ticketReads} r where r.user_id = ${customerId} and r.ticket_id = t.id), 0) as unread_count`;

/** The tickets the customer files (their own and joint returns they share: tickets filedBySql, 0032). */
export async function customerTickets(db: Tx, customerId: string, opts: { waitingOnly: boolean; limit: number }) {
  return rows(
    db,
    customerTicketRow,
    sql`select ${customerTicketColumns(customerId)}
        from ${tickets} t
        join ${services} s on s.id = t.service_id
        join ${serviceTypes} st on st.id = t.service_type_id
        join ${ticketStatuses} ts on ts.name = t.status
        where ${filedBySql('t', customerId)} ${opts.waitingOnly ? sql`and (ts.category = 'waiting_on_customer' or ${invoiceDueSql} or ${signatureDueSql})` : sql``}
        order by t.updated_at desc, t.id desc
        limit ${opts.limit}`,
    PREPARED,
  );
}

export async function customerCategoryCounts(db: Tx, customerId: string) {
  return rows(
    db,
    rowSchema({
      status: col.text(),
      customer_label: col.text(),
      category: col.text(),
      invoice_due: col.bool(),
      signature_due: col.bool(),
      n: col.int(),
    }),
    sql`select t.status, ts.customer_label, ts.category, ${invoiceDueSql} as invoice_due,
          ${signatureDueSql} as signature_due, count(*)::int as n
        from ${tickets} t join ${ticketStatuses} ts on ts.name = t.status
        where ${filedBySql('t', customerId)}
        group by 1, 2, 3, 4, 5`,
    PREPARED,
  );
}

const recentMessageRow = rowSchema({
  id: col.text(),
  ticket_id: col.text(),
  ticket_name: col.text(),
  body: col.text(),
  created_at: col.timestamp(),
  author_name: col.text().nullable(),
  author_is_staff: col.bool().nullable(),
});

/** The customer's latest public messages: per-ticket index walks, merged (never a scan of all messages). */
export async function recentCustomerMessages(db: Tx, customerId: string, limit: number) {
  return rows(
    db,
    recentMessageRow,
    sql`select m.id::text as id, t.id as ticket_id, t.name as ticket_name, left(m.body, 280) as body, m.created_at,
          u.full_name as author_name,
          exists(select 1 from ${userRoles} ur where ur.user_id = m.author_id and ur.role <> 'Customer') as author_is_staff
        from (select f.id, f.name from ${tickets} f where ${filedBySql('f', customerId)}) t
        cross join lateral (
          select * from ${ticketMessages} m where m.ticket_id = t.id and not m.internal order by m.id desc limit ${limit}
        ) m
        left join ${users} u on u.id = m.author_id
        order by m.id desc
        limit ${limit}`,
    PREPARED,
  );
}

/** From the trigger-kept counters: 12 rows whatever the number of tickets. */
export async function statusCounts(db: Tx) {
  return rows(
    db,
    rowSchema({ status: col.text(), staff_label: col.text(), badge: col.text(), category: col.text(), n: col.int() }),
    sql`select s.name as status, s.staff_label, s.badge, s.category, coalesce(c.n, 0)::int as n
        from ${ticketStatuses} s left join ${ticketStatusCounts} c on c.status = s.name
        where s.is_pipeline
        order by s.position`,
    PREPARED,
  );
}

const staffTicketRow = rowSchema({
  id: col.text(),
  name: col.text(),
  customer_name: col.text(),
  service_name: col.text(),
  status: col.text(),
  staff_label: col.text(),
  badge: col.text(),
  created_at: col.timestamp(),
  updated_at: col.timestamp(),
});
export type StaffTicketRow = RowOf<typeof staffTicketRow.shape>;

const decorate = (chosen: SQL) => sql`
  select t.id, t.name, u.full_name as customer_name, s.name as service_name, t.status, ts.staff_label, ts.badge,
    t.created_at, t.updated_at
  from (${chosen}) t
  join ${users} u on u.id = t.customer_id
  join ${services} s on s.id = t.service_id
  join ${ticketStatuses} ts on ts.name = t.status`;

export async function openUnassigned(db: Tx, limit: number) {
  const count = await db.$count(tickets, and(eq(tickets.status, 'Open'), isNull(tickets.assignee_id)));
  const items = await rows(
    db,
    staffTicketRow,
    sql`${decorate(sql`select * from ${tickets} where status = 'Open' and assignee_id is null order by created_at, id limit ${limit}`)}
        order by t.created_at, t.id`,
    PREPARED,
  );
  return { count, items };
}

/** Unfinished tickets (statuses of the open and waiting categories) assigned to a user. */
export async function assignedTo(db: Tx, userId: string, activeStatuses: string[], limit: number) {
  const list = sql.join(
    activeStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const count = await db.$count(tickets, and(eq(tickets.assignee_id, userId), inArray(tickets.status, activeStatuses)));
  const items = await rows(
    db,
    staffTicketRow,
    sql`${decorate(sql`select * from ${tickets} where assignee_id = ${userId} and status in (${list}) order by updated_at desc, id desc limit ${limit}`)}
        order by t.updated_at desc, t.id desc`,
    PREPARED,
  );
  return { count, items };
}

/** Tickets opened in each of the last `weeks` weeks (Monday starts, UTC), zero-filled, oldest first: from the daily counters. */
export async function openedPerWeek(db: Tx, weeks: number) {
  return rows(
    db,
    rowSchema({ week_start: col.text(), n: col.int() }),
    sql`with bounds as (
          select (date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}))::date as first_week
        )
        select to_char(w, 'YYYY-MM-DD') as week_start,
          coalesce((select sum(d.n) from ${ticketDailyCounts} d where d.day >= w::date and d.day < (w + interval '1 week')::date), 0)::int as n
        from bounds, generate_series(bounds.first_week, bounds.first_week + make_interval(weeks => ${weeks - 1}), interval '1 week') as w
        order by w`,
    PREPARED,
  );
}

/** Median seconds of the most recent `sample` completed stays in each pipeline status (index-only per status). */
export async function medianTimeInStatus(db: Tx, sample: number) {
  return rows(
    db,
    rowSchema({
      status: col.text(),
      staff_label: col.text(),
      median_seconds: col.number().nullable(),
      samples: col.int(),
    }),
    sql`select s.name as status, s.staff_label, m.median_seconds, coalesce(m.samples, 0)::int as samples
        from ${ticketStatuses} s
        left join lateral (
          select percentile_cont(0.5) within group (order by extract(epoch from (x.ended_at - x.created_at)))::float8 as median_seconds,
                 count(*)::int as samples
          from (
            select c.created_at, c.ended_at from ${ticketStatusChanges} c
            where c.to_status = s.name and c.ended_at is not null
            order by c.ended_at desc
            limit ${sample}
          ) x
        ) m on true
        where s.is_pipeline
        order by s.position`,
    PREPARED,
  );
}

export async function activeStatuses(db: Tx): Promise<string[]> {
  const found = await db
    .select({ name: ticketStatuses.name })
    .from(ticketStatuses)
    .where(and(eq(ticketStatuses.is_pipeline, true), inArray(ticketStatuses.category, ['open', 'waiting_on_customer'])))
    .orderBy(asc(ticketStatuses.position));
  return found.map((r) => r.name);
}
