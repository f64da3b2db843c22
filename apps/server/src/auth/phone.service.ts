import { randomInt, randomUUID } from 'node:crypto';
import {
  isStaffRole,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MINUTES,
  PHONE_MESSAGES,
  PHONE_RESEND_COOLDOWN_S,
  type Language,
} from '@taxportal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../platform/audit.ts';
import { refuseIfSecondFactor } from './one-factor-sign-in.ts';
import { createSession, deleteSession, loadUserWithRoles, type AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex, safeEqual } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { normalisePhone } from '../platform/phone.ts';
import type { SmsProvider } from '../platform/sms.ts';
import { savedLanguage } from '../platform/users.ts';
import * as repo from './phone.repository.ts';
import type { RequestMeta } from './auth.service.ts';

/** Codes asked for one number in an hour, and from one client address (docs/decisions/0019-b). */
export const PER_PHONE_PER_HOUR = 5;
export const PER_IP_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export interface PhoneDeps {
  db: Db;
  sessionSecret: Buffer;
  /** null: phone sign-in and verification are off (production without an SMS provider). */
  sms: SmsProvider | null;
  log: FastifyBaseLogger;
  /** The firm's name the texts are signed with (site's firmName, handed in by app.ts: site depends on auth). */
  firmName: (db: Db) => Promise<string>;
  /** The firm's country (site's firmCountry): a number typed without + is read as one of its. */
  firmCountry: (db: Db) => Promise<string>;
}

/**
 * A phone number a person typed (registration, phone sign-in, verifying a number), in E.164: `(217) 555-0188` on
 * a US firm's portal is `+12175550188`. Not a number: a 422 naming `field` (platform/phone.ts, the one rule).
 */
export async function typedPhone(deps: Pick<PhoneDeps, 'db' | 'firmCountry'>, raw: string, field = 'phone') {
  return normalisePhone(raw, { region: await deps.firmCountry(deps.db), field });
}

const codeHash = (secret: Buffer, id: string, code: string) => hmacHex(secret, `phone-code:${id}:${code}`);

export function requireSms(deps: PhoneDeps): SmsProvider {
  if (!deps.sms) throw new AppError('not_found', PHONE_MESSAGES.phoneOff);
  return deps.sms;
}

/**
 * Writes a new code for the number and returns it with the seconds until the next may be asked for. Refuses
 * within the cooldown and past the hourly limits per number and per client address.
 */
async function newCode(
  deps: PhoneDeps,
  q: { purpose: repo.CodePurpose; phone: string; userId: string | null },
  meta: RequestMeta,
): Promise<{ code: string; id: string }> {
  return deps.db.transaction(async (tx) => {
    await repo.lockPhone(tx, q.phone);
    const now = Date.now();
    // The cooldown is per purpose: a sign-in code right after a verification code is not a resend, and a shared
    // one would tell an anonymous caller that someone had just asked to verify the number. The hourly count
    // per number covers every purpose.
    const last = await repo.lastCodeAt(tx, q.phone, q.purpose);
    if (last && now - last.getTime() < PHONE_RESEND_COOLDOWN_S * 1000) {
      const wait = Math.ceil((last.getTime() + PHONE_RESEND_COOLDOWN_S * 1000 - now) / 1000);
      throw new AppError('rate_limited', PHONE_MESSAGES.wait, { headers: { 'retry-after': String(wait) } });
    }
    const since = new Date(now - HOUR_MS);
    if (
      (await repo.countCodesSince(tx, { phone: q.phone }, since)) >= PER_PHONE_PER_HOUR ||
      (await repo.countCodesSince(tx, { ip: meta.ip }, since)) >= PER_IP_PER_HOUR
    ) {
      throw new AppError('rate_limited', PHONE_MESSAGES.tooManyCodes, { headers: { 'retry-after': '3600' } });
    }
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertCode(tx, {
      id,
      purpose: q.purpose,
      phone: q.phone,
      user_id: q.userId,
      code_hash: codeHash(deps.sessionSecret, id, code),
      ip: meta.ip,
      expires_at: new Date(now + PHONE_CODE_TTL_MINUTES * 60 * 1000),
    });
    return { code, id };
  });
}

/**
 * Sends without waiting, so the answer takes as long whether or not a text went out; a failure is logged by
 * the code's id only (never the number or the text).
 */
function sendInBackground(deps: PhoneDeps, sms: SmsProvider, to: string, body: string, id: string) {
  sms.send(to, body).catch((err: unknown) => {
    deps.log.error({ phone_code_id: id, err: (err as Error)?.name }, 'sms send failed');
  });
}

/** The code's text in `language`: the language of the account the number is of (their saved one, else the firm's). */
async function smsText(deps: PhoneDeps, code: string, language: Language, purpose: repo.CodePurpose = 'sign_in') {
  const t = textsIn(language);
  const params = { firm: await deps.firmName(deps.db), code, minutes: PHONE_CODE_TTL_MINUTES };
  return purpose === 'signing' || purpose === 'signing_spouse' ? t('sms.signingCode', params) : t('sms.code', params);
}

/** The language a signed-in person's texts are written in. */
const languageOf = async (deps: PhoneDeps, userId: string) => recipientLanguage(await savedLanguage(deps.db, userId));

/** Sign-in: a code is made for any number (the same answer); it is texted only to a verified account's phone. */
export async function startSignIn(deps: PhoneDeps, phone: string, meta: RequestMeta) {
  const sms = requireSms(deps);
  const { code, id } = await newCode(deps, { purpose: 'sign_in', phone, userId: null }, meta);
  // The text is written whether or not it goes out: the answer takes as long either way.
  const found = await repo.userByVerifiedPhone(deps.db, phone);
  const text = await smsText(deps, code, recipientLanguage(found?.language));
  if (found) sendInBackground(deps, sms, phone, text, id);
  return { message: PHONE_MESSAGES.codeSent, resend_after_s: PHONE_RESEND_COOLDOWN_S };
}

/** Whether `code` is the open code of this purpose, number (and user), spending a try and, if right, the code. */
async function codeMatches(
  deps: PhoneDeps,
  q: { purpose: repo.CodePurpose; phone: string; userId: string | null },
  code: string,
): Promise<boolean> {
  const row = await repo.takeTry(deps.db, q, PHONE_CODE_MAX_TRIES);
  const ok = row !== null && safeEqual(codeHash(deps.sessionSecret, row.id, code), row.code_hash);
  return ok && (await repo.useCode(deps.db, row.id));
}

async function checkCode(
  deps: PhoneDeps,
  q: { purpose: repo.CodePurpose; phone: string; userId: string | null },
  code: string,
) {
  if (!(await codeMatches(deps, q, code))) throw new AppError('bad_request', PHONE_MESSAGES.codeInvalid);
}

/** A code-proof purpose of another feature: for now, confirming a signer of Form 8879. */
export type StepUpPurpose = Extract<repo.CodePurpose, 'signing' | 'signing_spouse'>;

/**
 * Texts a code for a step-up (the signed-in `userId` asks; `phone` receives), with every rule of a sign-in code:
 * its HMAC only is stored, 10 minutes, 5 tries, the cooldown per number and purpose, the hourly limits.
 */
export async function sendStepUpCode(
  deps: PhoneDeps,
  q: { purpose: StepUpPurpose; phone: string; userId: string },
  meta: RequestMeta,
) {
  const sms = requireSms(deps);
  const { code, id } = await newCode(deps, q, meta);
  // The signer confirming is the signed-in customer, or their spouse beside them: the customer's language.
  sendInBackground(deps, sms, q.phone, await smsText(deps, code, await languageOf(deps, q.userId), q.purpose), id);
  return {
    expires_at: new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60 * 1000).toISOString(),
    resend_after_s: PHONE_RESEND_COOLDOWN_S,
  };
}

/** Whether the code texted for this step-up is right (a try is spent either way; a right code is used up). */
export async function checkStepUpCode(
  deps: PhoneDeps,
  q: { purpose: StepUpPurpose; phone: string; userId: string },
  code: string,
): Promise<boolean> {
  if (!deps.sms) return false;
  return codeMatches(deps, q, code);
}

/**
 * Signs in the customer whose verified phone this is. A wrong, expired, used or exhausted code and a number
 * without an account fail alike; staff, who need their second factor, are told so only after the code proved
 * the phone.
 */
export async function verifySignIn(
  deps: PhoneDeps,
  body: { phone: string; code: string },
  meta: RequestMeta,
  previousSessionId: string | null,
) {
  requireSms(deps);
  await checkCode(deps, { purpose: 'sign_in', phone: body.phone, userId: null }, body.code);
  const found = await repo.userByVerifiedPhone(deps.db, body.phone);
  if (!found) throw new AppError('bad_request', PHONE_MESSAGES.codeInvalid);
  const loaded = (await loadUserWithRoles(deps.db, found.id))!;
  if (loaded.roles.some(isStaffRole)) throw new AppError('forbidden', PHONE_MESSAGES.staffRefused);
  await refuseIfSecondFactor(deps.db, found.id);
  if (previousSessionId) await deleteSession(deps.db, previousSessionId);
  const session = await createSession(deps.db, deps.sessionSecret, found.id, meta);
  await audit(deps.db, {
    actorId: found.id,
    action: 'user.login_phone',
    entityType: 'user',
    entityId: found.id,
    ip: meta.ip,
  });
  return { session, loaded };
}

/** A signed-in person proves a number (at registration, or a new one): the code goes to that number. */
export async function startVerification(deps: PhoneDeps, auth: AuthContext, phone: string, meta: RequestMeta) {
  const sms = requireSms(deps);
  const { code, id } = await newCode(deps, { purpose: 'verify', phone, userId: auth.user.id }, meta);
  sendInBackground(deps, sms, phone, await smsText(deps, code, await languageOf(deps, auth.user.id)), id);
  return { message: PHONE_MESSAGES.verificationSent, resend_after_s: PHONE_RESEND_COOLDOWN_S };
}

export async function confirmVerification(
  deps: PhoneDeps,
  auth: AuthContext,
  body: { phone: string; code: string },
  meta: RequestMeta,
) {
  requireSms(deps);
  await checkCode(deps, { purpose: 'verify', phone: body.phone, userId: auth.user.id }, body.code);
  await deps.db.transaction(async (tx) => {
    await repo.setVerifiedPhone(tx, auth.user.id, body.phone);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'user.phone_verified',
      entityType: 'user',
      entityId: auth.user.id,
      ip: meta.ip,
    });
  });
  const { user } = (await loadUserWithRoles(deps.db, auth.user.id))!;
  return {
    message: PHONE_MESSAGES.phoneVerified,
    user: { id: user.id, email: user.email, full_name: user.full_name, phone: user.phone },
    phone_verified: true,
  };
}
