import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { services, serviceTypes, tickets, ticketStatuses, userRoles, users } from '../platform/db/schema.ts';
import { filedBySql } from '../tickets/index.ts';
import { savedLanguageSql } from '../platform/users.ts';

const contactRow = rowSchema({
  id: col.text(),
  full_name: col.text(),
  email: col.text(),
  phone: col.text().nullable(),
  language: col.text().nullable(),
  created_at: col.timestamp(),
  ticket_count: col.int(),
  last_activity_at: col.timestamp().nullable(),
});
export type ContactRow = RowOf<typeof contactRow.shape>;

const isCustomer = sql`exists(select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'Customer')`;

/**
 * Ticket count and last activity of each chosen customer: the tickets they file (their own, joint returns: 0032),
 * from the (customer_id, updated_at) and (spouse_id, updated_at) indexes.
 */
const withActivity = (chosen: SQL) => sql`
  select u.id, u.full_name, u.email, u.phone, ${savedLanguageSql(sql`u.id`)} as language, u.created_at,
    a.ticket_count, a.last_activity_at
  from (${chosen}) u
  cross join lateral (
    select count(*)::int as ticket_count, max(t.updated_at) as last_activity_at from ${tickets} t where (t.customer_id = u.id or t.spouse_id = u.id)
  ) a`;

/**
 * Customers in name order. `text` matches name or e-mail (ILIKE, trigram
 * indexes); `digits` matches anywhere in the phone (trigram); `phoneSuffix`
 * is a LIKE prefix on the reversed digits (users_phone_suffix_idx). Keyset on
 * (full_name, id).
 */
export async function listContacts(
  db: Tx,
  f: {
    text?: string | undefined;
    digits?: string | undefined;
    phoneSuffix?: string | undefined;
    after?: { name: string; id: string } | undefined;
    limit: number;
  },
): Promise<ContactRow[]> {
  const where: SQL[] = [isCustomer];
  const any: SQL[] = [];
  if (f.text) any.push(sql`u.full_name ilike ${f.text}`, sql`u.email ilike ${f.text}`);
  if (f.digits) any.push(sql`u.phone like ${f.digits}`);
  if (f.phoneSuffix) {
    any.push(sql`reverse(regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g')) like ${f.phoneSuffix}`);
  }
  if (any.length) where.push(sql`(${sql.join(any, sql` or `)})`);
  if (f.after) where.push(sql`(u.full_name, u.id) > (${f.after.name}, ${f.after.id})`);
  const chosen = sql`select u.* from ${users} u where ${sql.join(where, sql` and `)} order by u.full_name, u.id limit ${f.limit}`;
  return rows(db, contactRow, sql`${withActivity(chosen)} order by u.full_name, u.id`);
}

export async function findContact(db: Tx, id: string): Promise<ContactRow | null> {
  return firstRow(db, contactRow, withActivity(sql`select u.* from ${users} u where u.id = ${id} and ${isCustomer}`));
}

export async function findCustomerByPhone(db: Tx, phone: string) {
  return firstRow(
    db,
    rowSchema({ id: col.text(), full_name: col.text(), email: col.text(), phone: col.text() }),
    sql`select u.id, u.full_name, u.email, u.phone from ${users} u where u.phone = ${phone} and ${isCustomer} order by u.created_at limit 1`,
  );
}

const contactTicketRow = rowSchema({
  id: col.text(),
  name: col.text(),
  service_name: col.text(),
  service_type_name: col.text(),
  year: col.int(),
  status: col.text(),
  staff_label: col.text(),
  badge: col.text(),
  updated_at: col.timestamp(),
  joint_with: col.text().nullable(),
});

/** The tickets a customer files: their own and the joint returns they share (tickets' filedBySql, 0032). */
export async function contactTickets(db: Tx, customerId: string, limit: number) {
  return rows(
    db,
    contactTicketRow,
    sql`select t.id, t.name, s.name as service_name, st.name as service_type_name, t.year, t.status, ts.staff_label, ts.badge, t.updated_at,
          (select o.full_name from ${users} o
            where o.id = case when t.customer_id = ${customerId} then t.spouse_id else t.customer_id end) as joint_with
        from ${tickets} t
        join ${services} s on s.id = t.service_id
        join ${serviceTypes} st on st.id = t.service_type_id
        join ${ticketStatuses} ts on ts.name = t.status
        where ${filedBySql('t', customerId)}
        order by t.updated_at desc, t.id desc
        limit ${limit}`,
  );
}
