import { randomUUID } from 'node:crypto';
import {
  isStaffRole,
  MESSAGES,
  MFA_MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type ChangePasswordBody,
  type CreateApiTokenBody,
  type Language,
  type Session,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  userHasFactor,
  type AuthContext,
  type NewSession,
} from '../platform/auth/sessions.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { recipientLanguage, statusLabelIn, textsIn } from '../platform/i18n.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { createUser, isSiteEditor, savedLanguage } from '../platform/users.ts';
import { recordReferral, referralCodeFor } from '../referrals/index.ts';
import * as repo from './auth.repository.ts';
import * as throttle from './login-throttle.ts';
import * as mfa from './mfa.service.ts';
import { mailNewDevice, signedInBefore } from './new-device-mail.ts';

export const RESET_TTL_MS = 30 * 60 * 1000;

export interface AuthDeps {
  db: Db;
  sessionSecret: Buffer;
  /** The master key (the TOTP secrets are sealed with field crypto). */
  encryptionKey: Buffer;
  mailer: Mailer;
  publicUrl: string;
}
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

export async function sessionView(
  db: Db,
  auth: Pick<AuthContext, 'user' | 'roles' | 'login_role'> & { hasFactor?: boolean },
  /** The request's language: the statuses' labels are in it for someone who never chose one. */
  reader?: Language,
): Promise<Session> {
  const statuses = await repo.listStatuses(db);
  const language = await savedLanguage(db, auth.user.id);
  // The statuses' labels in the person's language (the app is drawn in it): the firm's renamed ones as written.
  const reads = language ?? reader ?? recipientLanguage(null);
  return {
    user: auth.user,
    roles: auth.roles,
    login_role: auth.login_role,
    currency: await repo.getCurrency(db),
    statuses: statuses.map((s) => ({
      ...s,
      staff_label: statusLabelIn(reads, s.name, 'staff', s.staff_label),
      customer_label: statusLabelIn(reads, s.name, 'customer', s.customer_label),
    })) as Session['statuses'],
    factor_setup_required: auth.hasFactor === false && auth.roles.some(isStaffRole),
    referral_code: await referralCodeFor(db, auth),
    site_editor:
      auth.roles.includes('Admin') || (auth.roles.some(isStaffRole) && (await isSiteEditor(db, auth.user.id))),
    language,
  };
}

export async function register(
  deps: AuthDeps,
  body: { full_name: string; email: string; phone: string; password: string; referral_code?: string | undefined },
  meta: RequestMeta,
): Promise<{ session: NewSession; view: Session; newDevice: string }> {
  if (await repo.findUserByEmail(deps.db, body.email)) throw new AppError('conflict', MESSAGES.emailTaken);
  let userId: string;
  try {
    userId = await createUser(deps.db, { ...body, roles: ['Customer'] });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw new AppError('conflict', MESSAGES.emailTaken);
    throw err;
  }
  await recordReferral(deps.db, userId, body.referral_code);
  await audit(deps.db, {
    actorId: userId,
    action: 'user.registered',
    entityType: 'user',
    entityId: userId,
    ip: meta.ip,
  });
  const session = await createSession(deps.db, deps.sessionSecret, userId, meta);
  const newDevice = throttle.newDeviceCookie(deps.sessionSecret, userId);
  const user = (await repo.findUserById(deps.db, userId))!;
  const view = await sessionView(deps.db, {
    user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
    roles: ['Customer'],
    login_role: 'Customer',
  });
  return { session, view, newDevice };
}

/**
 * Generic failure for unknown user and wrong password alike. Wrong passwords slow down the client sending them
 * (login-throttle.ts), never lock the owner out; a browser that signs in is given the account's device cookie.
 * An account with a second factor then needs its code (TOTP or a recovery code) unless this browser is trusted;
 * only a caller who gave the right password learns that (401 `mfa-required`, field `otp`; field `passkey` where a
 * passkey is its only factor), and a wrong code counts as a failure of the same throttle.
 */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string; otp?: string | undefined; trust_device?: boolean | undefined },
  meta: RequestMeta & { deviceCookie?: string | undefined },
  previousSessionId: string | null,
) {
  const user = await repo.findUserByEmail(deps.db, body.email);
  const device = user ? throttle.deviceOf(deps.sessionSecret, user.id, meta.deviceCookie) : null;
  const client = { email: body.email, ip: meta.ip, device };
  const wait = await throttle.retryAfter(deps.db, client);
  if (wait > 0) {
    throw new AppError('rate_limited', MESSAGES.tooManyAttempts, { headers: { 'retry-after': String(wait) } });
  }
  const ok = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !ok) {
    await throttle.recordFailure(deps.db, client);
    throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  }
  const hasFactor = await userHasFactor(deps.db, user.id);
  let factor: 'none' | 'trusted' | 'code' = 'none';
  if (hasFactor) {
    if (await mfa.isDeviceTrusted(deps, user.id, device)) factor = 'trusted';
    else {
      // Asked for what the account has: a code (an app, and its recovery codes) or, with passkeys alone, a passkey
      // (a code sent for an account with no codes is not "wrong": it is the passkey that is missing).
      const { totp } = await mfa.codeFactorsOf(deps.db, user.id);
      if (!body.otp || !totp) {
        const [field, message] = totp ? ['otp', MFA_MESSAGES.codeRequired] : ['passkey', MFA_MESSAGES.passkeyRequired];
        throw new AppError('mfa_required', message, { errors: [{ field, message }] });
      }
      if (!(await mfa.useCode(deps, deps.db, user.id, body.otp))) {
        await throttle.recordFailure(deps.db, client);
        throw new AppError('mfa_required', MFA_MESSAGES.codeInvalid, {
          errors: [{ field: 'otp', message: MFA_MESSAGES.codeInvalid }],
        });
      }
      factor = 'code';
    }
  }
  await throttle.clearClientFailures(deps.db, client);
  const newDevice = device ? null : throttle.newDeviceCookie(deps.sessionSecret, user.id);
  if (factor === 'code' && body.trust_device) {
    await mfa.trustDevice(deps, user.id, device ?? throttle.deviceOf(deps.sessionSecret, user.id, newDevice!)!);
  }
  // A browser the account never used, on an account that signed in before (a first sign-in is no news): asked
  // before this sign-in is audited.
  const tellOwner = !device && (await signedInBefore(deps.db, user.id));
  const session = await startSession(deps, user.id, meta, previousSessionId, factor);
  if (tellOwner) await mailNewDevice(deps, user, meta);
  return { session, userId: user.id, newDevice, hasFactor };
}

/** A new token at every sign-in; whatever session the browser had is ended (no fixation). */
export async function startSession(
  deps: AuthDeps,
  userId: string,
  meta: RequestMeta,
  previousSessionId: string | null,
  factor: string,
) {
  if (previousSessionId) await deleteSession(deps.db, previousSessionId);
  const session = await createSession(deps.db, deps.sessionSecret, userId, meta);
  await audit(deps.db, {
    actorId: userId,
    action: 'user.login',
    entityType: 'user',
    entityId: userId,
    ip: meta.ip,
    ...(factor === 'none' ? {} : { meta: { factor } }),
  });
  return session;
}

/** SPEC §5's three checks, in its order and with its texts, then our length rule. */
export async function changePassword(deps: AuthDeps, auth: AuthContext, body: ChangePasswordBody, meta: RequestMeta) {
  const user = await repo.findUserById(deps.db, auth.user.id);
  if (!user || !(await verifyPassword(user.password_hash, body.old_password))) {
    throw fieldError('old_password', MESSAGES.incorrectOldPassword);
  }
  if (body.new_password !== body.confirm_password)
    throw fieldError('confirm_password', MESSAGES.passwordConfirmMismatch);
  if (body.new_password === body.old_password) throw fieldError('new_password', MESSAGES.passwordSameAsOld);
  if (body.new_password.length < PASSWORD_MIN || body.new_password.length > PASSWORD_MAX) {
    throw fieldError('new_password', MESSAGES.passwordLength);
  }
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, await hashPassword(body.new_password));
    await deleteUserSessions(tx, user.id, auth.sessionId);
    await repo.revokeUserTokens(tx, user.id);
    await audit(tx, {
      actorId: user.id,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: user.id,
      ip: meta.ip,
    });
  });
  return { status: 'Success' as const, message: MESSAGES.passwordUpdated };
}

export async function requestPasswordReset(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken(32);
  await repo.insertPasswordReset(
    deps.db,
    hmacHex(deps.sessionSecret, `reset:${token}`),
    user.id,
    new Date(Date.now() + RESET_TTL_MS),
  );
  await audit(deps.db, {
    actorId: null,
    action: 'user.password_reset_requested',
    entityType: 'user',
    entityId: user.id,
    ip: meta.ip,
  });
  const t = textsIn(recipientLanguage(await savedLanguage(deps.db, user.id)));
  await deps.mailer.send({
    to: user.email,
    subject: t('account.passwordReset.subject'),
    text: [
      t('mail.hello', { name: user.full_name }),
      '',
      t('account.passwordReset.body'),
      `${deps.publicUrl}/reset-password?token=${token}`,
      '',
      t('account.passwordReset.ignore'),
    ].join('\n'),
    secrets: [token],
  });
}

export async function confirmPasswordReset(deps: AuthDeps, token: string, newPassword: string, meta: RequestMeta) {
  const tokenHash = hmacHex(deps.sessionSecret, `reset:${token}`);
  const hash = await hashPassword(newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const row = await repo.consumePasswordReset(tx, tokenHash);
    if (!row) return null;
    // No password before: an account the firm made (an invitation), joining now rather than resetting.
    const firstPassword = !(await repo.findUserById(tx, row.user_id))?.password_hash;
    await repo.setPasswordHash(tx, row.user_id, hash);
    await deleteUserSessions(tx, row.user_id);
    await repo.revokeUserTokens(tx, row.user_id);
    await audit(tx, {
      actorId: row.user_id,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: row.user_id,
      ip: meta.ip,
    });
    // The link proved the mailbox: the sign-in throttle starts afresh and this browser becomes a known one.
    const user = await repo.findUserById(tx, row.user_id);
    if (user) await throttle.clearAccountFailures(tx, user.email);
    return { newDevice: throttle.newDeviceCookie(deps.sessionSecret, row.user_id), firstPassword };
  });
  if (!done) throw new AppError('bad_request', MESSAGES.resetInvalid);
  return done;
}

const tokenView = (t: Awaited<ReturnType<typeof repo.insertToken>>) => ({
  id: t.id,
  name: t.name,
  key: t.key,
  scope: t.scope === 'read' ? ('read' as const) : ('write' as const),
  created_at: t.created_at.toISOString(),
  expires_at: t.expires_at.toISOString(),
  last_used_at: t.last_used_at?.toISOString() ?? null,
});

export async function listApiTokens(deps: AuthDeps, auth: AuthContext) {
  return { items: (await repo.listTokens(deps.db, auth.user.id)).map(tokenView) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only a signed-in person mints tokens: a leaked token cannot make itself a longer-lived or wider one. */
export async function createApiToken(deps: AuthDeps, auth: AuthContext, body: CreateApiTokenBody, meta: RequestMeta) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.tokenCannotMintTokens);
  const secret = randomToken(32);
  const row = await repo.insertToken(deps.db, {
    id: randomUUID(),
    user_id: auth.user.id,
    name: body.name,
    scope: body.scope,
    expires_at: new Date(Date.now() + body.expires_in_days * DAY_MS),
    key: randomToken(12),
    secret_hash: hmacHex(deps.sessionSecret, `api:${secret}`),
  });
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'api_token.created',
    entityType: 'api_token',
    entityId: row.id,
    ip: meta.ip,
  });
  return { ...tokenView(row), secret };
}

export async function revokeApiToken(deps: AuthDeps, auth: AuthContext, id: string, meta: RequestMeta) {
  if (!(await repo.revokeToken(deps.db, auth.user.id, id))) throw new AppError('not_found', MESSAGES.notFound);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'api_token.revoked',
    entityType: 'api_token',
    entityId: id,
    ip: meta.ip,
  });
}
