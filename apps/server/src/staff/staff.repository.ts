import { and, asc, eq, gt, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES, type Role } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { accountStates, staffInvitations, tickets, ticketStatuses, userRoles, users } from '../platform/db/schema.ts';

/** Everyone holding a staff role, with all their roles and whether they may sign in (one pass over user_roles). */
const staffSet = sql`select u.id, u.full_name, u.email, u.created_at, s.state,
    json_agg(r.role order by r.role) as roles
  from ${userRoles} r join ${users} u on u.id = r.user_id left join ${accountStates} s on s.user_id = u.id
  group by u.id, s.state
  having bool_or(r.role in (${sql.join(
    STAFF_ROLES.map((role) => sql`${role}`),
    sql`, `,
  )}))`;

const staffRow = rowSchema({
  id: col.text(),
  full_name: col.text(),
  email: col.text(),
  created_at: col.timestamp(),
  state: col.text().nullable(),
  roles: col.json(),
});

export interface StaffFilter {
  /** Patterns (containsPattern) each of which the name or the e-mail must match. */
  words: string[];
  role?: Role | undefined;
  /** One person. */
  id?: string;
}

function staffWhere(f: StaffFilter, after?: { name: string; id: string }): SQL {
  const where: SQL[] = f.words.map((w) => sql`(m.full_name ilike ${w} or m.email ilike ${w})`);
  if (f.role) where.push(sql`m.roles::jsonb ? ${f.role}`);
  if (f.id) where.push(sql`m.id = ${f.id}`);
  if (after) where.push(sql`(m.full_name, m.id) > (${after.name}, ${after.id})`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/** One page of the staff matching `f`, by name, after `after` (the last row of the page before). */
export async function listStaff(
  db: Tx,
  f: StaffFilter,
  after: { name: string; id: string } | undefined,
  limit: number,
) {
  const found = await rows(
    db,
    staffRow,
    sql`select * from (${staffSet}) m ${staffWhere(f, after)} order by m.full_name, m.id limit ${limit}`,
  );
  return found.map((m) => ({ ...m, roles: m.roles as Role[] }));
}

export async function countStaff(db: Tx, f: StaffFilter): Promise<number> {
  const [row] = await rows(
    db,
    rowSchema({ n: col.int() }),
    sql`select count(*) as n from (${staffSet}) m ${staffWhere(f)}`,
  );
  return row?.n ?? 0;
}

export async function findStaff(db: Tx, id: string) {
  return (await listStaffWhere(db, id))[0] ?? null;
}

async function listStaffWhere(db: Tx, id: string) {
  const all = await db
    .select({ id: users.id, login_role: users.login_role, state: accountStates.state })
    .from(users)
    .leftJoin(accountStates, eq(accountStates.user_id, users.id))
    .where(eq(users.id, id));
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, id))).map(
    (r) => r.role as Role,
  );
  return all.filter(() => roles.some((r) => r !== 'Customer')).map((u) => ({ ...u, roles }));
}

/** Serialises changes that could remove the last Admin (two Admins demoting each other at once). */
export async function lockAdmins(db: Tx) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('staff-admins'))`);
}

/** Active Admins other than `except`. */
export async function otherActiveAdmins(db: Tx, except: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .leftJoin(accountStates, eq(accountStates.user_id, userRoles.user_id))
    .where(and(eq(userRoles.role, 'Admin'), ne(userRoles.user_id, except), isNull(accountStates.user_id)));
  return row?.n ?? 0;
}

/** Replaces a member's roles; the login role stays when still held, else becomes the first. */
export async function setRoles(db: Tx, userId: string, roles: Role[], loginRole: string) {
  await db.delete(userRoles).where(eq(userRoles.user_id, userId));
  await db.insert(userRoles).values(roles.map((role) => ({ user_id: userId, role })));
  const next = roles.includes(loginRole as Role) ? loginRole : roles[0]!;
  await db.update(users).set({ login_role: next, updated_at: new Date() }).where(eq(users.id, userId));
}

/** Tickets still assigned to the member and not done or cancelled: to reassign. */
export async function openTicketsOf(db: Tx, userId: string) {
  return db
    .select({ id: tickets.id, name: tickets.name, status: tickets.status })
    .from(tickets)
    .innerJoin(ticketStatuses, eq(ticketStatuses.name, tickets.status))
    .where(and(eq(tickets.assignee_id, userId), notInArray(ticketStatuses.category, ['done', 'cancelled'])))
    .orderBy(asc(tickets.number));
}

export async function emailInUse(db: Tx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!row;
}

export async function pendingInvitations(db: Tx) {
  return db
    .select()
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.accepted_at),
        isNull(staffInvitations.revoked_at),
        gt(staffInvitations.expires_at, new Date()),
      ),
    )
    .orderBy(asc(staffInvitations.created_at));
}

/** A new invitation for an address replaces the ones before it. */
export async function insertInvitation(db: Tx, row: typeof staffInvitations.$inferInsert) {
  await db
    .update(staffInvitations)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(staffInvitations.email, row.email),
        isNull(staffInvitations.accepted_at),
        isNull(staffInvitations.revoked_at),
      ),
    );
  const [created] = await db.insert(staffInvitations).values(row).returning();
  return created!;
}

/** Not accepted and not revoked (expired or not): what an Admin may still resend or revoke. */
const stillPending = () => and(isNull(staffInvitations.accepted_at), isNull(staffInvitations.revoked_at));

export async function findPendingInvitation(db: Tx, id: string) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), stillPending()));
  return row ?? null;
}

/** Ends a pending invitation: its link is refused from this moment (consumeInvitation reads revoked_at). */
export async function revokeInvitation(db: Tx, id: string) {
  const [row] = await db
    .update(staffInvitations)
    .set({ revoked_at: new Date() })
    .where(and(eq(staffInvitations.id, id), stillPending()))
    .returning();
  return row ?? null;
}

/**
 * A new token and expiry for a pending invitation, unless it was resent after `resentBy` (a resend sets the expiry
 * to that moment plus `ttlMs`; the first sending sets it to created_at plus `ttlMs`, which is no resend): two
 * resends at once cannot both pass the cooldown. The old token's hash is gone, so its link is refused from now on.
 */
export async function renewInvitation(
  db: Tx,
  id: string,
  renewal: { token_hash: string; expires_at: Date },
  cooldown: { resentBy: Date; ttlMs: number },
) {
  const lastSent = sql`${staffInvitations.expires_at} - make_interval(secs => ${cooldown.ttlMs / 1000})`;
  const [row] = await db
    .update(staffInvitations)
    .set(renewal)
    .where(
      and(
        eq(staffInvitations.id, id),
        stillPending(),
        sql`(${lastSent} <= ${staffInvitations.created_at} or ${lastSent} <= ${cooldown.resentBy.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The invitation a token names, whatever its state: to say why it was refused. */
export async function invitationByToken(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      email: staffInvitations.email,
      roles: staffInvitations.roles,
      revoked_at: staffInvitations.revoked_at,
      accepted_at: staffInvitations.accepted_at,
      expires_at: staffInvitations.expires_at,
    })
    .from(staffInvitations)
    .where(eq(staffInvitations.token_hash, tokenHash));
  return row ?? null;
}

/** Spends the invitation, only if unused, not revoked and unexpired: single use under races. */
export async function consumeInvitation(db: Tx, tokenHash: string) {
  const [row] = await db
    .update(staffInvitations)
    .set({ accepted_at: new Date() })
    .where(
      and(
        eq(staffInvitations.token_hash, tokenHash),
        isNull(staffInvitations.accepted_at),
        isNull(staffInvitations.revoked_at),
        gt(staffInvitations.expires_at, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markAccepted(db: Tx, id: string, userId: string) {
  await db.update(staffInvitations).set({ accepted_user_id: userId }).where(eq(staffInvitations.id, id));
}
