import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { ticketMessages } from '../platform/db/schema.ts';

const messageRow = rowSchema({
  id: col.text(),
  ticket_id: col.text(),
  body: col.text(),
  internal: col.bool(),
  document_ids: z.array(z.string()),
  created_at: col.timestamp(),
  author_id: col.text().nullable(),
  author_name: col.text().nullable(),
  author_is_staff: col.bool().nullable(),
});
export type MessageRow = RowOf<typeof messageRow.shape>;

const columns = sql`m.id::text as id, m.ticket_id, m.body, m.internal, m.document_ids, m.created_at,
  m.author_id, u.full_name as author_name,
  exists(select 1 from user_roles ur where ur.user_id = m.author_id and ur.role <> 'Customer') as author_is_staff`;

/** Newest first, `limit` rows before the `before` id; internal notes only when asked (staff). */
export async function listMessages(
  db: Tx,
  ticketId: string,
  opts: { includeInternal: boolean; before?: string | undefined; limit: number },
): Promise<MessageRow[]> {
  return rows(
    db,
    messageRow,
    sql`select ${columns}
        from ticket_messages m left join users u on u.id = m.author_id
        where m.ticket_id = ${ticketId}
          ${opts.includeInternal ? sql`` : sql`and not m.internal`}
          ${opts.before ? sql`and m.id < ${opts.before}::bigint` : sql``}
        order by m.id desc
        limit ${opts.limit}`,
    { prepare: true },
  );
}

export async function insertMessage(
  tx: Tx,
  m: { ticketId: string; authorId: string; body: string; internal: boolean; documentIds: string[] },
): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(ticketMessages)
    .values({
      ticket_id: m.ticketId,
      author_id: m.authorId,
      body: m.body,
      internal: m.internal,
      document_ids: m.documentIds,
    })
    .returning({ id: ticketMessages.id });
  const [row] = await rows(
    tx,
    messageRow,
    sql`select ${columns} from ticket_messages m left join users u on u.id = m.author_id where m.id = ${inserted!.id}`,
  );
  return row!;
}

/** A message makes the ticket "updated" (list order) without changing its version. */
export async function touchTicketForMessage(tx: Tx, ticketId: string) {
  await tx.execute(sql`update tickets set updated_at = now(), last_message_at = now() where id = ${ticketId}`);
}

/**
 * Having read the conversation: the viewer has seen every message the ticket counts now (docs/decisions/0023).
 * `greatest`, so a read whose snapshot predates a concurrent post never takes back what that post counted.
 */
export async function markRead(tx: Tx, userId: string, ticketId: string): Promise<Date> {
  const [row] = await rows(
    tx,
    rowSchema({ last_read_at: col.timestamp() }),
    sql`insert into ticket_reads (user_id, ticket_id, last_read_at, seen_all, seen_public)
        select ${userId}, t.id, now(), t.message_count, t.public_message_count from tickets t where t.id = ${ticketId}
        on conflict (user_id, ticket_id) do update set
          last_read_at = greatest(ticket_reads.last_read_at, excluded.last_read_at),
          seen_all = greatest(ticket_reads.seen_all, excluded.seen_all),
          seen_public = greatest(ticket_reads.seen_public, excluded.seen_public)
        returning last_read_at`,
  );
  return row!.last_read_at;
}
