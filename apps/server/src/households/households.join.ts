import { HOUSEHOLD_MESSAGES as M, type HouseholdJoinBody, type HouseholdJoinPreview } from '@taxportal/contract';
import { notifyUsers } from '../notifications/index.ts';
import { audit } from '../platform/audit.ts';
import { createSession, type NewSession } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { createUser, findUser } from '../platform/users.ts';
import { isUniqueViolation } from '../platform/db/violations.ts';
import * as repo from './households.repository.ts';
import { afterCommit, type HouseholdsDeps, isOpen, joinInviter, joinTokenHash } from './households.service.ts';

/**
 * The join link of an invitation to an e-mail that had no account (docs/decisions/0032, "Joining from the link"):
 * good while the invitation is pending, unexpired and not yet taken up by an account.
 */
async function joinable(tx: Tx, deps: HouseholdsDeps, token: string, lock: boolean) {
  const invitation = await repo.invitationByTokenHash(tx, joinTokenHash(deps, token), { lock });
  if (!invitation || invitation.invitee_id || !isOpen(invitation)) throw new AppError('bad_request', M.joinLinkInvalid);
  return invitation;
}

/** What the link's person reads before choosing a password: refused exactly as joining would be. */
export async function checkJoinLink(deps: HouseholdsDeps, token: string): Promise<HouseholdJoinPreview> {
  const invitation = await joinable(deps.db, deps, token, false);
  // The e-mail has an account by now: said before anything is typed (the account reads the invitation on its
  // Household tab; a staff account's cannot join).
  const account = await repo.accountByEmail(deps.db, invitation.email);
  if (account) {
    throw account.customer
      ? new AppError('conflict', M.joinHasAccount)
      : new AppError('bad_request', M.joinLinkInvalid);
  }
  return {
    from_name: (await findUser(deps.db, invitation.inviter_id))?.full_name ?? '',
    full_name: invitation.full_name,
    email: invitation.email,
    firm_name: await deps.firmName(deps.db),
    expires_at: invitation.expires_at.toISOString(),
  };
}

/** Raised inside the transaction when the e-mail has an account by now: nothing is made. */
class HasAccountNow extends Error {}

/**
 * The person follows the join link: their customer account is made now (this name and password, the invited
 * e-mail), joins the inviter's household and is signed in; the link is single use. When the e-mail has an account by
 * now (they registered meanwhile), nothing is made: a customer's account is offered the invitation, to accept signed
 * in (409 says so); a staff account's ends the link (400).
 */
export async function joinFromLink(
  deps: HouseholdsDeps,
  body: HouseholdJoinBody,
  meta: { ip: string; userAgent?: string | undefined },
): Promise<{ session: NewSession; userId: string }> {
  let notify: (() => Promise<void>) | null = null;
  let userId = '';
  try {
    await deps.db.transaction(async (tx) => {
      const invitation = await joinable(tx, deps, body.token, true);
      if (await repo.accountByEmail(tx, invitation.email)) throw new HasAccountNow();
      const fullName = body.full_name.trim();
      userId = await createUser(tx, {
        email: invitation.email,
        full_name: fullName,
        password: body.password,
        roles: ['Customer'],
      });
      await repo.updateInvitation(tx, invitation.id, { invitee_id: userId, token_hash: null });
      await audit(tx, {
        actorId: userId,
        action: 'user.created_by_invitation',
        entityType: 'user',
        entityId: userId,
        ip: meta.ip,
        meta: { invitation_id: invitation.id },
      });
      notify = await joinInviter(tx, deps, invitation.id, { id: userId, full_name: fullName }, meta.ip);
    });
  } catch (err) {
    // A registration that took the e-mail between the check and the insert reads as its account too.
    if (!(err instanceof HasAccountNow) && !isUniqueViolation(err)) throw err;
    await offerToAccount(deps, body.token);
  }
  await afterCommit(deps, null, notify);
  const session = await createSession(deps.db, deps.sessionSecret, userId, meta);
  return { session, userId };
}

/**
 * The invitation of a join link goes to the account its e-mail has by now: a customer's sees it on their Household
 * tab (and is told), and the answer is 409 saying so; a staff account's cannot join: the link ends (400).
 */
async function offerToAccount(deps: HouseholdsDeps, token: string): Promise<never> {
  let notify: (() => Promise<void>) | null = null;
  const offered = await deps.db.transaction(async (tx) => {
    const invitation = await joinable(tx, deps, token, true);
    const account = (await repo.accountByEmail(tx, invitation.email))!;
    await repo.updateInvitation(tx, invitation.id, {
      invitee_id: account.customer ? account.id : null,
      token_hash: null,
    });
    if (!account.customer) return false;
    const from = (await findUser(tx, invitation.inviter_id))?.full_name ?? '';
    notify = await notifyUsers(tx, deps, [account.id], {
      kind: 'household',
      write: (say) => ({
        title: say('households.notices.invitedTitle', { name: from }),
        body: say('households.notices.invitedBody'),
      }),
    });
    return true;
  });
  await afterCommit(deps, null, notify);
  throw offered ? new AppError('conflict', M.joinHasAccount) : new AppError('bad_request', M.joinLinkInvalid);
}
