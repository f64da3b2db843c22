import auditLog from '../../features/audit-log/es.json';
import billing from '../../features/billing/es.json';
import catalog from '../../features/catalog/es.json';
import contacts from '../../features/contacts/es.json';
import dashboard from '../../features/dashboard/es.json';
import documentRequests from '../../features/document-requests/es.json';
import vault from '../../features/documents/es.json';
import drafts from '../../features/drafts/es.json';
import notifications from '../../features/notifications/es.json';
import profile from '../../features/profile/es.json';
import questionnaire from '../../features/questionnaire/es.json';
import referrals from '../../features/referrals/es.json';
import signing from '../../features/signing/es.json';
import staff from '../../features/staff/es.json';
import tickets from '../../features/tickets/es.json';

/** The portal's catalogues in Spanish (portal-texts.ts): a chunk only Spanish readers load. */
export const portalTextsEs = {
  ...auditLog,
  ...billing,
  ...catalog,
  ...contacts,
  ...dashboard,
  ...documentRequests,
  ...vault,
  ...drafts,
  ...notifications,
  ...profile,
  ...questionnaire,
  ...referrals,
  ...signing,
  ...staff,
  ...tickets,
};
