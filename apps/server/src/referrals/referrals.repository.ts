import { and, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import {
  referralInvitations,
  referralSettings,
  referrals,
  siteSettings,
  userRoles,
  users,
} from '../platform/db/schema.ts';
import { newReferralCode } from '../platform/users.ts';

/** How deep a branch is followed: far beyond any real chain of friends, a bound on the recursion all the same. */
const MAX_DEPTH = 50;

/** The customer a code belongs to (codes of staff accounts refer no one). */
export async function findReferrerByCode(db: Tx, code: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role, 'Customer')))
    .where(eq(users.referral_code, code));
  return row ?? null;
}

/** Records who referred whom, once: a second attempt for the same person changes nothing. */
export async function insertReferral(db: Tx, referredId: string, referrerId: string): Promise<boolean> {
  const inserted = await db
    .insert(referrals)
    .values({ referred_id: referredId, referrer_id: referrerId })
    .onConflictDoNothing()
    .returning({ id: referrals.referred_id });
  return inserted.length > 0;
}

/** The person's code, given one first if they have none (accounts older than codes). */
export async function ensureReferralCode(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.referral_code }).from(users).where(eq(users.id, userId));
  if (!row) return null;
  if (row.code) return row.code;
  const [set] = await db
    .update(users)
    .set({ referral_code: newReferralCode() })
    .where(and(eq(users.id, userId), isNull(users.referral_code)))
    .returning({ code: users.referral_code });
  return set?.code ?? (await ensureReferralCode(db, userId));
}

export async function referralCodeOf(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.referral_code }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/**
 * Marks the referred customer's first payment, exactly once: the row lock makes a racing second payment wait
 * and then find `first_paid_at` set. Returns the referrer when this call was the first, else null.
 */
export async function markFirstPayment(db: Tx, referredId: string): Promise<{ referrer_id: string } | null> {
  const [row] = await db
    .update(referrals)
    .set({ first_paid_at: sql`now()` })
    .where(and(eq(referrals.referred_id, referredId), isNull(referrals.first_paid_at)))
    .returning({ referrer_id: referrals.referrer_id });
  return row ?? null;
}

export async function countsOf(db: Tx, referrerId: string) {
  const [reg] = await db
    .select({ registered: count(), paying: count(referrals.first_paid_at) })
    .from(referrals)
    .where(eq(referrals.referrer_id, referrerId));
  const [inv] = await db
    .select({ invited: count() })
    .from(referralInvitations)
    .where(eq(referralInvitations.referrer_id, referrerId));
  return { invited: inv?.invited ?? 0, registered: reg?.registered ?? 0, paying: reg?.paying ?? 0 };
}

export async function firstLevel(db: Tx, referrerId: string, limit: number) {
  return db
    .select({
      id: users.id,
      full_name: users.full_name,
      created_at: referrals.created_at,
      first_paid_at: referrals.first_paid_at,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referred_id))
    .where(eq(referrals.referrer_id, referrerId))
    .orderBy(desc(referrals.created_at), desc(referrals.referred_id))
    .limit(limit);
}

export async function getSettings(db: Tx) {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return row ?? null;
}

export async function saveSettings(db: Tx, rewardCents: number, updatedBy: string) {
  const [row] = await db
    .insert(referralSettings)
    .values({ id: 1, reward_cents: rewardCents, updated_by: updatedBy, updated_at: new Date() })
    .onConflictDoUpdate({
      target: referralSettings.id,
      set: { reward_cents: rewardCents, updated_by: updatedBy, updated_at: new Date() },
    })
    .returning();
  return row!;
}

/** The firm's currency (the public site's setting, as billing reads it). */
export async function currency(db: Tx): Promise<string> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'currency'));
  return typeof row?.value === 'string' && /^[A-Z]{3}$/.test(row.value) ? row.value : 'USD';
}

export async function insertInvitation(db: Tx, v: { id: string; referrer_id: string; email_hash: string }) {
  const inserted = await db
    .insert(referralInvitations)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: referralInvitations.id });
  return inserted.length > 0;
}

export async function invitationsSince(db: Tx, referrerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referralInvitations)
    .where(and(eq(referralInvitations.referrer_id, referrerId), gte(referralInvitations.created_at, since)));
  return row?.n ?? 0;
}

export async function userExists(db: Tx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

export async function findPerson(db: Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Whether `id` is `ancestorId` or below them in the tree (walks up from `id`). */
export async function isInBranch(db: Tx, ancestorId: string, id: string): Promise<boolean> {
  if (ancestorId === id) return true;
  const row = await firstRow(
    db,
    rowSchema({ found: col.bool() }),
    sql`with recursive up(id, depth) as (
          select r.referrer_id, 1 from ${referrals} r where r.referred_id = ${id}
          union all
          select r.referrer_id, up.depth + 1 from ${referrals} r join up on r.referred_id = up.id
          where up.depth < ${MAX_DEPTH}
        )
        select exists(select 1 from up where up.id = ${ancestorId}) as found`,
  );
  return row?.found ?? false;
}

const nodeRow = rowSchema({
  id: col.text(),
  parent_id: col.text().nullable(),
  depth: col.int(),
  full_name: col.text(),
  email: col.text(),
  joined_at: col.timestamp(),
  paying: col.bool(),
  referred_count: col.int(),
});
export type NodeRow = RowOf<typeof nodeRow.shape>;

/** Each node's person, whether they paid, and how many they referred. */
const describe = (tree: SQL) => sql`
  select t.id, t.parent_id, t.depth, u.full_name, u.email, coalesce(ref.created_at, u.created_at) as joined_at,
         (ref.first_paid_at is not null) as paying,
         (select count(*) from ${referrals} c where c.referrer_id = t.id)::int as referred_count
  from (${tree}) t
  join ${users} u on u.id = t.id
  left join ${referrals} ref on ref.referred_id = t.id`;

/**
 * The tree below the given tops, breadth first (so a cut leaves out the deepest people, never a parent of
 * someone shown), `limit` nodes at most.
 */
export async function branch(db: Tx, tops: SQL, limit: number): Promise<NodeRow[]> {
  const tree = sql`with recursive t(id, parent_id, depth) as (
      select top.id, null::text, 0 from (${tops}) top
      union all
      select r.referred_id, r.referrer_id, t.depth + 1 from ${referrals} r join t on r.referrer_id = t.id
      where t.depth < ${MAX_DEPTH}
    ) select * from t`;
  return rows(db, nodeRow, sql`${describe(tree)} order by t.depth, joined_at, t.id limit ${limit}`);
}

export const topOf = (id: string) => sql`select ${id}::text as id`;

/** Everyone who referred someone and was referred by no one: the tops of the whole tree. */
export const everyTop = () => sql`
  select distinct r.referrer_id as id from ${referrals} r
  where not exists (select 1 from ${referrals} p where p.referred_id = r.referrer_id)`;

/** People in the tree whose name or e-mail matches, with everyone above them (the matches marked). */
export async function search(db: Tx, pattern: string, limit: number): Promise<(NodeRow & { match: boolean })[]> {
  return rows(
    db,
    nodeRow.extend({ match: col.bool() }),
    sql`with recursive hits as (
          select u.id from ${users} u
          where (u.full_name ilike ${pattern} or u.email ilike ${pattern})
            and (exists (select 1 from ${referrals} r where r.referred_id = u.id)
                 or exists (select 1 from ${referrals} r where r.referrer_id = u.id))
          order by u.full_name, u.id
          limit ${limit}
        ), up(id) as (
          select h.id from hits h
          union
          select r.referrer_id from ${referrals} r join up on r.referred_id = up.id
        )
        select p.id, ref.referrer_id as parent_id, 0 as depth, u.full_name, u.email,
               coalesce(ref.created_at, u.created_at) as joined_at, (ref.first_paid_at is not null) as paying,
               (select count(*) from ${referrals} c where c.referrer_id = p.id)::int as referred_count,
               exists (select 1 from hits h where h.id = p.id) as match
        from up p
        join ${users} u on u.id = p.id
        left join ${referrals} ref on ref.referred_id = p.id
        order by joined_at, p.id`,
  );
}
