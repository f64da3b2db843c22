import type { SigningSettings } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import * as repo from './signing.repository.ts';

/**
 * The firm's identity check at signing (docs/decisions/0021-a): on (the default), signers confirm with a second
 * factor; off, the taxpayer's password and the spouse's e-mailed code are accepted too, and the audit page says so.
 */
export async function isStrictIdentity(db: Tx): Promise<boolean> {
  return (await repo.signingSettings(db))?.strict_identity !== false;
}

export async function getSigningSettings(db: Tx): Promise<SigningSettings> {
  return { strict_identity: await isStrictIdentity(db) };
}

/** Admin: switch it; audited with the value before and after. */
export async function updateSigningSettings(
  db: Db,
  auth: AuthContext,
  body: SigningSettings,
  ip: string,
): Promise<SigningSettings> {
  await db.transaction(async (tx) => {
    const before = await isStrictIdentity(tx);
    await repo.saveSigningSettings(tx, body.strict_identity);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'signing.settings_updated',
      entityType: 'site_settings',
      entityId: 'signing',
      ip,
      meta: { strict_identity: body.strict_identity, before },
    });
  });
  return getSigningSettings(db);
}
