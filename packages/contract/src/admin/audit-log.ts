import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { ADMIN_FIELD_MESSAGES } from './field-messages.ts';

/** A day (`2026-04-15`, the whole UTC day) or an instant (ISO 8601 with a zone). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Filters shared by the list and the CSV export. */
export const auditLogFilterSchema = z.object({
  /** The person who acted: their user id, or their e-mail (any casing). */
  actor: text().min(1).max(254).optional(),
  /** An action (`document.download`) or a family of them (`document` = every `document.*`). */
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{1,64}$/, { error: () => ADMIN_FIELD_MESSAGES.auditAction })
    .optional(),
  entity_type: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{1,64}$/, { error: () => ADMIN_FIELD_MESSAGES.auditObjectType })
    .optional(),
  entity_id: text().min(1).max(128).optional(),
  /** From this day or instant on (inclusive). */
  from: dayOrInstant.optional(),
  /** Up to this instant (exclusive), or to the end of this day. */
  to: dayOrInstant.optional(),
});

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  cursor: opaqueText().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  /** Position in the hash chain (null only while its transaction commits). */
  seq: z.number().int().nullable(),
  created_at: z.string(),
  actor: z
    .object({
      id: z.string(),
      /** Null when the account no longer exists. */
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogListSchema = z.object({
  items: z.array(auditLogEntrySchema),
  next_cursor: z.string().nullable(),
});

export const AUDIT_CHAIN_PROBLEMS = ['altered', 'deleted', 'relinked', 'tail_deleted', 'unchained'] as const;

export const auditChainReportSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  breaks: z.array(
    z.object({
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
      id: z.number().int().nullable(),
      seq: z.number().int().nullable(),
      missing: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
    }),
  ),
  truncated: z.boolean(),
  verified_at: z.string(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;
