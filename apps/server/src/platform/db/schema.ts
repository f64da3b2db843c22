/**
 * Every table, for Drizzle's typed queries and drizzle-kit's migrations. Tables
 * live under platform/ (not in their feature) so that features never import
 * each other: one file per feature in schema/.
 */
export * from './schema/platform.ts';
export * from './schema/auth.ts';
export * from './schema/catalog.ts';
export * from './schema/tax-templates.ts';
export * from './schema/tickets.ts';
export * from './schema/notifications.ts';
export * from './schema/billing.ts';
export * from './schema/documents.ts';
export * from './schema/questionnaire.ts';
export * from './schema/drafts.ts';
export * from './schema/site.ts';
export * from './schema/accounts.ts';
export * from './schema/mfa.ts';
export * from './schema/sign-in-methods.ts';
export * from './schema/referrals.ts';
export * from './schema/billing-credits.ts';
export * from './schema/households.ts';
export * from './schema/client-import.ts';
export * from './schema/organizers.ts';
export * from './schema/consents.ts';
export * from './schema/third-party.ts';
export * from './schema/engagement.ts';
export * from './schema/engagement-batches.ts';
