import { randomInt } from 'node:crypto';
import {
  MAX_SIGNING_FAILURES,
  MFA_MESSAGES,
  SIGNING_MESSAGES,
  type ConfirmSignerBody,
  type Language,
  type SignerConfirmation,
  type SignerRole,
} from '@taxportal/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  checkStepUpCode,
  maskPhone,
  passkeyStepUpOptions,
  secondFactorsOf,
  sendStepUpCode,
  useSecondFactorCode,
  verifyPasskeyStepUp,
} from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { safeEqual } from '../platform/crypto.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { textsIn } from '../platform/i18n.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { findUser } from '../platform/users.ts';
import { FollowUps } from '../drafts/index.ts';
import type { SigningDeps } from './signing.deps.ts';
import * as repo from './signing.repository.ts';
import type { SigningRequestRow } from './signing.repository.ts';
import { signableRequest } from './signing.service.ts';
import { spouseChannel } from './signing.factors.ts';
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

/** A code texted to the taxpayer's verified phone, with auth's phone-code rules. */
export async function sendTaxpayerSmsCode(deps: SigningDeps, auth: AuthContext, ref: string, ip: string) {
  const { ticket, request } = await signableRequest(deps, auth, ref, 'taxpayer');
  refuseIfLocked(request, 'taxpayer');
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
    meta: { signing_request_id: request.id, signer: 'taxpayer', phone_last4: phone.slice(-4) },
  });
  return { sent_to: maskPhone(phone), ...sent };
}

/** WebAuthn options naming the taxpayer's own passkeys, the challenge bound to them. */
export async function passkeyOptions(deps: SigningDeps, auth: AuthContext, ref: string) {
  const { request } = await signableRequest(deps, auth, ref, 'taxpayer');
  refuseIfLocked(request, 'taxpayer');
  const options = await passkeyStepUpOptions(deps, auth.user.id);
  if (!options) throw new AppError('conflict', SIGNING_MESSAGES.factorUnavailable);
  return options;
}

const unavailable = (field: string) => fieldError(field, SIGNING_MESSAGES.factorUnavailable);

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
  if (body.signer === 'spouse') {
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
  const has = await secondFactorsOf(deps, userId);
  if (strict && !has.passkey && !has.totp && !has.verifiedPhone) {
    throw new AppError('conflict', SIGNING_MESSAGES.noFactor);
  }
  switch (body.factor) {
    case 'passkey': {
      if (!has.passkey) throw unavailable('response');
      const ok = await verifyPasskeyStepUp(deps, userId, body.response as AuthenticationResponseJSON);
      return {
        by: ok ? { factor: 'passkey', phoneLast4: null } : null,
        field: 'response',
        wrong: MFA_MESSAGES.passkeyFailed,
      };
    }
    case 'totp': {
      if (!has.totp) throw unavailable('code');
      const kind = await useSecondFactorCode(deps, deps.db, userId, body.code);
      return { by: kind ? { factor: kind, phoneLast4: null } : null, field: 'code', wrong: MFA_MESSAGES.codeInvalid };
    }
    case 'sms_code': {
      if (!has.verifiedPhone) throw unavailable('code');
      const phone = has.verifiedPhone;
      const ok = await checkStepUpCode(deps, { purpose: 'signing', phone, userId }, body.code);
      return {
        by: ok ? { factor: 'sms_code', phoneLast4: phone.slice(-4) } : null,
        field: 'code',
        wrong: SIGNING_MESSAGES.wrongCode,
      };
    }
    case 'password': {
      if (strict) throw fieldError('password', SIGNING_MESSAGES.passwordOff);
      const user = await findUser(deps.db, userId);
      const ok = await verifyPassword(user?.password_hash ?? null, body.password);
      return {
        by: ok ? { factor: 'password', phoneLast4: null } : null,
        field: 'password',
        wrong: SIGNING_MESSAGES.wrongPassword,
      };
    }
  }
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
  const factor = body.signer === 'spouse' ? 'code' : body.factor;
  const { by, field, wrong } = await checkFactor(deps, auth, request, body);
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
