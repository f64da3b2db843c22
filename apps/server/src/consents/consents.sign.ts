import { createHash } from 'node:crypto';
import { CONSENT_MESSAGES as M, type ConsentDetail, type SignConsentBody } from '@taxportal/contract';
import { passkeyStepUpOptions, secondFactorsOf, sendStepUpCode } from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { checkOwnFactor, sameName, type OwnFactorAnswer } from '../signing/index.ts';
import type { ConsentsDeps } from './consents.deps.ts';
import { signFactorsOf } from './consents.factors.ts';
import { afterCommit, answeredNotice } from './consents.notify.ts';
import * as repo from './consents.repository.ts';
import { getConsent, ownConsent, requireStatus } from './consents.service.ts';
import { expiresAtFor } from './consents.view.ts';

/** Wrong codes or passwords a consent takes before it locks (Form 8879's number: 0021-a). */
export const MAX_SIGN_FAILURES = 5;

interface SignMeta {
  ip: string;
  userAgent: string | null;
}

/** The signer's own consent, still waiting for their answer and not locked. */
async function signable(deps: ConsentsDeps, auth: AuthContext, id: string) {
  const row = await ownConsent(deps.db, auth, id);
  requireStatus(row, deps.now(), 'sent');
  if (row.sign_failures >= MAX_SIGN_FAILURES) throw new AppError('rate_limited', M.locked);
  return row;
}

/** Texts a code to the signer's verified phone (auth's phone-code rules: expiry, tries, cooldown). */
export async function sendConsentCode(deps: ConsentsDeps, auth: AuthContext, id: string, meta: SignMeta) {
  await signable(deps, auth, id);
  const phone = (await secondFactorsOf(deps, auth.user.id)).verifiedPhone;
  if (!phone) throw new AppError('conflict', M.smsUnavailable);
  return sendStepUpCode(
    deps,
    { purpose: 'signing', phone, userId: auth.user.id },
    {
      ip: meta.ip,
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
    },
  );
}

/** WebAuthn options naming the signer's own passkeys, bound to them (auth's step-up: one challenge, one use). */
export async function consentPasskeyOptions(deps: ConsentsDeps, auth: AuthContext, id: string) {
  await signable(deps, auth, id);
  const options = await passkeyStepUpOptions(deps, auth.user.id);
  if (!options) throw new AppError('conflict', M.factorUnavailable);
  return options;
}

/**
 * Whether the factor named proves the signer, by signing's checkOwnFactor (auth's rules; the firm's switch); a factor
 * that is not theirs to use is refused there, uncounted (422), and no factor at all under the check is a 409.
 */
async function factorProves(deps: ConsentsDeps, auth: AuthContext, b: SignConsentBody, strict: boolean) {
  const answer: OwnFactorAnswer =
    b.factor === 'password'
      ? { factor: 'password', password: b.password ?? '' }
      : b.factor === 'passkey'
        ? { factor: 'passkey', response: b.response ?? null }
        : { factor: b.factor === 'sms_code' ? 'sms_code' : 'totp', code: b.code ?? '' };
  const { by, field } = await checkOwnFactor(deps, auth.user.id, answer, strict);
  // An authenticator's code typed where a recovery code was named (or the reverse) proves the person all the same;
  // the record names what was used.
  return { by, field };
}

/**
 * The client signs (Rev. Proc. 2013-14 section 6): their full name typed as their account names them, a factor that
 * proves it is them, and their assent. Records who, when, IP, user agent, the factor and the SHA-256 of the document
 * as sent; the document itself never changes after (the row keeps it as signed). Only the client themselves can sign:
 * staff are refused by the route's roles (403), another client's consent is 404.
 */
export async function signConsent(
  deps: ConsentsDeps,
  auth: AuthContext,
  id: string,
  b: SignConsentBody,
  meta: SignMeta,
): Promise<ConsentDetail> {
  const row = await signable(deps, auth, id);
  if (!sameName(b.typed_name, row.customer_name)) throw fieldError('typed_name', M.nameMismatch);
  const f = await signFactorsOf(deps, auth.user.id);
  if (!f.sign_with.includes(b.factor) && f.sign_with.length) throw fieldError('factor', M.factorUnavailable);
  const { by, field } = await factorProves(deps, auth, b, f.strict);
  if (!by) {
    await deps.db.transaction(async (tx) => {
      await repo.countSignFailure(tx, id);
      await audit(tx, {
        actorId: auth.user.id,
        action: 'consent.sign_failed',
        entityType: 'consent',
        entityId: id,
        ip: meta.ip,
        meta: { factor: b.factor },
      });
    });
    throw fieldError(field, M.wrongFactor);
  }
  const follow = await deps.db.transaction(async (tx) => {
    await repo.lockConsent(tx, id);
    const now = deps.now();
    const current = await ownConsent(tx, auth, id);
    requireStatus(current, now, 'sent');
    const sha = createHash('sha256').update(current.body, 'utf8').digest('hex');
    const expires = expiresAtFor(now, current.ends_on);
    await repo.updateConsent(tx, id, {
      state: 'signed',
      signed_at: now,
      answered_at: now,
      expires_at: expires,
      signature_name: b.typed_name,
      signature_factor: by.factor,
      signature_ip: meta.ip,
      signature_user_agent: meta.userAgent?.slice(0, 500) ?? null,
      text_sha256: sha,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'consent.signed',
      entityType: 'consent',
      entityId: id,
      ip: meta.ip,
      meta: {
        factor: by.factor,
        ...(by.phoneLast4 ? { phone_last4: by.phoneLast4 } : {}),
        text_sha256: sha,
        expires_at: expires.toISOString(),
      },
    });
    return answeredNotice(tx, deps, current.created_by, {
      name: current.customer_name,
      purpose: current.purpose,
      answer: 'signed',
    });
  });
  await afterCommit(deps, [], [follow]);
  return getConsent(deps, auth, id);
}
