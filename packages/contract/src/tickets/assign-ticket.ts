import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { roleSchema, STAFF_ROLES } from '../roles.ts';
import { personRefSchema } from './ticket.ts';

/** POST /api/v1/tickets/:id/assign (assign_ticket); `user_id: null` unassigns. */
export const assignTicketBodySchema = z.object({
  user_id: opaqueText().min(1).max(64).nullable(),
  expected_version: z.number().int().min(1).optional(),
});
export type AssignTicketBody = z.infer<typeof assignTicketBodySchema>;

/** GET /api/v1/tickets/:id/assignments (get_assign_history_of_ticket), oldest first. */
export const assignmentSchema = z.object({
  id: z.string(),
  assignee: personRefSchema.nullable(),
  previous_assignee: personRefSchema.nullable(),
  assigned_by: personRefSchema.nullable(),
  created_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export const assignmentListSchema = z.object({ items: z.array(assignmentSchema) });

/** GET /api/v1/users?role= (get_users_by_role): staff users, for picking an assignee. */
export const listUsersQuerySchema = z.object({
  role: z.enum(STAFF_ROLES as [string, ...string[]]).optional(),
});
export const staffUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserListSchema = z.object({ items: z.array(staffUserSchema) });
