import { randomInt } from 'node:crypto';
import {
  MAX_SIGNING_FAILURES,
  SIGNING_MESSAGES,
  type ConfirmSignerBody,
  type Language,
  type SignerConfirmation,
  type SignerRole,
} from '@taxportal/contract';
import { checkStepUpCode, maskPhone, passkeyStepUpOptions, secondFactorsOf, sendStepUpCode } from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { safeEqual } from '../platform/crypto.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { textsIn } from '../platform/i18n.ts';
import { FollowUps } from '../drafts/index.ts';
import type { SigningDeps } from './signing.deps.ts';
import * as repo from './signing.repository.ts';
import type { SigningRequestRow } from './signing.repository.ts';
import { partOf, signableRequest } from './signing.service.ts';
import { visibleTicket } from '../tickets/index.ts';
import { spouseChannel } from './signing.factors.ts';
import { checkOwnFactor, type OwnFactorAnswer } from './signing.identity.ts';
import { isStrictIdentity } from './signing.settings.ts';
import {
  codeHash,
  CONFIRMATION_MINUTES,
  confirmationToken,
  maskEmail,
  SPOUSE_CODE_MINUTES,
  type ConfirmedBy,
} from './signing.tokens.ts';

/**
 * Confirming a signer before they sign Form 8879 (docs/decisions/0021-a): the taxpayer with a second factor
 * they have (passkey, authenticator or recovery code, a code texted to their verified phone), the spouse with a
 * code texted to the phone staff gave; where the firm switched the stricter check off, the taxpayer's password
 * and the spouse's e-mailed code too. Every wrong answer counts toward MAX_SIGNING_FAILURES. The factors' rules
 * (hashing, expiry, tries, cooldowns, replay) are auth's, reached through its index.ts.
 */

function failuresOf(r: SigningRequestRow, role: SignerRole) {
  return role === 'taxpayer' ? r.taxpayer_failures : r.spouse_failures;
}

function refuseIfLocked(r: SigningRequestRow, role: SignerRole) {
  if (failuresOf(r, role) >= MAX_SIGNING_FAILURES) throw new AppError('rate_limited', SIGNING_MESSAGES.tooManyFailures);
}

/**
 * A code for the spouse: texted to their phone, or (only with the stricter check off, no phone) e-mailed, in
 * `language`, the request's (the spouse has no account, so no language of their own).
 */
export async function sendSpouseCode(
  deps: SigningDeps,
  auth: AuthContext,
  ref: string,
  ip: string,
  language: Language,
): Promise<{ sent_to: string; expires_at: string; channel: 'sms' | 'email' }> {
  const { ticket, request } = await signableRequest(deps, auth, ref, 'spouse');
  refuseIfLocked(request, 'spouse');
  // A spouse with their own account is sent no code: they confirm with their own factors (0032).
  if (request.spouse_user_id) throw new AppError('conflict', SIGNING_MESSAGES.factorUnavailable);
  const channel = spouseChannel(deps, request, await isStrictIdentity(deps.db));
  if (!channel)
    throw new AppError('conflict', request.spouse_phone ? SIGNING_MESSAGES.smsOff : SIGNING_MESSAGES.spouseNoPhone);
  const sentAudit = (expires: Date, hash: string | null = null) =>
    deps.db.transaction(async (tx) => {
      // A texted code is only marked sent here: the code itself lives (as an HMAC) with auth's phone codes.
      await repo.updateRequest(tx, request.id, { spouse_code_expires_at: expires, spouse_code_hash: hash });
      await audit(tx, {
        actorId: auth.user.id,
        action: 'signing.spouse_code_sent',
        entityType: 'ticket',
        entityId: ticket.id,
        ip,
        meta: {
          signing_request_id: request.id,
          channel,
          ...(channel === 'sms' ? { phone_last4: request.spouse_phone!.slice(-4) } : {}),
        },
      });
    });
  if (channel === 'sms') {
    const phone = request.spouse_phone!;
    const sent = await sendStepUpCode(deps, { purpose: 'signing_spouse', phone, userId: auth.user.id }, { ip });
    await sentAudit(new Date(sent.expires_at));
    return { sent_to: maskPhone(phone), expires_at: sent.expires_at, channel };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expires = new Date(deps.now().getTime() + SPOUSE_CODE_MINUTES * 60_000);
  const follow = new FollowUps();
  await sentAudit(expires, codeHash(deps.sessionSecret, request.id, code));
  const say = textsIn(language);
  const asked = say('notifications.spouseCode.text', {
    customer: ticket.customer_name,
    year: ticket.year,
    code,
    minutes: SPOUSE_CODE_MINUTES,
  });
  follow.mail({
    to: request.spouse_email!,
    subject: say('notifications.spouseCode.subject', { ticket: ticket.name }),
    text: `${say('mail.hello', { name: request.spouse_name })}\n\n${asked}\n`,
    secrets: [code],
  });
  await follow.run(deps);
  return { sent_to: maskEmail(request.spouse_email!), expires_at: expires.toISOString(), channel };
}

/**
 * The part the caller signs with their own factors: the taxpayer's, or a spouse's who signs with their own account
 * (0032); anyone else is asked as the taxpayer (and refused there, as before).
 */
async function ownPart(deps: SigningDeps, auth: AuthContext, ref: string) {
  const ticket = await visibleTicket(deps.db, auth, ref);
  const current = await repo.currentRequest(deps.db, ticket.id);
  const role: SignerRole = current && partOf(ticket, current, auth.user.id) === 'spouse' ? 'spouse' : 'taxpayer';
  return { ...(await signableRequest(deps, auth, ref, role)), role };
}

/** A code texted to the signer's own verified phone (the taxpayer's, a spouse's with an account), auth's rules. */
export async function sendTaxpayerSmsCode(deps: SigningDeps, auth: AuthContext, ref: string, ip: string) {
  const { ticket, request, role } = await ownPart(deps, auth, ref);
  refuseIfLocked(request, role);
  if (!deps.sms) throw new AppError('conflict', SIGNING_MESSAGES.smsOff);
  const { verifiedPhone: phone } = await secondFactorsOf(deps, auth.user.id);
  if (!phone) throw new AppError('conflict', SIGNING_MESSAGES.noVerifiedPhone);
  const sent = await sendStepUpCode(deps, { purpose: 'signing', phone, userId: auth.user.id }, { ip });
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'signing.sms_code_sent',
    entityType: 'ticket',
    entityId: ticket.id,
    ip,
    meta: { signing_request_id: request.id, signer: role, phone_last4: phone.slice(-4) },
  });
  return { sent_to: maskPhone(phone), ...sent };
}

/** WebAuthn options naming the signer's own passkeys (the taxpayer's, a spouse's with an account), bound to them. */
export async function passkeyOptions(deps: SigningDeps, auth: AuthContext, ref: string) {
  const { request, role } = await ownPart(deps, auth, ref);
  refuseIfLocked(request, role);
  const options = await passkeyStepUpOptions(deps, auth.user.id);
  if (!options) throw new AppError('conflict', SIGNING_MESSAGES.factorUnavailable);
  return options;
}

const unavailable = (field: string) => fieldError(field, SIGNING_MESSAGES.factorUnavailable);

type SpouseCodeBody = Extract<ConfirmSignerBody, { signer: 'spouse'; code: string; factor?: 'code' | undefined }>;
const isSpouseCode = (body: ConfirmSignerBody): body is SpouseCodeBody =>
  body.signer === 'spouse' && (body.factor === undefined || body.factor === 'code');

/**
 * Checks the signer's answer; null for a wrong one (counted by the caller). Refuses, uncounted, a factor the
 * person does not have or the firm does not accept, and a person with no factor at all.
 */
async function checkFactor(
  deps: SigningDeps,
  auth: AuthContext,
  request: SigningRequestRow,
  body: ConfirmSignerBody,
): Promise<{ by: ConfirmedBy | null; field: string; wrong: string }> {
  const userId = auth.user.id;
  const strict = await isStrictIdentity(deps.db);
  // A spouse without an account confirms with the code sent to them; one with their own account as the taxpayer
  // does, with their own factor (docs/decisions/0032). The other way is refused, uncounted.
  const byCode = isSpouseCode(body);
  if (body.signer === 'spouse' && byCode !== (request.spouse_user_id === null)) throw unavailable('code');
  if (isSpouseCode(body)) {
    const channel = spouseChannel(deps, request, strict);
    if (!channel) throw new AppError('conflict', SIGNING_MESSAGES.spouseNoPhone);
    const wrong = SIGNING_MESSAGES.wrongCode;
    if (channel === 'sms') {
      const phone = request.spouse_phone!;
      const ok = await checkStepUpCode(deps, { purpose: 'signing_spouse', phone, userId }, body.code);
      return { by: ok ? { factor: 'sms_code', phoneLast4: phone.slice(-4) } : null, field: 'code', wrong };
    }
    const ok =
      !!request.spouse_code_hash &&
      !!request.spouse_code_expires_at &&
      request.spouse_code_expires_at.getTime() > deps.now().getTime() &&
      safeEqual(request.spouse_code_hash, codeHash(deps.sessionSecret, request.id, body.code));
    if (ok) {
      // Single use: the code is gone once it has confirmed the spouse.
      await repo.updateRequest(deps.db, request.id, { spouse_code_hash: null, spouse_code_expires_at: null });
    }
    return { by: ok ? { factor: 'email_code', phoneLast4: null } : null, field: 'code', wrong };
  }
  return checkOwnFactor(deps, userId, body as OwnFactorAnswer, strict);
}

/** How long the code that confirmed a signer is recognised when sent again (a TOTP step and its grace, a double tap). */
const REPLAY_WINDOW_MS = 2 * 60_000;

function isReplay(deps: SigningDeps, request: SigningRequestRow, signer: 'taxpayer' | 'spouse', used: string) {
  const hash = signer === 'taxpayer' ? request.taxpayer_code_used_hash : request.spouse_code_used_hash;
  const at = signer === 'taxpayer' ? request.taxpayer_code_used_at : request.spouse_code_used_at;
  return !!hash && !!at && deps.now().getTime() - at.getTime() <= REPLAY_WINDOW_MS && safeEqual(hash, used);
}

/** The signer's factor: a wrong answer is counted (the fifth locks signing); a right one buys a 15-minute token. */
export async function confirmSigner(
  deps: SigningDeps,
  auth: AuthContext,
  ref: string,
  body: ConfirmSignerBody,
  ip: string,
): Promise<SignerConfirmation> {
  const { ticket, request } = await signableRequest(deps, auth, ref, body.signer);
  refuseIfLocked(request, body.signer);
  const factor = isSpouseCode(body) ? 'code' : body.factor;
  const { by, field, wrong } = await checkFactor(deps, auth, request, body);
  // The code that just confirmed this signer, sent again (a double submit): not a failure toward the lock.
  const code = 'code' in body && typeof body.code === 'string' ? body.code : null;
  const used = code === null ? null : codeHash(deps.sessionSecret, request.id, `${body.signer}:${code}`);
  if (!by && used !== null && isReplay(deps, request, body.signer, used)) {
    throw new AppError('conflict', SIGNING_MESSAGES.alreadyConfirmed);
  }
  if (!by) {
    await deps.db.transaction(async (tx) => {
      await repo.countFailure(tx, request.id, body.signer);
      await audit(tx, {
        actorId: auth.user.id,
        action: 'signing.confirm_failed',
        entityType: 'ticket',
        entityId: ticket.id,
        ip,
        meta: { signing_request_id: request.id, signer: body.signer, factor },
      });
    });
    throw fieldError(field, wrong);
  }
  if (used !== null) {
    const at = deps.now();
    await repo.updateRequest(
      deps.db,
      request.id,
      body.signer === 'taxpayer'
        ? { taxpayer_code_used_hash: used, taxpayer_code_used_at: at }
        : { spouse_code_used_hash: used, spouse_code_used_at: at },
    );
  }
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'signing.confirmed',
    entityType: 'ticket',
    entityId: ticket.id,
    ip,
    meta: {
      signing_request_id: request.id,
      signer: body.signer,
      factor: by.factor,
      ...(by.phoneLast4 ? { phone_last4: by.phoneLast4 } : {}),
    },
  });
  const expires = new Date(deps.now().getTime() + CONFIRMATION_MINUTES * 60_000);
  return {
    confirmation: confirmationToken(deps.sessionSecret, request.id, body.signer, auth.user.id, expires, by),
    expires_at: expires.toISOString(),
  };
}
