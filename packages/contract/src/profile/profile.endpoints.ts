import { MESSAGES } from '../messages.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { deviceSessionListSchema, deviceSessionParamsSchema, revokedSessionsSchema } from '../auth/devices.ts';
import { messageSchema } from '../auth/password-reset.ts';
import {
  closeAccountBodySchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  profileSchema,
  updateProfileBodySchema,
} from './profile.ts';

const tags = ['Accounts'];

export const listDeviceSessions = endpoint({
  method: 'GET',
  path: '/api/v1/auth/sessions',
  tags,
  summary: "The caller's active sessions: device, approximate place, last seen, which is this one",
  response: { 200: deviceSessionListSchema },
});

export const revokeDeviceSession = endpoint({
  method: 'DELETE',
  path: '/api/v1/auth/sessions/:id',
  response: noContentResponse,
  tags,
  summary: 'End one of the caller’s sessions (at once, on every server)',
  params: deviceSessionParamsSchema,
});

export const revokeOtherSessions = endpoint({
  method: 'DELETE',
  path: '/api/v1/auth/sessions',
  tags,
  summary: 'End every session of the caller but this one',
  response: { 200: revokedSessionsSchema },
});

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/v1/profile',
  tags,
  summary: "The caller's profile",
  response: { 200: profileSchema },
});

export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/v1/profile',
  tags,
  summary: "Change the caller's name or language",
  body: updateProfileBodySchema,
  response: { 200: profileSchema },
});

export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/v1/profile/email-change',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Start an e-mail change: a link goes to the new address, the old one is told',
  body: emailChangeBodySchema,
  response: { 202: messageSchema },
});

export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/v1/profile/email-change/confirm',
  public: true,
  tags,
  summary: 'Finish an e-mail change with the token of the link (single use, expires)',
  body: emailChangeConfirmBodySchema,
  response: { 200: messageSchema },
});

export const exportProfile = endpoint({
  method: 'GET',
  path: '/api/v1/profile/export',
  answers: { 200: { description: 'Everything the portal holds about the caller', contentType: 'application/zip' } },
  tags,
  summary: "Download my data: a zip of the caller's profile, tickets, messages and invoices (JSON) and their documents",
});

export const closeAccount = endpoint({
  method: 'POST',
  path: '/api/v1/profile/close',
  roles: ['Customer'],
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Close the caller’s account (customers): no more sign-in; records the firm must keep stay',
  body: closeAccountBodySchema,
  response: { 200: messageSchema },
});
