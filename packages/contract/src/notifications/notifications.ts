import { z } from 'zod';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** What a notification is about; the bell and the list show an icon per kind. */
export const NOTIFICATION_KINDS = [
  'status_changed',
  'message',
  'assigned',
  'document_request',
  'invoice',
  'draft',
  'signing',
  /** A visitor sent the contact form or a web form (the public site). */
  'enquiry',
  /** A spouse's invitation to a household, its answer, a member leaving (docs/decisions/0032). */
  'household',
  /** A §7216 consent to read and answer, or a client's answer to one (docs/decisions/0034). */
  'consent',
  /** An engagement letter to sign, its reminder; staff: a client signed or declined one (docs/decisions/0036). */
  'engagement',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  ticket_id: z.string().nullable(),
  ticket_name: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/v1/notifications (notification): newest first. */
export const listNotificationsQuerySchema = z.object({
  unread_only: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, { error: () => COMMON_FIELD_MESSAGES.invalidCursor })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const notificationListSchema = z.object({
  /** For the bell in the header. */
  unread_count: z.number().int(),
  items: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * The notifications' own field messages; FIELD_TEXTS.notifications in the server's catalogue. Named as
 * `{ error: () => NOTIFICATION_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const NOTIFICATION_FIELD_MESSAGES = { invalidId: 'Invalid id' } as const;
export const notificationParamsSchema = z.object({
  id: z.string().regex(/^\d{1,18}$/, { error: () => NOTIFICATION_FIELD_MESSAGES.invalidId }),
});
/** POST /api/v1/notifications/:id/read and /read-all (notification_update). */
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
