import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  STAFF_MESSAGES,
  type EndpointBody,
  type InvitationPreview,
  type endpoints,
  type Language,
  type ListStaffQuery,
  type Role,
  type StaffInvitation,
  type StaffMember,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { createSession, type AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { containsPattern } from '../platform/db/like.ts';
import { keysetCursor } from '../platform/keyset-cursor.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { textsIn } from '../platform/i18n.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { createUser, endLogin, reopenLogin } from '../platform/users.ts';
import { firmName } from '../site/index.ts';
import * as repo from './staff.repository.ts';
import { isUniqueViolation } from '../platform/db/violations.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An invitation is resent at most once a minute (besides the route's per-address limit). */
const RESEND_COOLDOWN_MS = 60 * 1000;

export interface StaffDeps {
  db: Db;
  sessionSecret: Buffer;
  mailer: Mailer;
  publicUrl: string;
}

const memberView = (m: Awaited<ReturnType<typeof repo.listStaff>>[number]): StaffMember => ({
  id: m.id,
  full_name: m.full_name,
  email: m.email,
  roles: m.roles,
  state: m.state === 'deactivated' || m.state === 'closed' ? 'deactivated' : 'active',
  created_at: m.created_at.toISOString(),
});
const invitationView = (i: Awaited<ReturnType<typeof repo.pendingInvitations>>[number]): StaffInvitation => ({
  id: i.id,
  email: i.email,
  roles: i.roles as Role[],
  created_at: i.created_at.toISOString(),
  expires_at: i.expires_at.toISOString(),
});

const cursor = keysetCursor(z.object({ name: z.string(), id: z.string() }));

/** A page of the staff list (searched by every word of the name or e-mail, and by role) and the open invitations. */
export async function listStaff(db: Db, q: ListStaffQuery) {
  const filter = {
    words: (q.q ?? '').split(/\s+/).filter(Boolean).map(containsPattern),
    role: q.role,
  };
  const [found, total, invitations] = await Promise.all([
    repo.listStaff(db, filter, q.cursor ? cursor.decode(q.cursor) : undefined, q.limit + 1),
    repo.countStaff(db, filter),
    repo.pendingInvitations(db),
  ]);
  const page = found.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(memberView),
    next_cursor: found.length > q.limit && last ? cursor.encode({ name: last.full_name, id: last.id }) : null,
    total,
    invitations: invitations.map(invitationView),
  };
}

/**
 * An Admin changes a member's roles or deactivates them. Nobody deactivates themselves, and no change leaves the
 * portal without an active Admin (serialised by a lock, so two Admins demoting each other cannot both win).
 * Deactivation ends their sessions and API tokens at once (endLogin); roles follow in every session at once (the
 * role table's trigger revokes the cached principals).
 */
export async function updateStaff(
  deps: StaffDeps,
  auth: AuthContext,
  id: string,
  body: EndpointBody<typeof endpoints.updateStaff>,
) {
  await deps.db.transaction(async (tx) => {
    await repo.lockAdmins(tx);
    const member = await repo.findStaff(tx, id);
    if (!member) throw notFound(STAFF_MESSAGES.notStaff);
    const isActive = !member.state;
    const deactivating = body.active === false && isActive;
    const reactivating = body.active === true && member.state === 'deactivated';
    if (deactivating && id === auth.user.id) throw new AppError('conflict', STAFF_MESSAGES.notYourself);
    const losesAdmin =
      member.roles.includes('Admin') && isActive && (deactivating || (body.roles && !body.roles.includes('Admin')));
    if (losesAdmin && (await repo.otherActiveAdmins(tx, id)) === 0) {
      throw new AppError('conflict', STAFF_MESSAGES.lastAdmin);
    }
    if (body.roles) {
      const from = [...member.roles].sort();
      const to = [...(body.roles as Role[])].sort();
      if (from.join() !== to.join()) {
        await repo.setRoles(tx, id, body.roles as Role[], member.login_role);
        await audit(tx, {
          actorId: auth.user.id,
          action: 'staff.roles_changed',
          entityType: 'user',
          entityId: id,
          meta: { from, to },
        });
      }
    }
    if (deactivating) {
      await endLogin(tx, id, 'deactivated', auth.user.id);
      await audit(tx, { actorId: auth.user.id, action: 'staff.deactivated', entityType: 'user', entityId: id });
    }
    if (reactivating) {
      await reopenLogin(tx, id);
      await audit(tx, { actorId: auth.user.id, action: 'staff.reactivated', entityType: 'user', entityId: id });
    }
  });
  const [member] = await repo.listStaff(deps.db, { words: [], id }, undefined, 1);
  if (!member) throw notFound(STAFF_MESSAGES.notStaff); // its last staff role was taken away
  const view = memberView(member);
  return { member: view, open_tickets: view.state === 'deactivated' ? await repo.openTicketsOf(deps.db, id) : [] };
}

/** `language`: the inviting Admin's request's, which the mail is written in (the invited person has none yet). */
export async function inviteStaff(
  deps: StaffDeps,
  auth: AuthContext,
  body: { email: string; roles: Role[] },
  language: Language,
): Promise<StaffInvitation> {
  if (await repo.emailInUse(deps.db, body.email)) throw new AppError('conflict', STAFF_MESSAGES.alreadyUser);
  const token = randomToken(32);
  // One clock for both: a resend tells itself from the first sending by expires_at - created_at (resendInvitation).
  const now = Date.now();
  const created = await deps.db.transaction(async (tx) => {
    const row = await repo.insertInvitation(tx, {
      id: randomUUID(),
      token_hash: hmacHex(deps.sessionSecret, `invitation:${token}`),
      email: body.email,
      roles: body.roles,
      invited_by: auth.user.id,
      created_at: new Date(now),
      expires_at: new Date(now + INVITATION_TTL_MS),
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'staff.invited',
      entityType: 'staff_invitation',
      entityId: row.id,
      meta: { roles: body.roles },
    });
    return row;
  });
  await mailInvitation(deps, auth, { email: body.email, roles: body.roles }, token, language);
  return invitationView(created);
}

/** A role's name in a text (catalogue account.roles). */
const ROLE_TEXTS: Record<Role, string> = {
  Customer: 'account.roles.customer',
  Admin: 'account.roles.admin',
  'Customer Care Department': 'account.roles.customerCare',
  'Tax Preparer': 'account.roles.taxPreparer',
  Reviewer: 'account.roles.reviewer',
};

/** The invitation e-mail, the same for the first sending and every resend: the link holds the token. */
async function mailInvitation(
  deps: StaffDeps,
  auth: AuthContext,
  to: { email: string; roles: Role[] },
  token: string,
  language: Language,
) {
  const t = textsIn(language);
  const firm = await firmName(deps.db);
  const roles = to.roles.map((r) => t(ROLE_TEXTS[r])).join(', ');
  await deps.mailer.send({
    to: to.email,
    subject: t('account.staffInvitation.subject', { firm }),
    text: [
      t('mail.helloNoName'),
      '',
      t('account.staffInvitation.body', { inviter: auth.user.full_name, firm, roles }),
      t('account.staffInvitation.link'),
      `${deps.publicUrl}/accept-invitation?token=${token}`,
      '',
      t('account.staffInvitation.ignore'),
    ].join('\n'),
    secrets: [token],
  });
}

/** An Admin withdraws a pending invitation: accepting it is refused from this moment (invitationRevoked). */
export async function revokeInvitation(deps: StaffDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeInvitation(tx, id);
    if (!revoked) throw notFound(STAFF_MESSAGES.invitationNotFound);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'staff.invitation_revoked',
      entityType: 'staff_invitation',
      entityId: id,
      meta: { roles: revoked.roles },
    });
  });
}

/**
 * An Admin mails a pending invitation again (it got lost, or expired): a new token, so the old link is refused at
 * once, and 7 days from now. The invitation keeps its id and roles. The first resend may follow the invitation at
 * once (the person says nothing came); the next waits a minute after it. No column counts resends: a resend is when
 * the expiry less the time to live lies after created_at (both set from one clock, inviteStaff), and that is when
 * it was last resent.
 */
export async function resendInvitation(
  deps: StaffDeps,
  auth: AuthContext,
  id: string,
  language: Language,
): Promise<StaffInvitation> {
  const pending = await repo.findPendingInvitation(deps.db, id);
  if (!pending) throw notFound(STAFF_MESSAGES.invitationNotFound);
  if (await repo.emailInUse(deps.db, pending.email)) throw new AppError('conflict', STAFF_MESSAGES.alreadyUser);
  const now = Date.now();
  const resentBy = new Date(now - RESEND_COOLDOWN_MS);
  /** The refusal while the last resend is less than a minute old; null if it may go. */
  const tooSoon = (i: { created_at: Date; expires_at: Date }) => {
    const lastResent = i.expires_at.getTime() - INVITATION_TTL_MS;
    if (lastResent <= i.created_at.getTime() || lastResent <= resentBy.getTime()) return null;
    const wait = Math.max(1, Math.ceil((lastResent + RESEND_COOLDOWN_MS - now) / 1000));
    return new AppError('rate_limited', STAFF_MESSAGES.resendTooSoon, { headers: { 'retry-after': String(wait) } });
  };
  const early = tooSoon(pending);
  if (early) throw early;
  const token = randomToken(32);
  const renewed = await deps.db.transaction(async (tx) => {
    const row = await repo.renewInvitation(
      tx,
      id,
      { token_hash: hmacHex(deps.sessionSecret, `invitation:${token}`), expires_at: new Date(now + INVITATION_TTL_MS) },
      { resentBy, ttlMs: INVITATION_TTL_MS },
    );
    if (!row) {
      // Accepted, revoked or resent by someone else since it was read.
      const current = await repo.findPendingInvitation(tx, id);
      throw (current && tooSoon(current)) ?? notFound(STAFF_MESSAGES.invitationNotFound);
    }
    await audit(tx, {
      actorId: auth.user.id,
      action: 'staff.invitation_resent',
      entityType: 'staff_invitation',
      entityId: id,
      meta: { roles: row.roles },
    });
    return row;
  });
  await mailInvitation(deps, auth, { email: renewed.email, roles: renewed.roles as Role[] }, token, language);
  return invitationView(renewed);
}

/** Why a link cannot be accepted: a withdrawn one says so; an unknown, spent, expired or resent one does not say which. */
const refusedDetail = (refused: { revoked_at: Date | null } | null) =>
  refused?.revoked_at ? STAFF_MESSAGES.invitationRevoked : STAFF_MESSAGES.invitationInvalid;

/**
 * What an invitation link is for, before the person types anything: refused exactly as accepting it would be, so a
 * withdrawn or replaced link says so on arrival rather than after a name and password.
 */
export async function checkInvitation(deps: StaffDeps, token: string): Promise<InvitationPreview> {
  const found = await repo.invitationByToken(deps.db, hmacHex(deps.sessionSecret, `invitation:${token}`));
  if (!found || found.revoked_at || found.accepted_at || found.expires_at.getTime() <= Date.now()) {
    throw new AppError('bad_request', refusedDetail(found));
  }
  return {
    email: found.email,
    roles: found.roles as InvitationPreview['roles'],
    firm_name: await firmName(deps.db),
    expires_at: found.expires_at.toISOString(),
  };
}

/** The invited person sets their name and password; the account is made with the invited roles and signed in. */
export async function acceptInvitation(
  deps: StaffDeps,
  body: { token: string; full_name: string; password: string },
  meta: { ip: string; userAgent?: string | undefined },
) {
  const tokenHash = hmacHex(deps.sessionSecret, `invitation:${body.token}`);
  // One transaction: an account that exists by now (the address became a customer's) is refused (409) and the
  // invitation stays pending, for an Admin to see and withdraw; it is not used up by the refusal.
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const invitation = await repo.consumeInvitation(tx, tokenHash);
      if (!invitation) {
        throw new AppError('bad_request', refusedDetail(await repo.invitationByToken(tx, tokenHash)));
      }
      const roles = invitation.roles as Role[];
      const id = await createUser(tx, {
        email: invitation.email,
        full_name: body.full_name,
        password: body.password,
        roles,
      });
      await repo.markAccepted(tx, invitation.id, id);
      await audit(tx, {
        actorId: id,
        action: 'staff.invitation_accepted',
        entityType: 'staff_invitation',
        entityId: invitation.id,
        meta: { roles },
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', MESSAGES.emailTaken);
    throw err;
  }
  const session = await createSession(deps.db, deps.sessionSecret, userId, meta);
  return { session, userId };
}
