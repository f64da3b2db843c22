import { endpoint } from '../common/endpoint.ts';
import { auditChainReportSchema, auditLogFilterSchema, auditLogListSchema, auditLogQuerySchema } from './audit-log.ts';
import { outboxListSchema, outboxQuerySchema } from './outbox.ts';

/** Admins read what the default mail transport "sent" (development and demos). */
export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/v1/admin/outbox',
  roles: ['Admin'],
  tags: ['Admin'],
  summary: 'Recent outgoing mail',
  query: outboxQuerySchema,
  response: { 200: outboxListSchema },
});

const auditTags = ['Admin'];

/** FTC Safeguards Rule 314.4(c)(8): who did what to which object, when, from where (Admin only). */
export const listAuditLog = endpoint({
  method: 'GET',
  path: '/api/v1/admin/audit-log',
  roles: ['Admin'],
  tags: auditTags,
  summary: 'The audit log, newest first, filtered (Admin)',
  query: auditLogQuerySchema,
  response: { 200: auditLogListSchema },
});

/** A CSV file of every entry the filters match (cells that a spreadsheet would run as a formula are escaped). */
export const exportAuditLog = endpoint({
  method: 'GET',
  path: '/api/v1/admin/audit-log/export.csv',
  answers: { 200: { description: 'The audit log as CSV', contentType: 'text/csv' } },
  roles: ['Admin'],
  tags: auditTags,
  summary: 'The filtered audit log as CSV (Admin)',
  query: auditLogFilterSchema,
});

export const verifyAuditLog = endpoint({
  method: 'GET',
  path: '/api/v1/admin/audit-log/verify',
  roles: ['Admin'],
  tags: auditTags,
  summary: "Checks the audit log's hash chain and reports every break, the first first (Admin)",
  response: { 200: auditChainReportSchema },
});
