import { z } from 'zod';

/** Which e-mails the user gets; in-app notifications are always on. */
export const notificationPreferencesSchema = z.object({
  /** Customers: when one of their tickets changes status. */
  email_on_status_change: z.boolean(),
  /** Customers: when staff reply on one of their tickets. */
  email_on_staff_reply: z.boolean(),
  /** Staff: when the customer replies on a ticket assigned to them. */
  email_on_customer_reply: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/v1/notifications/preferences: only the switches sent change. */
export const updateNotificationPreferencesBodySchema = notificationPreferencesSchema.partial();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;
