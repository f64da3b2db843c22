import { sql } from 'drizzle-orm';
import { roleSchema } from '@taxportal/contract';
import { z } from 'zod';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { ticketAssignments } from '../platform/db/schema.ts';

const staffUserRow = rowSchema({
  id: col.text(),
  full_name: col.text(),
  email: col.text(),
  roles: z.array(roleSchema),
});
export type StaffUserRow = RowOf<typeof staffUserRow.shape>;

/** Users holding any non-customer role (or the given one), with all their roles. */
export async function listStaffUsers(db: Tx, role?: string): Promise<StaffUserRow[]> {
  return rows(
    db,
    staffUserRow,
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
  return firstRow(
    db,
    rowSchema({ id: col.text(), full_name: col.text(), email: col.text() }),
    sql`select u.id, u.full_name, u.email from users u
        where u.id = ${id} and exists(select 1 from user_roles r where r.user_id = u.id and r.role <> 'Customer')`,
  );
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

const assignmentRow = rowSchema({
  id: col.text(),
  assignee_id: col.text().nullable(),
  assignee_name: col.text().nullable(),
  previous_id: col.text().nullable(),
  previous_name: col.text().nullable(),
  by_id: col.text().nullable(),
  by_name: col.text().nullable(),
  created_at: col.timestamp(),
});
export type AssignmentRow = RowOf<typeof assignmentRow.shape>;

export async function listAssignments(db: Tx, ticketId: string): Promise<AssignmentRow[]> {
  return rows(
    db,
    assignmentRow,
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
