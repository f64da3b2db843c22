import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { isStaffRole, MESSAGES, MFA_MESSAGES, type MfaStatus } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { deleteUserSessions, type AuthContext } from '../platform/auth/sessions.ts';
import { openTotpSecret, sealTotpSecret } from '../platform/auth/totp.ts';
import { hmacHex } from '../platform/crypto.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import * as authRepo from './auth.repository.ts';
import * as repo from './mfa.repository.ts';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with ten one-time recovery codes, "trust this device", and the admin's
 * reset. The policy (who must have a factor, how codes are throttled, how long a device is trusted):
 * docs/decisions/0019-a-second-factor-policy.md.
 */
export const TRUST_DEVICE_DAYS = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Tax Portal';
/** One step either side: a phone clock a little off still works; replay is refused by the stored step. */
const TOLERANCE_S = 30;

export interface MfaDeps {
  db: Db;
  sessionSecret: Buffer;
  /** The platform's master key: the TOTP secret is sealed with field crypto. */
  encryptionKey: Buffer;
}
interface Meta {
  ip: string;
}

const recoveryHash = (secret: Buffer, userId: string, code: string) => hmacHex(secret, `recovery:${userId}:${code}`);
const trustId = (secret: Buffer, userId: string, deviceId: string) => hmacHex(secret, `trust:${userId}:${deviceId}`);
/** Recovery codes as typed: case, spaces and dashes do not matter. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
/** An authenticator app's code as typed (`123 456`, `123-456`): its digits. */
const typedDigits = (code: string) => code.replace(/[\s-]/g, '');
const isTotpShape = (code: string) => /^\d{6}$/.test(typedDigits(code));

/** Ten codes like `k7m2q-9xw4r` (50 bits each) and their HMACs. */
function newRecoveryCodes(secret: Buffer, userId: string) {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => recoveryHash(secret, userId, normaliseRecovery(c))) };
}

/** The matching time step of `code`, or null (wrong, or not later than `after`). */
async function matchStep(secret: string, code: string, after: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: typedDigits(code),
      epochTolerance: TOLERANCE_S,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export async function status(deps: MfaDeps, auth: AuthContext): Promise<MfaStatus> {
  const totp = await repo.findTotp(deps.db, auth.user.id);
  const keys = await repo.listPasskeys(deps.db, auth.user.id);
  return {
    totp_enabled: Boolean(totp?.enabled_at),
    recovery_codes_left: totp?.enabled_at ? await repo.countRecoveryCodesLeft(deps.db, auth.user.id) : 0,
    passkeys: keys.map(passkeyView),
    required: auth.roles.some(isStaffRole),
  };
}

export const passkeyView = (p: Awaited<ReturnType<typeof repo.listPasskeys>>[number]) => ({
  id: p.id,
  name: p.name,
  created_at: p.created_at.toISOString(),
  last_used_at: p.last_used_at?.toISOString() ?? null,
});

export async function setup(deps: MfaDeps, auth: AuthContext) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const existing = await repo.findTotp(deps.db, auth.user.id);
  if (existing?.enabled_at) throw new AppError('conflict', MFA_MESSAGES.alreadyEnabled);
  const secret = generateSecret();
  await repo.upsertPendingTotp(deps.db, auth.user.id, sealTotpSecret(deps.encryptionKey, auth.user.id, secret));
  const uri = generateURI({ issuer: ISSUER, label: auth.user.email, secret });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauth_uri: uri, qr_data_url: qr };
}

export async function enable(deps: MfaDeps, auth: AuthContext, code: string, meta: Meta) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const row = await repo.findTotp(deps.db, auth.user.id);
  if (!row) throw new AppError('conflict', MFA_MESSAGES.notSetUp);
  if (row.enabled_at) throw new AppError('conflict', MFA_MESSAGES.alreadyEnabled);
  const step = await matchStep(openTotpSecret(deps.encryptionKey, auth.user.id, row.secret_sealed), code, null);
  if (step === null) throw fieldError('code', MFA_MESSAGES.codeInvalid);
  const { codes, hashes } = newRecoveryCodes(deps.sessionSecret, auth.user.id);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await repo.takeStep(tx, auth.user.id, step, true))) return false;
    await repo.replaceRecoveryCodes(tx, auth.user.id, hashes);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'mfa.totp_enabled',
      entityType: 'user',
      entityId: auth.user.id,
      ip: meta.ip,
    });
    return true;
  });
  if (!done) throw fieldError('code', MFA_MESSAGES.codeInvalid);
  return { recovery_codes: codes };
}

/**
 * Checks a code against the user's enabled TOTP (later than the last accepted step) or their unused recovery
 * codes; a match is used up. False for anything else.
 */
export async function useCode(deps: MfaDeps, db: Tx, userId: string, code: string): Promise<boolean> {
  return (await useCodeKind(deps, db, userId, code)) !== null;
}

/** useCode, saying which kind of code it took: an authenticator app's or a recovery code (null: none). */
export async function useCodeKind(
  deps: MfaDeps,
  db: Tx,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery_code' | null> {
  const row = await repo.findTotp(db, userId);
  if (!row?.enabled_at) return null;
  if (isTotpShape(code)) {
    const secret = openTotpSecret(deps.encryptionKey, userId, row.secret_sealed);
    const step = await matchStep(secret, code, row.last_step);
    return step !== null && (await repo.takeStep(db, userId, step)) ? 'totp' : null;
  }
  const normal = normaliseRecovery(code);
  if (!/^[a-z0-9]{10}$/.test(normal)) return null;
  return (await repo.useRecoveryCode(db, userId, recoveryHash(deps.sessionSecret, userId, normal)))
    ? 'recovery_code'
    : null;
}

/** Which of the TOTP factors the user has now: an enabled app, and unused recovery codes. */
export async function codeFactorsOf(db: Tx, userId: string) {
  const row = await repo.findTotp(db, userId);
  const totp = Boolean(row?.enabled_at);
  return { totp, recoveryCodes: totp && (await repo.countRecoveryCodesLeft(db, userId)) > 0 };
}

export async function disable(deps: MfaDeps, auth: AuthContext, body: { password: string; code: string }, meta: Meta) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const user = await authRepo.findUserById(deps.db, auth.user.id);
  if (!user || !(await verifyPassword(user.password_hash, body.password))) {
    throw fieldError('password', MFA_MESSAGES.passwordWrong);
  }
  const row = await repo.findTotp(deps.db, auth.user.id);
  if (!row?.enabled_at) throw new AppError('conflict', MFA_MESSAGES.notEnabled);
  if (auth.roles.some(isStaffRole) && (await repo.listPasskeys(deps.db, auth.user.id)).length === 0) {
    throw new AppError('forbidden', MFA_MESSAGES.staffNeedFactor);
  }
  if (!(await useCode(deps, deps.db, auth.user.id, body.code))) throw fieldError('code', MFA_MESSAGES.codeInvalid);
  await deps.db.transaction(async (tx) => {
    await repo.deleteTotp(tx, auth.user.id);
    await repo.forgetTrustedDevices(tx, auth.user.id);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'mfa.totp_disabled',
      entityType: 'user',
      entityId: auth.user.id,
      ip: meta.ip,
    });
  });
  return { message: MFA_MESSAGES.disabled };
}

export async function isDeviceTrusted(deps: MfaDeps, userId: string, deviceId: string | null) {
  return deviceId !== null && repo.isTrusted(deps.db, trustId(deps.sessionSecret, userId, deviceId), userId);
}

export async function trustDevice(deps: MfaDeps, userId: string, deviceId: string) {
  const until = new Date(Date.now() + TRUST_DEVICE_DAYS * 24 * 60 * 60 * 1000);
  await repo.trustDevice(deps.db, trustId(deps.sessionSecret, userId, deviceId), userId, until);
}

/** Admin: every factor and trusted device of the person goes, and so do their sessions; audited. */
export async function resetFactors(deps: MfaDeps, auth: AuthContext, userId: string, meta: Meta) {
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    await repo.deleteTotp(tx, userId);
    await repo.deletePasskeys(tx, userId);
    await repo.forgetTrustedDevices(tx, userId);
    await deleteUserSessions(tx, userId);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'mfa.factors_reset',
      entityType: 'user',
      entityId: userId,
      ip: meta.ip,
    });
  });
}
