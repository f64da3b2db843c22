import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../platform/db/client.ts';
import { ticketMessages } from '../platform/db/schema.ts';

export interface MessageRow {
  id: string;
  ticket_id: string;
  body: string;
  internal: boolean;
  document_ids: string[];
  created_at: Date | string;
  author_id: string | null;
  author_name: string | null;
  author_is_staff: boolean | null;
}

const columns = sql`m.id::text as id, m.ticket_id, m.body, m.internal, m.document_ids, m.created_at,
  m.author_id, u.full_name as author_name,
  exists(select 1 from user_roles ur where ur.user_id = m.author_id and ur.role <> 'Customer') as author_is_staff`;

/** Newest first, `limit` rows before the `before` id; internal notes only when asked (staff). */
export async function listMessages(
  db: Tx,
  ticketId: string,
  opts: { includeInternal: boolean; before?: string | undefined; limit: number },
): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select ${columns}
        from ticket_messages m left join users u on u.id = m.author_id
        where m.ticket_id = ${ticketId}
          ${opts.includeInternal ? sql`` : sql`and not m.internal`}
          ${opts.before ? sql`and m.id < ${opts.before}::bigint` : sql``}
        order by m.id desc
        limit ${opts.limit}`,
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
  const [row] = await queryRows<MessageRow>(
    tx,
    sql`select ${columns} from ticket_messages m left join users u on u.id = m.author_id where m.id = ${inserted!.id}`,
  );
  return row!;
}

/** A message makes the ticket "updated" (list order) without changing its version. */
export async function touchTicketForMessage(tx: Tx, ticketId: string) {
  await tx.execute(sql`update tickets set updated_at = now(), last_message_at = now() where id = ${ticketId}`);
}

export async function markRead(tx: Tx, userId: string, ticketId: string): Promise<Date | string> {
  const [row] = await queryRows<{ last_read_at: Date | string }>(
    tx,
    sql`insert into ticket_reads (user_id, ticket_id, last_read_at) values (${userId}, ${ticketId}, now())
        on conflict (user_id, ticket_id) do update set last_read_at = greatest(ticket_reads.last_read_at, excluded.last_read_at)
        returning last_read_at`,
  );
  return row!.last_read_at;
}
