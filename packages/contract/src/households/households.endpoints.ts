import { sessionSchema } from '../auth/session.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { ticketDetailSchema, ticketParamsSchema } from '../tickets/ticket.ts';
import {
  householdInvitationParamsSchema,
  householdJoinBodySchema,
  householdJoinCheckBodySchema,
  householdJoinPreviewSchema,
  householdSchema,
  inviteSpouseBodySchema,
  ticketJointBodySchema,
} from './households.ts';

const tags = ['Households'];

export const getHousehold = endpoint({
  method: 'GET',
  path: '/api/v1/household',
  roles: ['Customer'],
  tags,
  summary: "The caller's household: its members, the invitation they sent, the invitations they received",
  response: { 200: householdSchema },
});

export const inviteSpouse = endpoint({
  method: 'POST',
  path: '/api/v1/household/invitations',
  roles: ['Customer'],
  tags,
  summary:
    'Invite the spouse (name and e-mail): the same answer whether or not the e-mail has an account; a new one is made, set up by a mailed link',
  body: inviteSpouseBodySchema,
  response: { 202: householdSchema },
});

export const revokeHouseholdInvitation = endpoint({
  method: 'DELETE',
  path: '/api/v1/household/invitations/:id',
  roles: ['Customer'],
  tags,
  summary: 'Withdraw an invitation the caller sent (its set-password link ends too)',
  params: householdInvitationParamsSchema,
  response: noContentResponse,
});

export const checkHouseholdJoin = endpoint({
  method: 'POST',
  path: '/api/v1/household/join/check',
  public: true,
  tags,
  summary: 'Whether the join link of an invitation to an e-mail without an account is still good, and from whom',
  description:
    'Read only. 400 with the same detail as joining for an unknown, used, withdrawn or expired link, so the page ' +
    'says so before anything is typed.',
  body: householdJoinCheckBodySchema,
  response: { 200: householdJoinPreviewSchema },
});

export const joinHousehold = endpoint({
  method: 'POST',
  path: '/api/v1/household/join',
  public: true,
  tags,
  summary: 'Join from the mailed link: the account is made now (name, password), joins the household and is signed in',
  description:
    'Single use. 400 for a link that is no longer good; 409 when the e-mail has an account by now (the invitation ' +
    'is then offered to that account, to accept signed in) or either person is in a household already.',
  body: householdJoinBodySchema,
  response: { 200: sessionSchema },
  errors: [409],
});

export const acceptHouseholdInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/household/invitations/:id/accept',
  roles: ['Customer'],
  tags,
  summary: 'Join the household of the person who invited the caller (signed in as the invited person)',
  params: householdInvitationParamsSchema,
  response: { 200: householdSchema },
});

export const declineHouseholdInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/household/invitations/:id/decline',
  roles: ['Customer'],
  tags,
  summary: 'Decline an invitation to a household',
  params: householdInvitationParamsSchema,
  response: { 200: householdSchema },
});

export const leaveHousehold = endpoint({
  method: 'POST',
  path: '/api/v1/household/leave',
  roles: ['Customer'],
  tags,
  summary: 'Leave the household: it ends for both; joint returns filed so far stay shared, no new ones',
  response: { 200: householdSchema },
});

export const setTicketJoint = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/joint',
  tags,
  summary: "Make an open ticket a joint return with the customer's spouse, or a separate one (its customer, staff)",
  params: ticketParamsSchema,
  body: ticketJointBodySchema,
  response: { 200: ticketDetailSchema },
});
