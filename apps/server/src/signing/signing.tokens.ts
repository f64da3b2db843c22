import { createHmac } from 'node:crypto';
import { SIGNING_FACTORS, type SignerRole, type SigningFactor } from '@taxportal/contract';
import { safeEqual } from '../platform/crypto.ts';

/** A confirmation is good for this long: enough to type a name and draw a signature. */
export const CONFIRMATION_MINUTES = 15;
export const SPOUSE_CODE_MINUTES = 15;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** How the signer was confirmed, carried in the confirmation token to the signature it allows. */
export interface ConfirmedBy {
  factor: SigningFactor;
  /** An SMS code's number: its last four digits. */
  phoneLast4: string | null;
}

/** What a confirmation is for: Form 8879 ('8879'), or another signed document (an engagement letter: 'engagement'). */
export type ConfirmationScope = '8879' | 'engagement';

const payload = (
  requestId: string,
  role: SignerRole,
  userId: string,
  exp: number,
  by: ConfirmedBy,
  scope: ConfirmationScope,
) => `${scope}|${requestId}|${role}|${userId}|${exp}|${by.factor}|${by.phoneLast4 ?? '-'}`;

/**
 * A short-lived proof that `role` re-authenticated for this request, bound to the signed-in user, naming the
 * factor (and an SMS code's last four digits), all under the HMAC.
 */
export function confirmationToken(
  key: Buffer,
  requestId: string,
  role: SignerRole,
  userId: string,
  expires: Date,
  by: ConfirmedBy,
  scope: ConfirmationScope = '8879',
) {
  const exp = expires.getTime();
  return `${exp}.${by.factor}.${by.phoneLast4 ?? '-'}.${hmac(key, payload(requestId, role, userId, exp, by, scope))}`;
}

/** How the signer was confirmed, if `token` is a live confirmation for this request, role and user; else null. */
export function checkConfirmation(
  key: Buffer,
  token: string,
  requestId: string,
  role: SignerRole,
  userId: string,
  now: Date,
  scope: ConfirmationScope = '8879',
): ConfirmedBy | null {
  const [expText, factor, last4, mac] = token.split('.');
  const exp = Number(expText);
  if (!Number.isFinite(exp) || !mac || exp < now.getTime()) return null;
  if (!(SIGNING_FACTORS as readonly string[]).includes(factor ?? '')) return null;
  if (!last4 || !/^(-|\d{4})$/.test(last4)) return null;
  const by: ConfirmedBy = { factor: factor as SigningFactor, phoneLast4: last4 === '-' ? null : last4 };
  return safeEqual(mac, hmac(key, payload(requestId, role, userId, exp, by, scope))) ? by : null;
}

export const codeHash = (key: Buffer, requestId: string, code: string) => hmac(key, `8879-spouse|${requestId}|${code}`);

/** j***@example.com */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');
