import { endpoint } from '../common/endpoint.ts';
import {
  referralDashboardSchema,
  referralInvitationBodySchema,
  referralInvitationResultSchema,
  referralSettingsBodySchema,
  referralSettingsSchema,
  referralTreeQuerySchema,
  referralTreeSchema,
} from './referrals.ts';

const tags = ['Referrals'];

export const getReferralDashboard = endpoint({
  method: 'GET',
  path: '/api/v1/referrals/dashboard',
  roles: ['Customer'],
  tags,
  summary: "The caller's referral code, link, counts and first-level referrals (customers)",
  response: { 200: referralDashboardSchema },
});

export const getReferralTree = endpoint({
  method: 'GET',
  path: '/api/v1/referrals/tree',
  tags,
  summary: 'The referral tree: a customer their own branch, staff all of it (searchable)',
  query: referralTreeQuerySchema,
  response: { 200: referralTreeSchema },
});

export const sendReferralInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/referrals/invitations',
  roles: ['Customer'],
  tags,
  summary: "Mail the caller's referral link to a friend (customers)",
  body: referralInvitationBodySchema,
  response: { 202: referralInvitationResultSchema },
});

export const getReferralSettings = endpoint({
  method: 'GET',
  path: '/api/v1/admin/referrals/settings',
  roles: ['Admin'],
  tags,
  summary: 'The referral reward rule (Admin)',
  response: { 200: referralSettingsSchema },
});

export const updateReferralSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/referrals/settings',
  roles: ['Admin'],
  tags,
  summary: 'Set the referral reward: a credit in cents on the referrer’s next invoice; 0 switches it off (Admin)',
  body: referralSettingsBodySchema,
  response: { 200: referralSettingsSchema },
});
