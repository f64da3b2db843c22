import type { ConsentFactor } from '@taxportal/contract';
import { isStrictIdentity, ownFactorsOf } from '../signing/index.ts';
import type { ConsentsDeps } from './consents.deps.ts';

/**
 * How a person may confirm their signature of a consent beside their typed name (Rev. Proc. 2013-14 section 6; docs
 * decisions 0021-a, 0034): Form 8879's own-factor rules through signing's entry point — an authenticator app's code,
 * a recovery code, a code texted to their verified phone, one of their passkeys, and only with the firm's stricter
 * check off, the password.
 */
export async function signFactorsOf(
  deps: ConsentsDeps,
  userId: string,
): Promise<{ sign_with: ConsentFactor[]; phone: string | null; strict: boolean }> {
  const strict = await isStrictIdentity(deps.db);
  const own = await ownFactorsOf(deps, userId, strict);
  const sign_with: ConsentFactor[] = own.available;
  return { sign_with, phone: own.phone, strict };
}
