import { PHONE_MESSAGES } from '@taxportal/contract';
import { userHasFactor } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';

/**
 * A phone code or a social account is one factor. An account that has turned on a second factor (TOTP or a
 * passkey) signs in with its password and that factor, never with one of these alone: the one rule for both
 * paths (auth/phone.service.ts, auth/oidc.service.ts), checked after the method's own proof so it tells nothing
 * to someone who has not given it.
 */
export async function refuseIfSecondFactor(db: Tx, userId: string): Promise<void> {
  if (await userHasFactor(db, userId)) throw new AppError('forbidden', PHONE_MESSAGES.factorRefused);
}
