import type { SigningFactors } from '@taxportal/contract';
import { maskPhone, secondFactorsOf } from '../auth/index.ts';
import type { SigningDeps } from './signing.deps.ts';
import type { SigningRequestRow } from './signing.repository.ts';
import { isStrictIdentity } from './signing.settings.ts';

/** How the spouse gets a code: texted when staff gave a phone (and texts work), e-mailed only with the check off. */
export function spouseChannel(deps: SigningDeps, r: SigningRequestRow, strict: boolean): 'sms' | 'email' | null {
  if (r.spouse_phone && deps.sms) return 'sms';
  return strict ? null : 'email';
}

/** The ways the signed-in taxpayer (and their spouse) may confirm now: only the factors they have. */
export async function signingFactors(deps: SigningDeps, userId: string, r: SigningRequestRow): Promise<SigningFactors> {
  const strict = await isStrictIdentity(deps.db);
  const f = await secondFactorsOf(deps, userId);
  const taxpayer: SigningFactors['taxpayer'] = [];
  if (f.passkey) taxpayer.push('passkey');
  if (f.totp) taxpayer.push('totp');
  if (f.recoveryCodes) taxpayer.push('recovery_code');
  if (f.verifiedPhone) taxpayer.push('sms_code');
  if (!strict) taxpayer.push('password');
  const channel = r.joint ? spouseChannel(deps, r, strict) : null;
  return {
    strict,
    taxpayer,
    taxpayer_phone: f.verifiedPhone ? maskPhone(f.verifiedPhone) : null,
    spouse: channel === 'sms' ? ['sms_code'] : channel === 'email' ? ['email_code'] : [],
    spouse_phone: r.joint && r.spouse_phone ? maskPhone(r.spouse_phone) : null,
  };
}
