import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { HouseholdRole } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { householdInvitations, householdMembers, households, userRoles, users } from '../platform/db/schema.ts';

export interface HouseholdMember {
  user_id: string;
  role: HouseholdRole;
  full_name: string;
  email: string;
  joined_at: Date;
}

export interface Household {
  id: string;
  /** The primary first, then the spouse. */
  members: HouseholdMember[];
}

/** The household a person belongs to, with its members (primary first), or null when they belong to none. */
export async function householdOf(db: Tx, userId: string): Promise<Household | null> {
  const [mine] = await db
    .select({ household_id: householdMembers.household_id })
    .from(householdMembers)
    .where(eq(householdMembers.user_id, userId));
  if (!mine) return null;
  const rows = await db
    .select({
      user_id: householdMembers.user_id,
      role: householdMembers.role,
      full_name: users.full_name,
      email: users.email,
      joined_at: householdMembers.created_at,
    })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.user_id))
    .where(eq(householdMembers.household_id, mine.household_id));
  const members = rows
    .map((r) => ({ ...r, role: (r.role === 'primary' ? 'primary' : 'spouse') as HouseholdRole }))
    .sort((a, b) =>
      a.role === b.role ? a.joined_at.getTime() - b.joined_at.getTime() : a.role === 'primary' ? -1 : 1,
    );
  return { id: mine.household_id, members };
}

/** The other member of a person's household (their spouse), or null. */
export async function spouseOf(db: Tx, userId: string): Promise<HouseholdMember | null> {
  const household = await householdOf(db, userId);
  return household?.members.find((m) => m.user_id !== userId) ?? null;
}

/**
 * Serialises the changes of membership that concern these people (an acceptance, a leave, an invitation) for the
 * rest of the transaction: two acceptances at once make one household, never a person in two.
 */
export async function lockPeople(tx: Tx, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`household:${id}`}))`);
}

/** New households of two, in two statements (an acceptance makes one; the client import, a batch's). */
export async function insertHouseholds(tx: Tx, values: { id: string; primary: string; spouse: string }[]) {
  if (!values.length) return;
  await tx.insert(households).values(values.map((h) => ({ id: h.id })));
  await tx.insert(householdMembers).values(
    values.flatMap((h) => [
      { household_id: h.id, user_id: h.primary, role: 'primary' },
      { household_id: h.id, user_id: h.spouse, role: 'spouse' },
    ]),
  );
}

/** Ends a household: a household of one is none, so both members go (the rows cascade). */
export async function deleteHousehold(tx: Tx, id: string): Promise<void> {
  await tx.delete(households).where(eq(households.id, id));
}

/** An account by e-mail (lower-cased already), with whether it is a customer's. */
export async function accountByEmail(db: Tx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      customer: sql<boolean>`exists(select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = 'Customer')`,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export type InvitationRow = typeof householdInvitations.$inferSelect;

export async function insertInvitation(tx: Tx, values: typeof householdInvitations.$inferInsert): Promise<void> {
  await tx.insert(householdInvitations).values(values);
}

export async function findInvitation(db: Tx, id: string, opts: { lock?: boolean } = {}): Promise<InvitationRow | null> {
  const q = db.select().from(householdInvitations).where(eq(householdInvitations.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The invitation a join link names (the HMAC of its token), locked when asked. */
export async function invitationByTokenHash(
  db: Tx,
  tokenHash: string,
  opts: { lock?: boolean } = {},
): Promise<InvitationRow | null> {
  const q = db.select().from(householdInvitations).where(eq(householdInvitations.token_hash, tokenHash));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * Pending join-link invitations to `email` (no account then) become `userId`'s: their links end, and they are
 * answered signed in. Returns how many.
 */
export async function claimJoinInvitations(db: Tx, userId: string, email: string, now: Date): Promise<number> {
  const claimed = await db
    .update(householdInvitations)
    .set({ invitee_id: userId, token_hash: null })
    .where(
      and(
        eq(householdInvitations.email, email),
        isNull(householdInvitations.invitee_id),
        isNotNull(householdInvitations.token_hash),
        eq(householdInvitations.state, 'pending'),
        gt(householdInvitations.expires_at, now),
        ne(householdInvitations.inviter_id, userId),
      ),
    )
    .returning({ id: householdInvitations.id });
  return claimed.length;
}

export async function updateInvitation(
  tx: Tx,
  id: string,
  set: Partial<Pick<InvitationRow, 'state' | 'answered_at' | 'token_hash' | 'invitee_id'>>,
): Promise<void> {
  await tx.update(householdInvitations).set(set).where(eq(householdInvitations.id, id));
}

/** What `inviterId` sent that may still be answered (pending, or declined: it reads as pending to them). */
export async function openSentInvitations(db: Tx, inviterId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(householdInvitations)
    .where(
      and(
        eq(householdInvitations.inviter_id, inviterId),
        inArray(householdInvitations.state, ['pending', 'declined']),
        gt(householdInvitations.expires_at, now),
      ),
    )
    .orderBy(desc(householdInvitations.created_at));
}

/** Every invitation `inviterId` sent that is still pending, whatever its expiry (to end them). */
export async function pendingSentInvitations(tx: Tx, inviterId: string): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(householdInvitations)
    .where(and(eq(householdInvitations.inviter_id, inviterId), eq(householdInvitations.state, 'pending')));
}

/** Invitations to `inviteeId` they may answer now, with who sent them. */
export async function receivedInvitations(db: Tx, inviteeId: string, now: Date) {
  return db
    .select({
      id: householdInvitations.id,
      created_at: householdInvitations.created_at,
      expires_at: householdInvitations.expires_at,
      from_name: users.full_name,
      from_email: users.email,
    })
    .from(householdInvitations)
    .innerJoin(users, eq(users.id, householdInvitations.inviter_id))
    .where(
      and(
        eq(householdInvitations.invitee_id, inviteeId),
        eq(householdInvitations.state, 'pending'),
        gt(householdInvitations.expires_at, now),
      ),
    )
    .orderBy(desc(householdInvitations.created_at));
}

/** How many invitations a person sent since `since` (a day's allowance). */
export async function invitationsSince(db: Tx, inviterId: string, since: Date): Promise<number> {
  return db.$count(
    householdInvitations,
    and(eq(householdInvitations.inviter_id, inviterId), gt(householdInvitations.created_at, since)),
  );
}
