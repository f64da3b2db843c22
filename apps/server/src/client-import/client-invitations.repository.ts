import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { INVITATION_STATES, type InvitationState } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { clientInvitations, sessions, users } from '../platform/db/schema.ts';
import { z } from 'zod';

/** A not_sent invitation's reason when our own mail server could not take it (retried by the job). */
export const MAIL_UNREACHABLE = 'mail_unreachable';

const invitationRow = rowSchema({
  id: col.text(),
  user_id: col.text(),
  full_name: col.text(),
  email: col.text(),
  phone: col.text().nullable(),
  channel: col.text(),
  state: z.enum(INVITATION_STATES),
  sends: col.int(),
  sent_at: col.timestamp().nullable(),
  opened_at: col.timestamp().nullable(),
  expires_at: col.timestamp().nullable(),
  not_sent_reason: col.text().nullable(),
});
export type InvitationRow = z.output<typeof invitationRow>;

/**
 * An invitation with its state as staff read it: joined once the account has a password or a session (whatever
 * link or way it came in by), else bounced, opened (its link reached someone, even one not_sent: a developer's
 * terminal) or as sent.
 */
const withState = (importId: string) => sql`
  select i.id, i.user_id, u.full_name, u.email, u.phone, i.channel, i.sends, i.sent_at, i.opened_at, i.expires_at,
    i.not_sent_reason, case
      when u.password_hash is not null or exists (select 1 from ${sessions} s where s.user_id = u.id) then 'joined'
      when i.state = 'bounced' then 'bounced'
      when i.state in ('sent', 'not_sent') and i.opened_at is not null then 'opened'
      else i.state
    end as state
  from ${clientInvitations} i join ${users} u on u.id = i.user_id
  where i.import_id = ${importId}`;

/** A page of an import's invitations by e-mail (keyset), optionally of one state. */
export async function pageInvitations(
  tx: Tx,
  importId: string,
  state: InvitationState | undefined,
  after: string,
  limit: number,
) {
  return rows(
    tx,
    invitationRow,
    sql`select * from (${withState(importId)}) x
        where x.email > ${after} ${state ? sql`and x.state = ${state}` : sql``}
        order by x.email limit ${limit}`,
  );
}

export async function invitationView(tx: Tx, importId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await rows(tx, invitationRow, sql`select * from (${withState(importId)}) x where x.id = ${id}`);
  return row ?? null;
}

export async function countByState(tx: Tx, importId: string) {
  const found = await rows(
    tx,
    rowSchema({ state: z.enum(INVITATION_STATES), n: col.int() }),
    sql`select x.state, count(*) as n from (${withState(importId)}) x group by x.state`,
  );
  return Object.fromEntries(INVITATION_STATES.map((s) => [s, found.find((f) => f.state === s)?.n ?? 0])) as Record<
    InvitationState,
    number
  >;
}

/** The import's invitations by client, with their state as staff read it. */
export async function invitedUsers(tx: Tx, importId: string): Promise<Map<string, InvitationRow>> {
  const found = await rows(tx, invitationRow, sql`select * from (${withState(importId)}) x`);
  return new Map(found.map((r) => [r.user_id, r]));
}

export async function insertInvitations(tx: Tx, values: (typeof clientInvitations.$inferInsert)[]) {
  for (let i = 0; i < values.length; i += 1000) await tx.insert(clientInvitations).values(values.slice(i, i + 1000));
}

export async function findInvitation(tx: Tx, importId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(clientInvitations)
    .where(and(eq(clientInvitations.import_id, importId), eq(clientInvitations.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Invitations not opened (sent, bounced or not sent) of people who have not joined. */
export async function unopenedInvitations(tx: Tx, importId: string) {
  return rows(
    tx,
    invitationRow,
    sql`select * from (${withState(importId)}) x where x.state in ('sent', 'bounced', 'not_sent')`,
  );
}

export async function claimQueued(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ invitation: clientInvitations, email: users.email, full_name: users.full_name, phone: users.phone })
    .from(clientInvitations)
    .innerJoin(users, eq(users.id, clientInvitations.user_id))
    .where(
      and(
        inArray(clientInvitations.id, ids),
        or(
          eq(clientInvitations.state, 'queued'),
          // Our mail server was down: the job's retry sends it (a resend meanwhile queued it anew).
          and(eq(clientInvitations.state, 'not_sent'), eq(clientInvitations.not_sent_reason, MAIL_UNREACHABLE)),
        ),
      ),
    )
    .for('update', { of: clientInvitations });
}

export async function updateInvitation(tx: Tx, id: string, set: Partial<typeof clientInvitations.$inferInsert>) {
  await tx.update(clientInvitations).set(set).where(eq(clientInvitations.id, id));
}

export async function findByTokenHash(tx: Tx, tokenHash: string) {
  const [row] = await tx.select().from(clientInvitations).where(eq(clientInvitations.token_hash, tokenHash));
  return row ?? null;
}

/** Whether the person has set a password or signed in (an invitation's "joined"). */
export async function hasJoined(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await rows(
    tx,
    rowSchema({ joined: col.bool() }),
    sql`select (u.password_hash is not null or exists (select 1 from ${sessions} s where s.user_id = u.id)) as joined
        from ${users} u where u.id = ${userId}`,
  );
  return row?.joined ?? false;
}
