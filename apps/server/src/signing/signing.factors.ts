import type { SignerRole, SigningFactors } from '@taxportal/contract';
import { maskPhone, secondFactorsOf } from '../auth/index.ts';
import type { SigningDeps } from './signing.deps.ts';
import type { SigningRequestRow } from './signing.repository.ts';
import { isStrictIdentity } from './signing.settings.ts';

/**
 * How a spouse without an account gets a code: texted when staff gave a phone (and texts work), e-mailed only with
 * the check off. A spouse with their own account (docs/decisions/0032) gets none: they use their own factors.
 */
export function spouseChannel(deps: SigningDeps, r: SigningRequestRow, strict: boolean): 'sms' | 'email' | null {
  if (r.spouse_user_id) return null;
  if (r.spouse_phone && deps.sms) return 'sms';
  return strict ? null : 'email';
}

/**
 * The ways the signed-in person may confirm now, for the part they sign (`part`): their own factors (the same rules
 * for the taxpayer and for a spouse with an account), and for the taxpayer of a joint return whose spouse has no
 * account, the spouse's code channel.
 */
export async function signingFactors(
  deps: SigningDeps,
  userId: string,
  r: SigningRequestRow,
  part: SignerRole = 'taxpayer',
): Promise<SigningFactors> {
  const strict = await isStrictIdentity(deps.db);
  const f = await secondFactorsOf(deps, userId);
  const own: SigningFactors['taxpayer'] = [];
  if (f.passkey) own.push('passkey');
  if (f.totp) own.push('totp');
  if (f.recoveryCodes) own.push('recovery_code');
  if (f.verifiedPhone) own.push('sms_code');
  if (!strict) own.push('password');
  const channel = r.joint && part === 'taxpayer' ? spouseChannel(deps, r, strict) : null;
  return {
    strict,
    taxpayer: own,
    taxpayer_phone: f.verifiedPhone ? maskPhone(f.verifiedPhone) : null,
    spouse: channel === 'sms' ? ['sms_code'] : channel === 'email' ? ['email_code'] : [],
    spouse_phone: channel && r.spouse_phone ? maskPhone(r.spouse_phone) : null,
  };
}
