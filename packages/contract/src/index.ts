export * from './roles.ts';
export * from './ticket-status.ts';
export * from './ticket-status-schemas.ts';
export * from './messages.ts';
export * from './health.ts';
export * from './common/problem.ts';
export * from './common/fields.ts';
export * from './common/text.ts';
export * from './common/csrf.ts';
export * from './common/formatting.ts';
export * from './common/language.ts';
export * from './auth/register.ts';
export * from './auth/session.ts';
export * from './auth/change-password.ts';
export * from './auth/password-reset.ts';
export * from './auth/tokens.ts';
export * from './auth/devices.ts';
export * from './profile/profile.ts';
export * from './admin/staff.ts';
export * from './auth/mfa.ts';
export * from './auth/sign-in-methods.ts';
export * from './billing/index.ts';
export * from './catalog/common.ts';
export * from './catalog/service-types.ts';
export * from './catalog/services.ts';
export * from './catalog/years.ts';
export * from './catalog/document-types.ts';
export * from './catalog/tax-templates.ts';
export * from './tickets/progress.ts';
export * from './tickets/ticket.ts';
export * from './tickets/create-ticket.ts';
export * from './tickets/list-tickets.ts';
export * from './tickets/change-status.ts';
export * from './tickets/assign-ticket.ts';
export * from './tickets/message-limits.ts';
export * from './tickets/messages.ts';
export * from './notifications/notifications.ts';
export * from './notifications/preferences.ts';
export * from './notifications/realtime-events.ts';
export * from './dashboard/dashboard.ts';
export * from './contacts/contacts.ts';
export * from './contacts/phone-lookup.ts';
export * from './documents/index.ts';
export * from './organizer/index.ts';
export * from './client-import/index.ts';
export * from './households/index.ts';
export * from './engagement/index.ts';
export * from './third-party/index.ts';
export * from './consents/index.ts';
export * from './common/endpoint.ts';
export * from './admin/outbox.ts';
export * from './admin/audit-log.ts';
export * from './site/index.ts';
export * from './referrals/referrals.ts';
export * as endpoints from './endpoints.ts';
/** The site editor's endpoints (also in `endpoints`): the web's editor chunk reads them here, so the shared chunk of
 * declarations every page loads does not carry them. */
export * as siteAdminEndpoints from './site/site-admin.endpoints.ts';
/** The organizers' endpoints (also in `endpoints`), for the builder's and the client organizer's chunks (as above). */
export * as organizerEndpoints from './organizer/organizer.endpoints.ts';
/** The client import's endpoints (also in `endpoints`), for its page's chunk (as above). */
export * as clientImportEndpoints from './client-import/client-import.endpoints.ts';
/** The households' endpoints (also in `endpoints`), for the household section's and the ticket page's chunks. */
export * as householdsEndpoints from './households/households.endpoints.ts';
/** The third-party shares' and offers' endpoints (also in `endpoints`), for their pages' chunks (as above). */
export * as thirdPartyEndpoints from './third-party/third-party.endpoints.ts';
/** The engagement letters' endpoints (also in `endpoints`), for their pages' chunks (as above). */
export * as engagementEndpoints from './engagement/engagement.endpoints.ts';
/** The §7216 consents' endpoints (also in `endpoints`), for their pages' chunks (as above). */
export * as consentsEndpoints from './consents/consents.endpoints.ts';
export * from './web/app-routes.ts';
