import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { OfferRecipientState } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { accountStates, offerRecipients, offers, userRoles, users } from '../platform/db/schema.ts';

const isCustomer = sql`exists(select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = 'Customer')`;
const isOpen = sql`not exists(select 1 from ${accountStates} s where s.user_id = ${users.id} and s.state = 'closed')`;

export type OfferRow = typeof offers.$inferSelect;

export interface Client {
  id: string;
  full_name: string;
  email: string;
}

/** The clients an audience names: every customer whose account is not closed, or those chosen (of them). */
export async function audienceClients(db: Tx, ids: string[] | null): Promise<Client[]> {
  return db
    .select({ id: users.id, full_name: users.full_name, email: users.email })
    .from(users)
    .where(and(isCustomer, isOpen, ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.email));
}

export async function insertOffer(tx: Tx, offer: typeof offers.$inferInsert) {
  await tx.insert(offers).values(offer);
}

/** One row per client, queued: the send job decides each (sent, skipped, failed). In chunks, for 20,000 clients. */
export async function insertRecipients(tx: Tx, offerId: string, clientIds: string[], newId: () => string) {
  for (let i = 0; i < clientIds.length; i += 1000)
    await tx.insert(offerRecipients).values(
      clientIds.slice(i, i + 1000).map((customer_id) => ({
        id: newId(),
        offer_id: offerId,
        customer_id,
        state: 'queued',
      })),
    );
}

export async function recipientIds(tx: Tx, offerId: string): Promise<string[]> {
  const found = await tx
    .select({ id: offerRecipients.id })
    .from(offerRecipients)
    .where(eq(offerRecipients.offer_id, offerId))
    .orderBy(offerRecipients.id);
  return found.map((r) => r.id);
}

/** A queued recipient, claimed for sending (its row locked until the caller's transaction ends). */
export async function claimQueued(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: offerRecipients.id,
      offer_id: offerRecipients.offer_id,
      customer_id: offerRecipients.customer_id,
      email: users.email,
      full_name: users.full_name,
      subject: offers.subject,
      body: offers.body,
    })
    .from(offerRecipients)
    .innerJoin(users, eq(users.id, offerRecipients.customer_id))
    .innerJoin(offers, eq(offers.id, offerRecipients.offer_id))
    .where(and(eq(offerRecipients.id, id), eq(offerRecipients.state, 'queued')))
    .for('update', { of: offerRecipients, skipLocked: true });
  return row;
}

export async function setRecipientState(db: Tx, id: string, state: OfferRecipientState, sentAt: Date | null) {
  await db.update(offerRecipients).set({ state, sent_at: sentAt }).where(eq(offerRecipients.id, id));
}

const countRow = rowSchema({ offer_id: col.text(), state: col.text(), n: col.int() });

export async function countsOf(db: Tx, offerIds: string[]) {
  if (!offerIds.length) return [];
  return rows(
    db,
    countRow,
    sql`select offer_id, state, count(*)::int as n from ${offerRecipients}
        where offer_id = any(${sql.param(offerIds)}::text[]) group by offer_id, state`,
  );
}

export async function latestOffers(db: Tx, limit: number) {
  return db
    .select({ offer: offers, created_by_name: users.full_name })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.created_by))
    .orderBy(desc(offers.created_at), desc(offers.id))
    .limit(limit);
}

export async function findOffer(db: Tx, id: string) {
  const [row] = await db
    .select({ offer: offers, created_by_name: users.full_name })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.created_by))
    .where(eq(offers.id, id));
  return row;
}

/** A page of an offer's recipients by e-mail (keyset: after `cursor`, an e-mail). */
export async function pageRecipients(
  db: Tx,
  offerId: string,
  state: OfferRecipientState | undefined,
  cursor: string,
  limit: number,
) {
  return db
    .select({
      customer_id: offerRecipients.customer_id,
      full_name: users.full_name,
      email: users.email,
      state: offerRecipients.state,
      sent_at: offerRecipients.sent_at,
    })
    .from(offerRecipients)
    .innerJoin(users, eq(users.id, offerRecipients.customer_id))
    .where(
      and(
        eq(offerRecipients.offer_id, offerId),
        state ? eq(offerRecipients.state, state) : undefined,
        cursor ? gt(users.email, cursor) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(limit);
}
