import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { apiTokens, passwordResets, siteSettings, ticketStatuses, users } from '../platform/db/schema.ts';

export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function setPasswordHash(db: Tx, userId: string, hash: string) {
  await db.update(users).set({ password_hash: hash, updated_at: new Date() }).where(eq(users.id, userId));
}

export async function insertPasswordReset(db: Tx, tokenHash: string, userId: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt });
}

/** Removes a reset (set-password) token: its link stops working. */
export async function deletePasswordReset(db: Tx, tokenHash: string) {
  await db.delete(passwordResets).where(eq(passwordResets.token_hash, tokenHash));
}

/** Whether a reset token is unused and unexpired. */
export async function isPasswordResetLive(db: Tx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ user_id: passwordResets.user_id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, new Date()),
      ),
    );
  return Boolean(row);
}

/** Marks the token used and returns its user, only if it was unused and unexpired: single use under races. */
export async function consumePasswordReset(db: Tx, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, new Date()),
      ),
    )
    .returning({ user_id: passwordResets.user_id });
  return row ?? null;
}

export async function listTokens(db: Tx, userId: string) {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at), gt(apiTokens.expires_at, new Date())))
    .orderBy(desc(apiTokens.created_at));
}

export async function insertToken(db: Tx, row: typeof apiTokens.$inferInsert) {
  const [created] = await db.insert(apiTokens).values(row).returning();
  return created!;
}

export async function revokeToken(db: Tx, userId: string, id: string) {
  const rows = await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Password changed or reset: every API token of the user stops working, as their sessions do. */
export async function revokeUserTokens(db: Tx, userId: string) {
  await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)));
}

export async function getCurrency(db: Db): Promise<string> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'currency'));
  return typeof row?.value === 'string' ? row.value : 'USD';
}

export async function listStatuses(db: Db) {
  return db.select().from(ticketStatuses).orderBy(ticketStatuses.position);
}

export { isUniqueViolation } from '../platform/db/violations.ts';
