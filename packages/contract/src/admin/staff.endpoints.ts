import { endpoint } from '../common/endpoint.ts';
import { sessionSchema } from '../auth/session.ts';
import {
  acceptInvitationBodySchema,
  inviteStaffBodySchema,
  staffInvitationSchema,
  listStaffQuerySchema,
  staffListSchema,
  staffParamsSchema,
  updatedStaffSchema,
  updateStaffBodySchema,
} from './staff.ts';

const tags = ['Admin'];

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/v1/admin/staff',
  roles: ['Admin'],
  tags,
  summary: 'Staff with their roles and state, searched and by role, a page at a time; and open invitations (Admin)',
  query: listStaffQuerySchema,
  response: { 200: staffListSchema },
});

export const updateStaff = endpoint({
  method: 'PATCH',
  path: '/api/v1/admin/staff/:id',
  roles: ['Admin'],
  tags,
  summary:
    'Change a staff member’s roles, or deactivate (sessions and tokens end at once; their open tickets are listed) (Admin)',
  params: staffParamsSchema,
  body: updateStaffBodySchema,
  response: { 200: updatedStaffSchema },
});

export const inviteStaff = endpoint({
  method: 'POST',
  path: '/api/v1/admin/staff/invitations',
  roles: ['Admin'],
  tags,
  summary: 'Invite a staff member by e-mail with roles; the link expires in 7 days (Admin)',
  body: inviteStaffBodySchema,
  response: { 201: staffInvitationSchema },
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/auth/invitations/accept',
  public: true,
  tags: ['Accounts'],
  summary: 'Accept a staff invitation: set name and password, and sign in',
  body: acceptInvitationBodySchema,
  response: { 200: sessionSchema },
});
