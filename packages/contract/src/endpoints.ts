// Every HTTP endpoint, declared once (see common/endpoint.ts). Exported as the `endpoints` namespace.
export * from './health.endpoints.ts';
export * from './auth/auth.endpoints.ts';
export * from './admin/admin.endpoints.ts';
export * from './billing/billing.endpoints.ts';
export * from './catalog/catalog.endpoints.ts';
export * from './contacts/contacts.endpoints.ts';
export * from './dashboard/dashboard.endpoints.ts';
export * from './notifications/notifications.endpoints.ts';
export * from './tickets/tickets.endpoints.ts';
export * from './documents/documents.endpoints.ts';
export * from './documents/requests.endpoints.ts';
export * from './documents/questionnaire.endpoints.ts';
export * from './documents/drafts.endpoints.ts';
export * from './documents/signing.endpoints.ts';
export * from './site/site.endpoints.ts';
export * from './referrals/referrals.endpoints.ts';
