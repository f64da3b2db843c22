import account from './es/account.json';
import admin from './es/admin.json';
import billing from './es/billing.json';
import billingMail from './es/billing-mail.json';
import clientImport from './es/client-import.json';
import consents from './es/consents.json';
import drafts from './es/drafts.json';
import fields from './es/fields.json';
import households from './es/households.json';
import householdDependents from './es/household-dependents.json';
import mail from './es/mail.json';
import messages from './es/messages.json';
import mfa from './es/mfa.json';
import organizer from './es/organizer.json';
import engagement from './es/engagement.json';
import notifications from './es/notifications.json';
import pdf from './es/pdf.json';
import phone from './es/phone.json';
import problemTitles from './es/problem-titles.json';
import profile from './es/profile.json';
import referrals from './es/referrals.json';
import requestProblems from './es/request-problems.json';
import signing from './es/signing.json';
import site from './es/site.json';
import siteHead from './es/site-head.json';
import sms from './es/sms.json';
import staff from './es/staff.json';
import statuses from './es/statuses.json';
import text from './es/text.json';
import thirdParty from './es/third-party.json';
import tickets from './es/tickets.json';
import uploads from './es/uploads.json';
import type { TextTree } from './tree.ts';

/**
 * The server's catalogue in Spanish (es-US): the keys of SERVER_TEXTS (./index.ts), one file per part. The IRS's own
 * Spanish terms (Publication 850; Formulario 8879(SP)). Loaded by the server, and by the web for its Spanish readers.
 */
export const SERVER_TEXTS_ES = {
  messages,
  billing,
  staff,
  referrals,
  phone,
  mfa,
  profile,
  text,
  uploads,
  signing,
  drafts,
  problemTitles,
  requestProblems,
  fields,
  mail,
  account,
  site,
  admin,
  tickets,
  notifications,
  billingMail,
  sms,
  pdf,
  statuses,
  siteHead,
  clientImport,
  organizer,
  householdDependents,
  households,
  engagement,
  thirdParty,
  consents,
} satisfies TextTree;
