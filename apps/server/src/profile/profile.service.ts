import {
  isStaffRole,
  MESSAGES,
  PROFILE_MESSAGES,
  type EndpointBody,
  type endpoints,
  type Profile,
  type Role,
} from '@taxportal/contract';
import { hasVerifiedPhone } from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { endLogin, saveLanguage, savedLanguage } from '../platform/users.ts';
import * as repo from './profile.repository.ts';
import { isUniqueViolation } from '../platform/db/violations.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface ProfileDeps {
  db: Db;
  sessionSecret: Buffer;
  mailer: Mailer;
  publicUrl: string;
}

export async function getProfile(db: Db, auth: AuthContext): Promise<Profile> {
  const user = await repo.findUser(db, auth.user.id);
  if (!user) throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  return {
    id: user.id,
    full_name: user.full_name,
    email: user.email,
    phone: user.phone,
    phone_verified: user.phone !== null && (await hasVerifiedPhone(db, user.id)),
    roles: (await repo.rolesOf(db, user.id)) as Role[],
    language: (await repo.languageOf(db, user.id)) as Profile['language'],
    pending_email: await repo.pendingEmail(db, user.id),
    created_at: user.created_at.toISOString(),
  };
}

export async function updateProfile(
  db: Db,
  auth: AuthContext,
  body: EndpointBody<typeof endpoints.updateProfile>,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    if (body.full_name !== undefined) await repo.setFullName(tx, auth.user.id, body.full_name.trim());
    if (body.language !== undefined) await saveLanguage(tx, auth.user.id, body.language);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.updated',
      entityType: 'user',
      entityId: auth.user.id,
      meta: { fields: Object.keys(body) },
    });
  });
  return getProfile(db, auth);
}

async function checkPassword(db: Db, userId: string, password: string) {
  const user = await repo.findUser(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, password))) {
    throw fieldError('password', PROFILE_MESSAGES.wrongPassword);
  }
  return user;
}

/** The mails of a person's own account are in their language (saved, else the firm's): both addresses are theirs. */
const textsOf = async (db: Db, userId: string) => textsIn(recipientLanguage(await savedLanguage(db, userId)));

/** A link to the new address (its token stored as an HMAC, valid a day, single use); the old address is told. */
export async function requestEmailChange(
  deps: ProfileDeps,
  auth: AuthContext,
  body: { new_email: string; password: string },
) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const user = await checkPassword(deps.db, auth.user.id, body.password);
  if (body.new_email === user.email) throw fieldError('new_email', PROFILE_MESSAGES.emailSame);
  if (await repo.emailInUse(deps.db, body.new_email)) throw fieldError('new_email', MESSAGES.emailTaken);
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    await repo.insertEmailChange(tx, {
      token_hash: hmacHex(deps.sessionSecret, `email-change:${token}`),
      user_id: user.id,
      new_email: body.new_email,
      expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    await audit(tx, { actorId: user.id, action: 'user.email_change_requested', entityType: 'user', entityId: user.id });
  });
  const t = await textsOf(deps.db, user.id);
  await deps.mailer.send({
    to: body.new_email,
    subject: t('account.emailChange.confirm.subject'),
    text: [
      t('mail.hello', { name: user.full_name }),
      '',
      t('account.emailChange.confirm.body'),
      `${deps.publicUrl}/confirm-email?token=${token}`,
      '',
      t('account.emailChange.confirm.ignore'),
    ].join('\n'),
    secrets: [token],
  });
  await deps.mailer.send({
    to: user.email,
    subject: t('account.emailChange.requested.subject'),
    text: [
      t('mail.hello', { name: user.full_name }),
      '',
      t('account.emailChange.requested.body', { email: body.new_email }),
      t('account.emailChange.requested.note'),
      '',
      t('account.emailChange.requested.advice'),
    ].join('\n'),
  });
  return { message: PROFILE_MESSAGES.emailChangeSent };
}

export async function confirmEmailChange(deps: ProfileDeps, token: string) {
  const tokenHash = hmacHex(deps.sessionSecret, `email-change:${token}`);
  let done: { userId: string; oldEmail: string; newEmail: string; name: string } | null;
  try {
    done = await deps.db.transaction(async (tx) => {
      const row = await repo.consumeEmailChange(tx, tokenHash);
      if (!row) return null;
      const user = await repo.findUser(tx, row.user_id);
      if (!user) return null;
      await repo.setEmail(tx, user.id, row.new_email);
      await audit(tx, {
        actorId: user.id,
        action: 'user.email_changed',
        entityType: 'user',
        entityId: user.id,
      });
      return { userId: user.id, oldEmail: user.email, newEmail: row.new_email, name: user.full_name };
    });
  } catch (err) {
    // Someone took the address between the request and the link.
    if (isUniqueViolation(err)) throw new AppError('conflict', MESSAGES.emailTaken);
    throw err;
  }
  if (!done) throw new AppError('bad_request', PROFILE_MESSAGES.emailChangeInvalid);
  const t = await textsOf(deps.db, done.userId);
  await deps.mailer.send({
    to: done.oldEmail,
    subject: t('account.emailChange.changed.subject'),
    text: [
      t('mail.hello', { name: done.name }),
      '',
      t('account.emailChange.changed.body', { email: done.newEmail }),
      '',
      t('account.emailChange.changed.advice'),
    ].join('\n'),
  });
  return { message: PROFILE_MESSAGES.emailChanged };
}

/**
 * Closing an account ends the login, not the records: tickets, documents, invoices and the audit trail stay for
 * the firm's retention period (IRS and state rules), under the person's name. Staff accounts are an Admin's to
 * deactivate (staff management), so that the last Admin cannot vanish.
 */
export async function closeAccount(deps: ProfileDeps, auth: AuthContext, password: string) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  if (auth.roles.some(isStaffRole)) throw new AppError('forbidden', PROFILE_MESSAGES.staffCannotClose);
  const user = await checkPassword(deps.db, auth.user.id, password);
  await deps.db.transaction(async (tx) => {
    await endLogin(tx, user.id, 'closed', user.id);
    await audit(tx, { actorId: user.id, action: 'user.account_closed', entityType: 'user', entityId: user.id });
  });
  const t = await textsOf(deps.db, user.id);
  await deps.mailer.send({
    to: user.email,
    subject: t('account.accountClosed.subject'),
    text: [
      t('mail.hello', { name: user.full_name }),
      '',
      t('account.accountClosed.body'),
      t('account.accountClosed.records'),
    ].join('\n'),
  });
  return { message: PROFILE_MESSAGES.accountClosed };
}
