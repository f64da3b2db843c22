import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { OPEN_LETTER_STATES, type StaffDashboard } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { engagementLetters, tickets, users } from '../platform/db/schema.ts';

type Unsigned = NonNullable<StaffDashboard['unsigned_letters']>;
const L = engagementLetters;

/** Letters sent and not yet signed nor expired at `now` (docs/decisions/0036): how many, and the `limit` oldest. */
export async function unsignedLetters(db: Tx, now: Date, limit: number): Promise<Unsigned> {
  const open = and(inArray(L.state, [...OPEN_LETTER_STATES]), gt(L.expires_at, now));
  const [total] = await db.select({ n: count() }).from(L).where(open);
  const rows = await db
    .select({
      id: L.id,
      customer_name: users.full_name,
      ticket_name: tickets.name,
      tax_year: L.tax_year,
      state: L.state,
      sent_at: L.sent_at,
      expires_at: L.expires_at,
    })
    .from(L)
    .innerJoin(users, eq(users.id, L.customer_id))
    .leftJoin(tickets, eq(tickets.id, L.ticket_id))
    .where(open)
    .orderBy(asc(L.sent_at), asc(L.id))
    .limit(limit);
  return {
    count: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      customer_name: r.customer_name,
      ticket_name: r.ticket_name ?? null,
      tax_year: r.tax_year,
      state: r.state as 'sent' | 'viewed',
      sent_at: r.sent_at!.toISOString(),
      expires_at: r.expires_at!.toISOString(),
    })),
  };
}
