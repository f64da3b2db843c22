import { ACCOUNT_TEXTS } from '@taxportal/contract/texts';
import type { Language } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { textsIn } from '../platform/i18n.ts';
import type { MailMessage } from '../platform/mail/mail.ts';
import { createUser, rolesOf } from '../platform/users.ts';
import * as repo from './auth.repository.ts';

/** How long the set-your-password link of a customer staff created stays good. */
export const CUSTOMER_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface CustomerInviteDeps {
  sessionSecret: Buffer;
  publicUrl: string;
}

/**
 * A set-your-password link's token for a customer without a password (the password-reset machinery: only its HMAC
 * is stored; /reset-password takes it), good for 7 days. The client import's invitations use it too.
 */
export async function issueSetPasswordLink(
  deps: Pick<CustomerInviteDeps, 'sessionSecret'>,
  tx: Tx,
  userId: string,
): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  const token = randomToken(32);
  const tokenHash = setPasswordTokenHash(deps, token);
  const expiresAt = new Date(Date.now() + CUSTOMER_INVITE_TTL_MS);
  await repo.insertPasswordReset(tx, tokenHash, userId, expiresAt);
  return { token, tokenHash, expiresAt };
}

/** The stored form of a set-password (password-reset) token. */
export const setPasswordTokenHash = (deps: Pick<CustomerInviteDeps, 'sessionSecret'>, token: string): string =>
  hmacHex(deps.sessionSecret, `reset:${token}`);

/** Ends a set-password link at once (a resent invitation's old link): its row is gone, so the link reads as invalid. */
export async function revokeSetPasswordLink(tx: Tx, tokenHash: string): Promise<void> {
  await repo.deletePasswordReset(tx, tokenHash);
}

/** Whether a set-password link is still good (not used, not expired, not revoked). */
export const isSetPasswordLinkLive = (tx: Tx, tokenHash: string): Promise<boolean> =>
  repo.isPasswordResetLive(tx, tokenHash);

/**
 * The customer account for a person staff are helping (an enquirer turned into a client), inside the caller's
 * transaction: the existing customer with that e-mail, or a new one without a password, who sets it through a
 * mailed link (the password-reset link, good for 7 days). An e-mail of a staff account is a conflict. The mail,
 * in `language` (the request's that caused it: the person has no saved language yet), is returned for the caller to
 * send after its commit.
 */
export async function customerForPerson(
  deps: CustomerInviteDeps,
  tx: Tx,
  person: { email: string; full_name: string; phone: string | null },
  actor: { userId: string; ip: string },
  language: Language,
): Promise<{ userId: string; created: boolean; mail: MailMessage | null }> {
  const existing = await repo.findUserByEmail(tx, person.email);
  if (existing) {
    if (!(await rolesOf(tx, existing.id)).includes('Customer'))
      throw new AppError('conflict', ACCOUNT_TEXTS.customerInvitation.staffEmail);
    return { userId: existing.id, created: false, mail: null };
  }
  const userId = await createUser(tx, { ...person, password: null, roles: ['Customer'] });
  const { token } = await issueSetPasswordLink(deps, tx, userId);
  await audit(tx, {
    actorId: actor.userId,
    action: 'user.created_by_staff',
    entityType: 'user',
    entityId: userId,
    ip: actor.ip,
  });
  const t = textsIn(language);
  const mail: MailMessage = {
    to: person.email,
    subject: t('account.customerInvitation.subject'),
    text: [
      t('mail.hello', { name: person.full_name }),
      '',
      t('account.customerInvitation.body'),
      t('account.customerInvitation.link'),
      `${deps.publicUrl}/reset-password?token=${token}`,
      '',
      t('account.customerInvitation.ignore'),
    ].join('\n'),
    secrets: [token],
  };
  return { userId, created: true, mail };
}
