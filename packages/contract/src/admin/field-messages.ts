/**
 * Admin's field messages (staff roles, the audit log's filters); FIELD_TEXTS.admin in the server's catalogue. Schemas
 * name them as `{ error: () => ADMIN_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const ADMIN_FIELD_MESSAGES = {
  roleRequired: 'Choose at least one role',
  roleTwice: 'A role is named twice',
  auditAction: 'Use an action name such as document.download',
  auditObjectType: 'Use an object type such as ticket',
} as const;
