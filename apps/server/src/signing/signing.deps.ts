import type { DocumentsDeps } from '../documents/index.ts';
import type { SmsProvider } from '../platform/sms.ts';

/** The vault's deps, and the SMS provider: signers confirm with codes texted to them (docs/decisions/0021-a). */
export interface SigningDeps extends DocumentsDeps {
  /** null: no texts (production without a provider): SMS codes are not offered. */
  sms: SmsProvider | null;
}
