import { createHmac } from 'node:crypto';
import type { SignerRole } from '@taxportal/contract';
import { safeEqual } from '../platform/crypto.ts';

/** A confirmation is good for this long: enough to type a name and draw a signature. */
export const CONFIRMATION_MINUTES = 15;
export const SPOUSE_CODE_MINUTES = 15;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** A short-lived proof that `role` re-authenticated for this request, bound to the signed-in user. */
export function confirmationToken(key: Buffer, requestId: string, role: SignerRole, userId: string, expires: Date) {
  const exp = expires.getTime();
  return `${exp}.${hmac(key, `8879|${requestId}|${role}|${userId}|${exp}`)}`;
}

export function checkConfirmation(
  key: Buffer,
  token: string,
  requestId: string,
  role: SignerRole,
  userId: string,
  now: Date,
): boolean {
  const [expText, mac] = token.split('.');
  const exp = Number(expText);
  if (!Number.isFinite(exp) || !mac || exp < now.getTime()) return false;
  return safeEqual(mac, hmac(key, `8879|${requestId}|${role}|${userId}|${exp}`));
}

export const codeHash = (key: Buffer, requestId: string, code: string) => hmac(key, `8879-spouse|${requestId}|${code}`);

/** j***@example.com */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');
