import { eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import type { Tx } from '../db/client.ts';
import { userTotp } from '../db/schema.ts';
import { openField, sealField } from '../field-crypto.ts';

/**
 * A TOTP secret at rest: sealed with the platform's field crypto, bound to its user (a sealed secret copied to
 * another user's row does not open). The auth feature owns set-up and checking (auth/mfa.service.ts); this is
 * below it so that the demo accounts, the `create-users` command and the tests can enrol a known secret.
 */
export const totpSealContext = (userId: string) => `user_totp:${userId}:secret`;

export const sealTotpSecret = (key: Buffer, userId: string, secret: string) =>
  sealField(key, secret, totpSealContext(userId));
export const openTotpSecret = (key: Buffer, userId: string, sealed: string) =>
  openField(key, sealed, totpSealContext(userId));

/** Enrols an enabled TOTP app for the user with `secret` (base32; a new one if not given); returns the secret. */
export async function enrollTotp(db: Tx, key: Buffer, userId: string, secret: string = generateSecret()) {
  const sealed = sealTotpSecret(key, userId, secret);
  await db
    .insert(userTotp)
    .values({ user_id: userId, secret_sealed: sealed, enabled_at: new Date() })
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { secret_sealed: sealed, enabled_at: new Date(), last_step: null },
    });
  return secret;
}

/** The user's enabled TOTP secret (base32), or null: for the development demo's start-up lines only. */
export async function enabledTotpSecret(db: Tx, key: Buffer, userId: string): Promise<string | null> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId));
  return row?.enabled_at ? openTotpSecret(key, userId, row.secret_sealed) : null;
}
