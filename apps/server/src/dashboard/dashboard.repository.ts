import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../platform/db/client.ts';
import { invoiceDueSql } from '../platform/ticket-status-view.ts';

type Ts = Date | string;

export interface CustomerTicketRow {
  id: string;
  name: string;
  service_name: string;
  service_type_name: string;
  year: number;
  status: string;
  customer_label: string;
  badge: string;
  category: string;
  invoice_due: boolean;
  unread_count: number;
  updated_at: Ts;
}

const customerTicketColumns = (customerId: string) => sql`
  t.id, t.name, s.name as service_name, st.name as service_type_name, t.year, t.status,
  ts.customer_label, ts.badge, ts.category, ${invoiceDueSql} as invoice_due, t.updated_at,
  (select count(*)::int from ticket_messages m
    where m.ticket_id = t.id and not m.internal and m.author_id is distinct from ${customerId}
      and m.created_at > coalesce((select r.last_read_at from ticket_reads r where r.ticket_id = t.id and r.user_id = ${customerId}), '-infinity'::timestamptz)
  ) as unread_count`;

export async function customerTickets(db: Tx, customerId: string, opts: { waitingOnly: boolean; limit: number }) {
  return queryRows<CustomerTicketRow>(
    db,
    sql`select ${customerTicketColumns(customerId)}
        from tickets t
        join services s on s.id = t.service_id
        join service_types st on st.id = t.service_type_id
        join ticket_statuses ts on ts.name = t.status
        where t.customer_id = ${customerId} ${opts.waitingOnly ? sql`and (ts.category = 'waiting_on_customer' or ${invoiceDueSql})` : sql``}
        order by t.updated_at desc, t.id desc
        limit ${opts.limit}`,
  );
}

export async function customerCategoryCounts(db: Tx, customerId: string) {
  return queryRows<{ status: string; customer_label: string; category: string; invoice_due: boolean; n: number }>(
    db,
    sql`select t.status, ts.customer_label, ts.category, ${invoiceDueSql} as invoice_due, count(*)::int as n
        from tickets t join ticket_statuses ts on ts.name = t.status
        where t.customer_id = ${customerId}
        group by 1, 2, 3, 4`,
  );
}

export interface RecentMessageRow {
  id: string;
  ticket_id: string;
  ticket_name: string;
  body: string;
  created_at: Ts;
  author_name: string | null;
  author_is_staff: boolean | null;
}

/** The customer's latest public messages: per-ticket index walks, merged (never a scan of all messages). */
export async function recentCustomerMessages(db: Tx, customerId: string, limit: number) {
  return queryRows<RecentMessageRow>(
    db,
    sql`select m.id::text as id, t.id as ticket_id, t.name as ticket_name, left(m.body, 280) as body, m.created_at,
          u.full_name as author_name,
          exists(select 1 from user_roles ur where ur.user_id = m.author_id and ur.role <> 'Customer') as author_is_staff
        from (select id, name from tickets where customer_id = ${customerId}) t
        cross join lateral (
          select * from ticket_messages m where m.ticket_id = t.id and not m.internal order by m.id desc limit ${limit}
        ) m
        left join users u on u.id = m.author_id
        order by m.id desc
        limit ${limit}`,
  );
}

export interface StatusCountRow {
  status: string;
  staff_label: string;
  badge: string;
  category: string;
  n: number;
}

/** From the trigger-kept counters: 12 rows whatever the number of tickets. */
export async function statusCounts(db: Tx) {
  return queryRows<StatusCountRow>(
    db,
    sql`select s.name as status, s.staff_label, s.badge, s.category, coalesce(c.n, 0)::int as n
        from ticket_statuses s left join ticket_status_counts c on c.status = s.name
        where s.is_pipeline
        order by s.position`,
  );
}

export interface StaffTicketRow {
  id: string;
  name: string;
  customer_name: string;
  service_name: string;
  status: string;
  staff_label: string;
  badge: string;
  created_at: Ts;
  updated_at: Ts;
}

const decorate = (chosen: ReturnType<typeof sql>) => sql`
  select t.id, t.name, u.full_name as customer_name, s.name as service_name, t.status, ts.staff_label, ts.badge,
    t.created_at, t.updated_at
  from (${chosen}) t
  join users u on u.id = t.customer_id
  join services s on s.id = t.service_id
  join ticket_statuses ts on ts.name = t.status`;

export async function openUnassigned(db: Tx, limit: number) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets where status = 'Open' and assignee_id is null`,
  );
  const items = await queryRows<StaffTicketRow>(
    db,
    sql`${decorate(sql`select * from tickets where status = 'Open' and assignee_id is null order by created_at, id limit ${limit}`)}
        order by t.created_at, t.id`,
  );
  return { count: Number(count?.n ?? 0), items };
}

/** Unfinished tickets (statuses of the open and waiting categories) assigned to a user. */
export async function assignedTo(db: Tx, userId: string, activeStatuses: string[], limit: number) {
  const list = sql.join(
    activeStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets where assignee_id = ${userId} and status in (${list})`,
  );
  const items = await queryRows<StaffTicketRow>(
    db,
    sql`${decorate(sql`select * from tickets where assignee_id = ${userId} and status in (${list}) order by updated_at desc, id desc limit ${limit}`)}
        order by t.updated_at desc, t.id desc`,
  );
  return { count: Number(count?.n ?? 0), items };
}

/** Tickets opened in each of the last `weeks` weeks (Monday starts, UTC), zero-filled, oldest first: from the daily counters. */
export async function openedPerWeek(db: Tx, weeks: number) {
  return queryRows<{ week_start: string; n: number }>(
    db,
    sql`with bounds as (
          select (date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}))::date as first_week
        )
        select to_char(w, 'YYYY-MM-DD') as week_start,
          coalesce((select sum(d.n) from ticket_daily_counts d where d.day >= w::date and d.day < (w + interval '1 week')::date), 0)::int as n
        from bounds, generate_series(bounds.first_week, bounds.first_week + make_interval(weeks => ${weeks - 1}), interval '1 week') as w
        order by w`,
  );
}

/** Median seconds of the most recent `sample` completed stays in each pipeline status (index-only per status). */
export async function medianTimeInStatus(db: Tx, sample: number) {
  return queryRows<{ status: string; staff_label: string; median_seconds: number | string | null; samples: number }>(
    db,
    sql`select s.name as status, s.staff_label, m.median_seconds, coalesce(m.samples, 0)::int as samples
        from ticket_statuses s
        left join lateral (
          select percentile_cont(0.5) within group (order by extract(epoch from (x.ended_at - x.created_at)))::float8 as median_seconds,
                 count(*)::int as samples
          from (
            select c.created_at, c.ended_at from ticket_status_changes c
            where c.to_status = s.name and c.ended_at is not null
            order by c.ended_at desc
            limit ${sample}
          ) x
        ) m on true
        where s.is_pipeline
        order by s.position`,
  );
}

export async function activeStatuses(db: Tx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from ticket_statuses where is_pipeline and category in ('open', 'waiting_on_customer') order by position`,
  );
  return rows.map((r) => r.name);
}
