import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../common/fields.ts';
import { opaqueText, text } from '../common/text.ts';
import { roleSchema } from '../roles.ts';
import { ADMIN_FIELD_MESSAGES } from './field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** Every role but Customer. */
export const staffRoleSchema = roleSchema.exclude(['Customer']);
const staffRolesSchema = z
  .array(staffRoleSchema)
  .min(1, { error: () => ADMIN_FIELD_MESSAGES.roleRequired })
  .max(4)
  .refine((r) => new Set(r).size === r.length, { error: () => ADMIN_FIELD_MESSAGES.roleTwice });

export const STAFF_STATES = ['active', 'deactivated'] as const;
export const staffMemberSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  state: z.enum(STAFF_STATES),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  created_at: z.string(),
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/**
 * GET /api/v1/admin/staff: the staff whose name or e-mail holds every word of `q` (any case), of `role`, by name,
 * `limit` at a time (keyset: `cursor` is the last page's `next_cursor`).
 */
export const listStaffQuerySchema = z.object({
  q: text().max(100).optional(),
  role: staffRoleSchema.optional(),
  cursor: opaqueText().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListStaffQuery = z.infer<typeof listStaffQuerySchema>;
export const staffListSchema = z.object({
  items: z.array(staffMemberSchema),
  next_cursor: z.string().nullable(),
  /** How many staff match the search and role (every page says the same). */
  total: z.int(),
  /** Invitations not yet accepted and not expired. */
  invitations: z.array(staffInvitationSchema),
});

export const staffParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
/** PATCH /api/v1/admin/staff/:id: new roles, or `active: false` to deactivate (true to reactivate). */
export const updateStaffBodySchema = z.object({
  roles: staffRolesSchema.optional(),
  active: z.boolean().optional(),
});
export const openTicketRefSchema = z.object({ id: z.string(), name: z.string(), status: z.string() });
export const updatedStaffSchema = z.object({
  member: staffMemberSchema,
  /** Tickets still assigned to a deactivated member, to reassign. */
  open_tickets: z.array(openTicketRefSchema),
});

export const inviteStaffBodySchema = z.object({ email: emailSchema, roles: staffRolesSchema });
/** POST /api/v1/auth/invitations/check: the token in the body, never in a URL a log could keep. */
export const checkInvitationBodySchema = z.object({ token: opaqueText().min(1).max(128) });
/** What the invited person is shown before choosing a name and password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  roles: z.array(staffRoleSchema),
  firm_name: z.string(),
  expires_at: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const acceptInvitationBodySchema = z.object({
  token: opaqueText().min(1).max(128),
  full_name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(140),
  password: newPasswordSchema,
});

export const STAFF_MESSAGES = {
  lastAdmin: 'The portal needs at least one active Admin.',
  notYourself: 'You cannot deactivate your own account.',
  alreadyUser: 'An account with this e-mail already exists.',
  invitationInvalid: 'This invitation is invalid or has expired.',
  invitationRevoked:
    'This invitation was withdrawn. Use the link in the newest invitation e-mail, or ask an Admin to invite you again.',
  invitationNotFound: 'No pending invitation has this id.',
  resendTooSoon: 'This invitation was sent less than a minute ago. Please wait before sending it again.',
  notStaff: 'Not a staff member.',
} as const;
