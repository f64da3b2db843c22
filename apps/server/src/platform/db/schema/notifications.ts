import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tickets } from './tickets.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ticket_id: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    read_at: ts('read_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.id)],
);

/** Which e-mails a user wants; a missing row means the defaults (all on). */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email_on_status_change: boolean('email_on_status_change').notNull().default(true),
  email_on_staff_reply: boolean('email_on_staff_reply').notNull().default(true),
  email_on_customer_reply: boolean('email_on_customer_reply').notNull().default(true),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
