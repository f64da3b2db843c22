import type { Tx } from '../platform/db/client.ts';
import type { SmsProvider } from '../platform/sms.ts';
import { codeFactorsOf } from './mfa.service.ts';
import * as mfaRepo from './mfa.repository.ts';
import { verifiedPhoneOf } from './phone.repository.ts';

/**
 * Proving it is you again at a sensitive step of another feature (signing Form 8879: docs/decisions/0021-a),
 * with the second factors auth owns: passkeys, TOTP and recovery codes, a code texted to a verified phone. The
 * rules stay here (and in mfa.service, passkeys.service, phone.service); callers only ask.
 */
interface SecondFactors {
  passkey: boolean;
  totp: boolean;
  recoveryCodes: boolean;
  /** The verified phone a code can be texted to (null without one, or without an SMS provider). */
  verifiedPhone: string | null;
}

export async function secondFactorsOf(
  deps: { db: Tx; sms: SmsProvider | null },
  userId: string,
): Promise<SecondFactors> {
  const codes = await codeFactorsOf(deps.db, userId);
  return {
    passkey: (await mfaRepo.listPasskeys(deps.db, userId)).length > 0,
    totp: codes.totp,
    recoveryCodes: codes.recoveryCodes,
    verifiedPhone: deps.sms ? await verifiedPhoneOf(deps.db, userId) : null,
  };
}

/** ••••1234: how a number is shown to the people and on the records that name it. */
export const maskPhone = (phone: string) => `••••${phone.slice(-4)}`;
