import { MFA_MESSAGES, SIGNING_MESSAGES, type SigningFactor } from '@taxportal/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  checkStepUpCode,
  maskPhone,
  secondFactorsOf,
  useSecondFactorCode,
  verifyPasskeyStepUp,
} from '../auth/index.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { findUser } from '../platform/users.ts';
import type { SigningDeps } from './signing.deps.ts';
import type { ConfirmedBy } from './signing.tokens.ts';

/**
 * A person's own factor at signing (docs/decisions/0021-a), the part of Form 8879's confirmation any signed document
 * reuses (engagement letters: docs/decisions/0036): a passkey, an authenticator or recovery code, a code texted to
 * their verified phone, or, only with the firm's stricter check off, their password. The factors' rules are auth's.
 */
export type OwnFactorAnswer =
  | { factor: 'passkey'; response: unknown }
  | { factor: 'totp'; code: string }
  | { factor: 'recovery_code'; code: string }
  | { factor: 'sms_code'; code: string }
  | { factor: 'password'; password: string };

const unavailable = (field: string) => fieldError(field, SIGNING_MESSAGES.factorUnavailable);

/**
 * Checks the person's answer; `by` null for a wrong one (the caller counts it). Refuses, uncounted, a factor the
 * person does not have or the firm does not accept (422), and a person with no factor at all under the check (409).
 * `smsPurpose`: the purpose the texted code was sent under (auth's phone codes).
 */
export async function checkOwnFactor(
  deps: SigningDeps,
  userId: string,
  body: OwnFactorAnswer,
  strict: boolean,
  smsPurpose: 'signing' = 'signing',
): Promise<{ by: ConfirmedBy | null; field: string; wrong: string }> {
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
    // `available` lists a recovery code apart from the app's code; both are typed into one field and told apart by
    // their shape (auth's useSecondFactorCode), so either name takes either.
    case 'totp':
    case 'recovery_code': {
      if (!has.totp && !has.recoveryCodes) throw unavailable('code');
      const kind = await useSecondFactorCode(deps, deps.db, userId, body.code);
      return { by: kind ? { factor: kind, phoneLast4: null } : null, field: 'code', wrong: MFA_MESSAGES.codeInvalid };
    }
    case 'sms_code': {
      if (!has.verifiedPhone) throw unavailable('code');
      const phone = has.verifiedPhone;
      const ok = await checkStepUpCode(deps, { purpose: smsPurpose, phone, userId }, body.code);
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

/** The factors a person may confirm with now (only those they have; the password only with the check off). */
export async function ownFactorsOf(
  deps: SigningDeps,
  userId: string,
  strict: boolean,
): Promise<{ available: Exclude<SigningFactor, 'email_code'>[]; phone: string | null }> {
  const f = await secondFactorsOf(deps, userId);
  const available: Exclude<SigningFactor, 'email_code'>[] = [];
  if (f.passkey) available.push('passkey');
  if (f.totp) available.push('totp');
  if (f.recoveryCodes) available.push('recovery_code');
  if (f.verifiedPhone) available.push('sms_code');
  if (!strict) available.push('password');
  return { available, phone: f.verifiedPhone ? maskPhone(f.verifiedPhone) : null };
}

/** A stricter-check-off factor: a password or an e-mailed code (the signature is marked so). */
export const isWeakFactor = (factor: SigningFactor): boolean => factor === 'password' || factor === 'email_code';
