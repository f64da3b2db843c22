import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { sessionSchema } from '../auth/session.ts';
import {
  acceptInvitationBodySchema,
  checkInvitationBodySchema,
  invitationPreviewSchema,
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

export const revokeStaffInvitation = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/staff/invitations/:id',
  roles: ['Admin'],
  tags,
  summary: 'Revoke a pending invitation: its link stops working at once (Admin)',
  description: 'An unknown, accepted or already revoked invitation answers 404.',
  params: staffParamsSchema,
  response: noContentResponse,
});

export const resendStaffInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/admin/staff/invitations/:id/resend',
  roles: ['Admin'],
  tags,
  summary:
    'Mail a pending invitation again with a new link; the old link stops working, the 7 days start again (Admin)',
  description:
    'A first resend may follow the invitation at once, the next one a minute after it (429 with `Retry-After` ' +
    'sooner). An unknown, accepted or revoked invitation answers 404; an address that has an account by now, 409.',
  params: staffParamsSchema,
  response: { 200: staffInvitationSchema },
  errors: [409],
});

export const checkInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/auth/invitations/check',
  public: true,
  tags: ['Accounts'],
  summary: 'Whether a staff invitation link can still be accepted, and for what (read only)',
  description:
    'Answers the invited address, roles and firm for a pending link; 400 with the same detail as accepting it ' +
    'for a withdrawn, used, expired, replaced or unknown one, so the page says so before anything is typed.',
  body: checkInvitationBodySchema,
  response: { 200: invitationPreviewSchema },
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
