import { MESSAGES } from '../messages.ts';
import { STAFF_MESSAGES } from '../admin/staff.ts';
import { MFA_MESSAGES } from '../auth/mfa.ts';
import { PHONE_MESSAGES } from '../auth/sign-in-methods.ts';
import { BILLING_MESSAGES } from '../billing/messages.ts';
import { TEXT_MESSAGES } from '../common/text.ts';
import { DRAFT_MESSAGES } from '../documents/draft-values.ts';
import { SIGNING_MESSAGES } from '../documents/signing.ts';
import { UPLOAD_MESSAGES } from '../documents/uploads.ts';
import { PROFILE_MESSAGES } from '../profile/profile.ts';
import { REFERRAL_MESSAGES } from '../referrals/referrals.ts';
import { HOUSEHOLD_DEPENDENT_MESSAGES } from '../households/dependents.ts';
import { THIRD_PARTY_MESSAGES } from '../third-party/messages.ts';
import { ACCOUNT_TEXTS } from './account.ts';
import { ADMIN_TEXTS } from './admin.ts';
import { BILLING_MAIL_TEXTS } from './billing-mail.ts';
import { CLIENT_IMPORT_TEXTS } from './client-import.ts';
import { CONSENT_TEXTS } from './consents.ts';
import { FIELD_TEXTS } from './fields.ts';
import { HOUSEHOLD_TEXTS } from './households.ts';
import { MAIL_TEXTS } from './mail.ts';
import { NOTIFICATION_TEXTS } from './notifications.ts';
import { ORGANIZER_TEXTS } from './organizer.ts';
import { ENGAGEMENT_TEXTS } from './engagement.ts';
import { PDF_TEXTS } from './pdf.ts';
import { PROBLEM_TITLES, REQUEST_PROBLEMS } from './problems.ts';
import { SITE_HEAD_TEXTS } from './site-head.ts';
import { SITE_TEXTS } from './site.ts';
import { SMS_TEXTS } from './sms.ts';
import { STATUS_TEXTS } from './statuses.ts';
import { TICKET_TEXTS } from './tickets.ts';
import type { TextTree } from './tree.ts';

/**
 * Everything the server writes to a person, in English: THE catalogue of the server's texts (issue 31), read by its
 * i18next (apps/server platform/i18n.ts) as the namespace `server`. The domain's message objects stay where their
 * rules are (and the web reads them there); this only names them. Spanish: ./es.ts, the same keys.
 */
export const SERVER_TEXTS = {
  messages: MESSAGES,
  billing: BILLING_MESSAGES,
  staff: STAFF_MESSAGES,
  referrals: REFERRAL_MESSAGES,
  phone: PHONE_MESSAGES,
  mfa: MFA_MESSAGES,
  profile: PROFILE_MESSAGES,
  text: TEXT_MESSAGES,
  uploads: UPLOAD_MESSAGES,
  signing: SIGNING_MESSAGES,
  drafts: DRAFT_MESSAGES,
  problemTitles: PROBLEM_TITLES,
  requestProblems: REQUEST_PROBLEMS,
  fields: FIELD_TEXTS,
  mail: MAIL_TEXTS,
  account: ACCOUNT_TEXTS,
  site: SITE_TEXTS,
  admin: ADMIN_TEXTS,
  tickets: TICKET_TEXTS,
  notifications: NOTIFICATION_TEXTS,
  billingMail: BILLING_MAIL_TEXTS,
  sms: SMS_TEXTS,
  pdf: PDF_TEXTS,
  statuses: STATUS_TEXTS,
  siteHead: SITE_HEAD_TEXTS,
  clientImport: CLIENT_IMPORT_TEXTS,
  organizer: ORGANIZER_TEXTS,
  householdDependents: HOUSEHOLD_DEPENDENT_MESSAGES,
  households: HOUSEHOLD_TEXTS,
  engagement: ENGAGEMENT_TEXTS,
  thirdParty: THIRD_PARTY_MESSAGES,
  consents: CONSENT_TEXTS,
} as const satisfies TextTree;

export { flattenTexts, type TextTree } from './tree.ts';
export { statusLabelKey } from './statuses.ts';
export {
  ACCOUNT_TEXTS,
  ADMIN_TEXTS,
  BILLING_MAIL_TEXTS,
  CLIENT_IMPORT_TEXTS,
  ENGAGEMENT_TEXTS,
  FIELD_TEXTS,
  HOUSEHOLD_TEXTS,
  MAIL_TEXTS,
  NOTIFICATION_TEXTS,
  ORGANIZER_TEXTS,
  PDF_TEXTS,
  PROBLEM_TITLES,
  REQUEST_PROBLEMS,
  SITE_TEXTS,
  SMS_TEXTS,
  TICKET_TEXTS,
};
