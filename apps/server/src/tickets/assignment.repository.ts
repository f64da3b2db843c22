import { sql } from 'drizzle-orm';
import type { Role } from '@taxportal/contract';
import { queryRows, type Tx } from '../platform/db/client.ts';
import { ticketAssignments } from '../platform/db/schema.ts';

export interface StaffUserRow {
  id: string;
  full_name: string;
  email: string;
  roles: Role[];
}

/** Users holding any non-customer role (or the given one), with all their roles. */
export async function listStaffUsers(db: Tx, role?: string): Promise<StaffUserRow[]> {
  return queryRows<StaffUserRow>(
    db,
    sql`select u.id, u.full_name, u.email,
          (select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id) as roles
        from users u
        where exists(select 1 from user_roles r where r.user_id = u.id
                     and ${role ? sql`r.role = ${role}` : sql`r.role <> 'Customer'`})
        order by u.full_name, u.id
        limit 500`,
  );
}

export async function findStaffUser(db: Tx, id: string) {
  const [row] = await queryRows<{ id: string; full_name: string; email: string }>(
    db,
    sql`select u.id, u.full_name, u.email from users u
        where u.id = ${id} and exists(select 1 from user_roles r where r.user_id = u.id and r.role <> 'Customer')`,
  );
  return row ?? null;
}

export async function insertAssignment(
  tx: Tx,
  a: { ticketId: string; assigneeId: string | null; previousId: string | null; by: string },
) {
  await tx.insert(ticketAssignments).values({
    ticket_id: a.ticketId,
    assignee_id: a.assigneeId,
    previous_assignee_id: a.previousId,
    assigned_by: a.by,
  });
}

export interface AssignmentRow {
  id: string;
  assignee_id: string | null;
  assignee_name: string | null;
  previous_id: string | null;
  previous_name: string | null;
  by_id: string | null;
  by_name: string | null;
  created_at: Date | string;
}

export async function listAssignments(db: Tx, ticketId: string): Promise<AssignmentRow[]> {
  return queryRows<AssignmentRow>(
    db,
    sql`select a.id::text as id, a.assignee_id, u.full_name as assignee_name,
          a.previous_assignee_id as previous_id, p.full_name as previous_name,
          a.assigned_by as by_id, b.full_name as by_name, a.created_at
        from ticket_assignments a
        left join users u on u.id = a.assignee_id
        left join users p on p.id = a.previous_assignee_id
        left join users b on b.id = a.assigned_by
        where a.ticket_id = ${ticketId}
        order by a.id`,
  );
}
