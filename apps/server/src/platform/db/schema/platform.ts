import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Mail the default transport "sends": admins read it in development, tests read links from it. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.created_at)],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Who did what to which record, when, from where. Append-only and chained by hash (docs/decisions/0014): at
 * commit a deferred trigger (migration 0009_audit_chain) gives each row the next `seq`, `prev_hash` (the row
 * before it in the chain) and `hash` = sha256(prev_hash + the row's canonical content), and moves
 * `audit_chain`'s head; a deleted or altered row breaks the chain (`platform/audit.ts` verifyAuditChain).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_id: text('actor_id'),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    meta: jsonb('meta'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }),
    prev_hash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_actor_idx').on(t.actor_id),
    index('audit_created_idx').on(t.created_at, t.id),
    index('audit_action_idx').on(t.action),
    uniqueIndex('audit_seq_idx').on(t.seq),
  ],
);

/** The audit chain's head: one row (id 1), the last chained entry's seq and hash; its row lock orders writers. */
export const auditChain = pgTable('audit_chain', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
