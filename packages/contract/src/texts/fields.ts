import { ADMIN_FIELD_MESSAGES } from '../admin/field-messages.ts';
import { AUTH_FIELD_MESSAGES } from '../auth/field-messages.ts';
import { API_TOKEN_FIELD_MESSAGES } from '../auth/tokens.ts';
import { BILLING_FIELD_MESSAGES } from '../billing/field-messages.ts';
import { CATALOG_FIELD_MESSAGES } from '../catalog/field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { CONTACT_FIELD_MESSAGES } from '../contacts/phone-lookup.ts';
import { DOCUMENT_FIELD_MESSAGES } from '../documents/field-messages.ts';
import { ORGANIZER_FIELD_MESSAGES } from '../organizer/field-messages.ts';
import { HOUSEHOLD_DEPENDENT_FIELD_MESSAGES } from '../households/dependents.ts';
import { NOTIFICATION_FIELD_MESSAGES } from '../notifications/notifications.ts';
import { SITE_FIELD_MESSAGES } from '../site/field-messages.ts';
import { TICKET_FIELD_MESSAGES } from '../tickets/messages.ts';

/**
 * The contract's own field messages (its schemas' errors), by domain: each domain's object lives beside its schemas
 * (so the web's bundles carry only the messages of the schemas they keep); this only names them for the server's
 * catalogue. Texts several domains say alike are one entry of `common`. Spanish: ./es/fields.json.
 */
export const FIELD_TEXTS = {
  common: COMMON_FIELD_MESSAGES,
  auth: AUTH_FIELD_MESSAGES,
  apiTokens: API_TOKEN_FIELD_MESSAGES,
  admin: ADMIN_FIELD_MESSAGES,
  catalog: CATALOG_FIELD_MESSAGES,
  billing: BILLING_FIELD_MESSAGES,
  contacts: CONTACT_FIELD_MESSAGES,
  notifications: NOTIFICATION_FIELD_MESSAGES,
  tickets: TICKET_FIELD_MESSAGES,
  documents: DOCUMENT_FIELD_MESSAGES,
  site: SITE_FIELD_MESSAGES,
  organizer: ORGANIZER_FIELD_MESSAGES,
  householdDependents: HOUSEHOLD_DEPENDENT_FIELD_MESSAGES,
} as const;
