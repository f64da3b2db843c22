// Idempotent ticket creation: the key a person's request carries, and the ticket it made (tickets.service.ts).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { ticketRequestKeys } from '../platform/db/schema.ts';

/** How long a service request's Idempotency-Key answers the ticket it made. */
const REQUEST_KEY_TTL = sql`interval '1 day'`;

/**
 * The ticket a person's earlier request with this key made (within a day), under a lock on the key for the rest of
 * the transaction: two sends of one request at once make one ticket, the second answered with it.
 */
export async function ticketOfRequestKey(tx: Tx, userId: string, key: string): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-request:${userId}:${key}`}))`);
  const [row] = await tx
    .select({ id: ticketRequestKeys.ticket_id })
    .from(ticketRequestKeys)
    .where(
      and(
        eq(ticketRequestKeys.user_id, userId),
        eq(ticketRequestKeys.key, key),
        gt(ticketRequestKeys.created_at, sql`now() - ${REQUEST_KEY_TTL}`),
      ),
    );
  return row?.id ?? null;
}

/** Remembers which ticket the key made (an expired key of the same person is taken over). */
export async function rememberRequestKey(tx: Tx, userId: string, key: string, ticketId: string) {
  await tx
    .insert(ticketRequestKeys)
    .values({ user_id: userId, key, ticket_id: ticketId })
    .onConflictDoUpdate({
      target: [ticketRequestKeys.user_id, ticketRequestKeys.key],
      set: { ticket_id: ticketId, created_at: sql`now()` },
    });
}
