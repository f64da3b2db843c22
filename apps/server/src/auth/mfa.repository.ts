import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { passkeys, recoveryCodes, trustedDevices, userTotp, webauthnChallenges } from '../platform/db/schema.ts';

export async function findTotp(db: Tx, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId));
  return row ?? null;
}

/** A new secret waiting for its first code: replaces a pending one, never an enabled one. */
export async function upsertPendingTotp(db: Tx, userId: string, secretSealed: string) {
  await db
    .insert(userTotp)
    .values({ user_id: userId, secret_sealed: secretSealed })
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { secret_sealed: secretSealed, last_step: null, created_at: new Date() },
      setWhere: isNull(userTotp.enabled_at),
    });
}

/** Accepts `step` only if it is later than every step accepted before: false for a replay, even under a race. */
export async function takeStep(db: Tx, userId: string, step: number, enable = false) {
  const rows = await db
    .update(userTotp)
    .set({ last_step: step, ...(enable ? { enabled_at: new Date() } : {}) })
    .where(
      and(
        eq(userTotp.user_id, userId),
        enable ? isNull(userTotp.enabled_at) : isNotNull(userTotp.enabled_at),
        or(isNull(userTotp.last_step), lt(userTotp.last_step, step)),
      ),
    )
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

export async function deleteTotp(db: Tx, userId: string) {
  await db.delete(userTotp).where(eq(userTotp.user_id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}

export async function replaceRecoveryCodes(db: Tx, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(hashes.map((code_hash) => ({ code_hash, user_id: userId })));
}

/** Marks the code used, only if it was unused: single use under races. */
export async function useRecoveryCode(db: Tx, userId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ used_at: new Date() })
    .where(and(eq(recoveryCodes.code_hash, codeHash), eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)))
    .returning({ code_hash: recoveryCodes.code_hash });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Tx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

export async function isTrusted(db: Tx, id: string, userId: string) {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(eq(trustedDevices.id, id), eq(trustedDevices.user_id, userId), gt(trustedDevices.expires_at, new Date())),
    );
  return Boolean(row);
}

export async function trustDevice(db: Tx, id: string, userId: string, expiresAt: Date) {
  await db
    .insert(trustedDevices)
    .values({ id, user_id: userId, expires_at: expiresAt })
    .onConflictDoUpdate({ target: trustedDevices.id, set: { expires_at: expiresAt } });
}

export async function forgetTrustedDevices(db: Tx, userId: string) {
  await db.delete(trustedDevices).where(eq(trustedDevices.user_id, userId));
}

export async function listPasskeys(db: Tx, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.created_at));
}

export async function findPasskey(db: Tx, id: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

export async function insertPasskey(db: Tx, row: typeof passkeys.$inferInsert) {
  const [created] = await db.insert(passkeys).values(row).returning();
  return created!;
}

export async function renamePasskey(db: Tx, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Tx, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** A sign-in's counter, only forward (a cloned authenticator sends an old one). */
export async function touchPasskey(db: Tx, id: string, counter: number) {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, last_used_at: new Date() })
    .where(eq(passkeys.id, id));
}

export async function deletePasskeys(db: Tx, userId: string) {
  await db.delete(passkeys).where(eq(passkeys.user_id, userId));
}

export async function insertChallenge(db: Tx, row: typeof webauthnChallenges.$inferInsert) {
  // Expired challenges go as new ones come: the table holds only the last few minutes'.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expires_at, new Date()));
  await db.insert(webauthnChallenges).values(row);
}

/** Takes a challenge: deleted as it is read, so it is good once; null if unknown, expired or for another use. */
export async function takeChallenge(db: Tx, id: string, purpose: string) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
    .returning();
  return row && row.expires_at.getTime() > Date.now() ? row : null;
}
