import type { DocumentsDeps } from '../documents/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { SmsProvider } from '../platform/sms.ts';

/** The vault's deps, and the SMS provider: signers confirm with codes texted to them (docs/decisions/0021-a). */
export interface SigningDeps extends DocumentsDeps {
  /** null: no texts (production without a provider): SMS codes are not offered. */
  sms: SmsProvider | null;
  /** The firm's name the texts are signed with (site's firmName). */
  firmName: (db: Db) => Promise<string>;
  /** The firm's country (site's firmCountry): a spouse's phone typed without + is read as one of its. */
  firmCountry: (db: Db) => Promise<string>;
}
