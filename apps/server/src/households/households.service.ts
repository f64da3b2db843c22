import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  HOUSEHOLD_DEPENDENT_MESSAGES,
  HOUSEHOLD_INVITATION_DAYS,
  HOUSEHOLD_MESSAGES as M,
  MAX_HOUSEHOLD_DEPENDENTS,
  type Household as HouseholdView,
  type InviteSpouseBody,
  type Language,
} from '@taxportal/contract';
import { revokeSetPasswordLink } from '../auth/index.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import { notifyUsers } from '../notifications/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { Mailer, MailMessage } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import { savedLanguage } from '../platform/users.ts';
import * as dependentsRepo from './dependents.repository.ts';
import * as repo from './households.repository.ts';

export interface HouseholdsDeps {
  db: Db;
  hub: RealtimeHub;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Keys the set-password link of an account made for a new e-mail (auth's). */
  sessionSecret: Buffer;
  firmName: (db: Tx) => Promise<string>;
}

/** Invitations one customer may send a day: a few mistakes, never a mailing list. */
const INVITATIONS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where an invited person accepts, signed in as themselves. */
const HOUSEHOLD_PAGE = '/my-profile/household';
/** Where the invited person of an e-mail without an account chooses their password and joins. */
const JOIN_PAGE = '/join-household';

/** The stored form of a join link's token (its own HMAC domain: no other link's token opens it). */
export const joinTokenHash = (deps: Pick<HouseholdsDeps, 'sessionSecret'>, token: string): string =>
  hmacHex(deps.sessionSecret, `household-join:${token}`);

/**
 * GET /api/v1/household: the caller's household. First, invitations mailed to the caller's e-mail before it had an
 * account (a join link not followed: they registered instead) become theirs to accept, as an existing customer's are.
 */
export async function readHousehold(deps: HouseholdsDeps, auth: AuthContext): Promise<HouseholdView> {
  if (await repo.claimJoinInvitations(deps.db, auth.user.id, auth.user.email.toLowerCase(), new Date()))
    return deps.db.transaction((tx) => householdView(tx, auth.user.id));
  return householdView(deps.db, auth.user.id);
}

/** The caller's household as they read it (GET /api/v1/household and every change's answer). */
export async function householdView(db: Tx, userId: string): Promise<HouseholdView> {
  const now = new Date();
  const [household, sent, received] = await Promise.all([
    repo.householdOf(db, userId),
    repo.openSentInvitations(db, userId, now),
    repo.receivedInvitations(db, userId, now),
  ]);
  return {
    members: (household?.members ?? []).map((m) => ({
      id: m.user_id,
      full_name: m.full_name,
      email: m.email,
      role: m.role,
      joined_at: m.joined_at.toISOString(),
    })),
    sent: sent.map((i) => ({
      id: i.id,
      full_name: i.full_name,
      email: i.email,
      created_at: i.created_at.toISOString(),
      expires_at: i.expires_at.toISOString(),
    })),
    // In a household, nothing can be accepted (joining another means leaving first): none are offered.
    received: (household ? [] : received).map((i) => ({
      id: i.id,
      from: { full_name: i.from_name, email: i.from_email },
      created_at: i.created_at.toISOString(),
      expires_at: i.expires_at.toISOString(),
    })),
  };
}

/**
 * Ends an invitation still pending: its state and its link (a join link dies with `token_hash`; an invitation from
 * before 0038 had an account made for it, whose set-password link ends too).
 */
async function endInvitation(tx: Tx, invitation: repo.InvitationRow, state: 'revoked' | 'declined') {
  if (invitation.token_hash) await revokeSetPasswordLink(tx, invitation.token_hash);
  await repo.updateInvitation(tx, invitation.id, { state, answered_at: new Date(), token_hash: null });
}

/**
 * A customer invites their spouse (docs/decisions/0032). The answer is the same whatever the e-mail is: a customer's
 * (mailed, and told in the portal, to accept signed in), nobody's (mailed a join link, hashed, 7 days: the account is
 * made when they follow it), or a staff account's (nothing is sent; it just expires).
 * One invitation at a time: a new one ends the one before. Refused: the caller's own e-mail, a caller in a household.
 */
export async function inviteSpouse(
  deps: HouseholdsDeps,
  auth: AuthContext,
  body: InviteSpouseBody,
  ip: string,
  language: Language,
): Promise<HouseholdView> {
  const email = body.email.trim().toLowerCase();
  const name = body.full_name.trim();
  if (email === auth.user.email.toLowerCase()) throw fieldError('email', M.ownEmail);
  const firm = await deps.firmName(deps.db);
  let mail: MailMessage | null = null;
  let notify: (() => Promise<void>) | null = null;
  const view = await deps.db.transaction(async (tx) => {
    await repo.lockPeople(tx, [auth.user.id]);
    if (await repo.householdOf(tx, auth.user.id)) throw new AppError('conflict', M.householdFull);
    if ((await repo.invitationsSince(tx, auth.user.id, new Date(Date.now() - DAY_MS))) >= INVITATIONS_PER_DAY) {
      throw new AppError('rate_limited', M.tooManyInvitations, {
        headers: { 'retry-after': '3600' },
        params: { max: INVITATIONS_PER_DAY },
      });
    }
    for (const earlier of await repo.pendingSentInvitations(tx, auth.user.id))
      await endInvitation(tx, earlier, 'revoked');

    const id = randomUUID();
    const account = await repo.accountByEmail(tx, email);
    let inviteeId: string | null = null;
    let tokenHash: string | null = null;
    const expiresAt = new Date(Date.now() + HOUSEHOLD_INVITATION_DAYS * DAY_MS);
    let link: string | null = null;
    let token: string | null = null;
    let mailLanguage = language;
    if (!account) {
      // No account is made now (it would hold the address for someone who may never come, or whom the firm invites
      // as staff meanwhile): the join link makes it when its person chooses a password.
      token = randomToken(32);
      tokenHash = joinTokenHash(deps, token);
      link = `${deps.publicUrl}${JOIN_PAGE}?token=${token}`;
    } else if (account.customer && !(await repo.householdOf(tx, account.id))) {
      // A customer in a household already could not accept (they leave first): like a staff address, nothing is
      // sent, the invitation just expires, and the answer is the same.
      inviteeId = account.id;
      link = `${deps.publicUrl}${HOUSEHOLD_PAGE}`;
      mailLanguage = recipientLanguage(await savedLanguage(tx, account.id));
    }
    await repo.insertInvitation(tx, {
      id,
      inviter_id: auth.user.id,
      invitee_id: inviteeId,
      full_name: name,
      email,
      token_hash: tokenHash,
      expires_at: expiresAt,
    });
    // The entry names the invitation, not the address: the audit log tells staff nothing an answer would not.
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.invited',
      entityType: 'household_invitation',
      entityId: id,
      ip,
    });
    if (link) {
      const t = textsIn(mailLanguage);
      const from = auth.user.full_name;
      mail = {
        to: email,
        subject: t('households.invitation.subject', { name: from, firm }),
        text: [
          t('mail.hello', { name }),
          '',
          t('households.invitation.body', { name: from, firm }),
          '',
          t(account ? 'households.invitation.existing' : 'households.invitation.newAccount'),
          link,
          '',
          t('households.invitation.ignore', { name: from }),
        ].join('\n'),
        secrets: token ? [token] : [],
      };
      if (inviteeId)
        notify = await notifyUsers(tx, deps, [inviteeId], {
          kind: 'household',
          write: (say) => ({
            title: say('households.notices.invitedTitle', { name: from }),
            body: say('households.notices.invitedBody'),
          }),
        });
    }
    return householdView(tx, auth.user.id);
  });
  await afterCommit(deps, mail, notify);
  return view;
}

/** Mail and live notices after the commit: never the request's failure (the change is made). */
export async function afterCommit(
  deps: HouseholdsDeps,
  mail: MailMessage | null,
  notify: (() => Promise<void>) | null,
) {
  try {
    if (mail) await deps.mailer.send(mail);
    if (notify) await notify();
  } catch (err) {
    deps.log.error({ err: (err as Error).message }, 'household follow-up failed');
  }
}

/** The caller's own invitation by id; 404 for anyone else's (its existence is not theirs to learn). */
async function sentBy(tx: Tx, auth: AuthContext, id: string) {
  const invitation = await repo.findInvitation(tx, id, { lock: true });
  if (!invitation || invitation.inviter_id !== auth.user.id) throw notFound(M.invitationNotFound);
  return invitation;
}

async function sentTo(tx: Tx, auth: AuthContext, id: string) {
  const invitation = await repo.findInvitation(tx, id, { lock: true });
  if (!invitation || invitation.invitee_id !== auth.user.id) throw notFound(M.invitationNotFound);
  return invitation;
}

export const isOpen = (i: repo.InvitationRow) => i.state === 'pending' && i.expires_at.getTime() > Date.now();

/** The inviter withdraws an invitation (a declined one too: to them it reads as pending). Accepted: leave instead. */
export async function revokeInvitation(deps: HouseholdsDeps, auth: AuthContext, id: string, ip: string) {
  await deps.db.transaction(async (tx) => {
    const invitation = await sentBy(tx, auth, id);
    if (invitation.state === 'accepted') throw new AppError('conflict', M.invitationEnded);
    if (invitation.state !== 'pending') return;
    await endInvitation(tx, invitation, 'revoked');
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.invitation_revoked',
      entityType: 'household_invitation',
      entityId: id,
      ip,
    });
  });
}

/**
 * The invited person, signed in as themselves, joins the inviter's household: once (single use), while it is
 * pending and unexpired, neither of them in a household. The inviter becomes its primary member, the invitee the
 * spouse; the inviter's other pending invitations end, as do the invitee's own.
 */
export async function acceptInvitation(deps: HouseholdsDeps, auth: AuthContext, id: string, ip: string) {
  let notify: (() => Promise<void>) | null = null;
  const view = await deps.db.transaction(async (tx) => {
    const invitation = await sentTo(tx, auth, id);
    // Accepted already (a double tap, a second tab): the answer the first one had.
    if (invitation.state === 'accepted') {
      const household = await repo.householdOf(tx, auth.user.id);
      if (household?.members.some((m) => m.user_id === invitation.inviter_id)) return householdView(tx, auth.user.id);
    }
    notify = await joinInviter(tx, deps, id, { id: auth.user.id, full_name: auth.user.full_name }, ip);
    return householdView(tx, auth.user.id);
  });
  await afterCommit(deps, null, notify);
  return view;
}

/**
 * `person` joins the household of invitation `id`'s inviter, in the caller's transaction (an accepted invitation,
 * or a join link whose account was just made): once, while it is pending and unexpired, neither of them in a
 * household, their dependents together within the limit. Answers the inviter's notice, to send after the commit.
 */
export async function joinInviter(
  tx: Tx,
  deps: HouseholdsDeps,
  id: string,
  person: { id: string; full_name: string },
  ip: string,
): Promise<() => Promise<void>> {
  const first = (await repo.findInvitation(tx, id))!;
  await repo.lockPeople(tx, [first.inviter_id, person.id]);
  const invitation = (await repo.findInvitation(tx, id, { lock: true }))!;
  if (!isOpen(invitation)) throw new AppError('conflict', M.invitationEnded);
  if (await repo.householdOf(tx, person.id)) throw new AppError('conflict', M.alreadyInHousehold);
  if (await repo.householdOf(tx, invitation.inviter_id)) throw new AppError('conflict', M.invitationEnded);
  // The household keeps at most MAX_HOUSEHOLD_DEPENDENTS: two lists that together exceed it are refused (409).
  const people = [invitation.inviter_id, person.id];
  await dependentsRepo.lockHouseholdList(tx, people);
  if ((await dependentsRepo.countDependents(tx, people)) > MAX_HOUSEHOLD_DEPENDENTS)
    throw new AppError('conflict', HOUSEHOLD_DEPENDENT_MESSAGES.tooManyTogether, {
      params: { max: MAX_HOUSEHOLD_DEPENDENTS },
    });
  const householdId = randomUUID();
  await repo.insertHouseholds(tx, [{ id: householdId, primary: invitation.inviter_id, spouse: person.id }]);
  await repo.updateInvitation(tx, id, { state: 'accepted', answered_at: new Date(), token_hash: null });
  for (const other of [
    ...(await repo.pendingSentInvitations(tx, invitation.inviter_id)),
    ...(await repo.pendingSentInvitations(tx, person.id)),
  ])
    await endInvitation(tx, other, 'revoked');
  await audit(tx, {
    actorId: person.id,
    action: 'household.joined',
    entityType: 'household',
    entityId: householdId,
    ip,
    meta: { invitation_id: id, primary_id: invitation.inviter_id },
  });
  const name = person.full_name;
  return notifyUsers(tx, deps, [invitation.inviter_id], {
    kind: 'household',
    write: (say) => ({
      title: say('households.notices.acceptedTitle', { name }),
      body: say('households.notices.acceptedBody'),
    }),
  });
}

/** The invited person says no: the invitation ends (its inviter still reads it as pending until it expires). */
export async function declineInvitation(deps: HouseholdsDeps, auth: AuthContext, id: string, ip: string) {
  return deps.db.transaction(async (tx) => {
    const invitation = await sentTo(tx, auth, id);
    if (!isOpen(invitation)) throw new AppError('conflict', M.invitationEnded);
    await endInvitation(tx, invitation, 'declined');
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.invitation_declined',
      entityType: 'household_invitation',
      entityId: id,
      ip,
    });
    return householdView(tx, auth.user.id);
  });
}

/**
 * Either member leaves: the household ends for both (a household of one is none). Joint returns filed so far keep
 * their spouse (a joint return is both filers'); new tickets can no longer be joint, until a new household.
 */
export async function leaveHousehold(deps: HouseholdsDeps, auth: AuthContext, ip: string) {
  let notify: (() => Promise<void>) | null = null;
  const view = await deps.db.transaction(async (tx) => {
    const first = await repo.householdOf(tx, auth.user.id);
    if (!first) throw new AppError('conflict', M.notInHousehold);
    await repo.lockPeople(
      tx,
      first.members.map((m) => m.user_id),
    );
    const household = await repo.householdOf(tx, auth.user.id);
    if (!household) throw new AppError('conflict', M.notInHousehold);
    await repo.deleteHousehold(tx, household.id);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'household.left',
      entityType: 'household',
      entityId: household.id,
      ip,
    });
    const others = household.members.filter((m) => m.user_id !== auth.user.id).map((m) => m.user_id);
    const name = auth.user.full_name;
    notify = await notifyUsers(tx, deps, others, {
      kind: 'household',
      write: (say) => ({
        title: say('households.notices.leftTitle', { name }),
        body: say('households.notices.leftBody'),
      }),
    });
    return householdView(tx, auth.user.id);
  });
  await afterCommit(deps, null, notify);
  return view;
}
