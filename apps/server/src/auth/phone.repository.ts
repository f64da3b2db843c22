import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { phoneCodes, userPhones, users } from '../platform/db/schema.ts';
import { languageOrNull, savedLanguageSql } from '../platform/users.ts';

/** 'signing' / 'signing_spouse': confirming the taxpayer or their spouse before Form 8879 is signed. */
export type CodePurpose = 'sign_in' | 'verify' | 'signing' | 'signing_spouse';

/** Serialises code requests for one number (two tabs asking at once get one code and one cooldown). */
export async function lockPhone(db: Tx, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
}

/** When the newest code of this purpose was made for the number: each purpose keeps its own cooldown. */
export async function lastCodeAt(db: Tx, phone: string, purpose: CodePurpose): Promise<Date | null> {
  const [row] = await db
    .select({ at: phoneCodes.created_at })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
    .orderBy(desc(phoneCodes.created_at))
    .limit(1);
  return row?.at ?? null;
}

export async function countCodesSince(db: Tx, by: { phone: string } | { ip: string }, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phoneCodes)
    .where(
      and('phone' in by ? eq(phoneCodes.phone, by.phone) : eq(phoneCodes.ip, by.ip), gt(phoneCodes.created_at, since)),
    );
  return Number(row?.n ?? 0);
}

/** A new code replaces the open ones of the same purpose, number and user. */
export async function insertCode(db: Tx, row: typeof phoneCodes.$inferInsert) {
  await db
    .update(phoneCodes)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(phoneCodes.purpose, row.purpose),
        eq(phoneCodes.phone, row.phone),
        row.user_id ? eq(phoneCodes.user_id, row.user_id) : isNull(phoneCodes.user_id),
        isNull(phoneCodes.used_at),
      ),
    );
  await db.insert(phoneCodes).values(row);
}

/**
 * Spends one try on the open code of this purpose, number (and user): returns it only while it is unused,
 * unexpired and under `maxTries` (counting this one), so the try is counted before the code is compared.
 */
export async function takeTry(
  db: Tx,
  q: { purpose: CodePurpose; phone: string; userId: string | null },
  maxTries: number,
) {
  const open = db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.purpose, q.purpose),
        eq(phoneCodes.phone, q.phone),
        q.userId ? eq(phoneCodes.user_id, q.userId) : isNull(phoneCodes.user_id),
        isNull(phoneCodes.used_at),
        gt(phoneCodes.expires_at, sql`now()`),
      ),
    )
    .orderBy(desc(phoneCodes.created_at))
    .limit(1);
  const [row] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(sql`${phoneCodes.id} = (${open})`, lt(phoneCodes.attempts, maxTries), isNull(phoneCodes.used_at)))
    .returning({ id: phoneCodes.id, code_hash: phoneCodes.code_hash });
  return row ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function useCode(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(phoneCodes)
    .set({ used_at: new Date() })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.used_at)))
    .returning({ id: phoneCodes.id });
  return rows.length > 0;
}

/** The account whose verified phone this is (still its current number), with its saved language (or null). */
export async function userByVerifiedPhone(db: Tx, phone: string) {
  const [row] = await db
    .select({
      id: users.id,
      login_role: users.login_role,
      language: sql<string | null>`${savedLanguageSql(sql`${users.id}`)}`,
    })
    .from(userPhones)
    .innerJoin(users, and(eq(users.id, userPhones.user_id), eq(users.phone, userPhones.phone)))
    .where(eq(userPhones.phone, phone));
  return row ? { ...row, language: languageOrNull(row.language) } : null;
}

/** The user's current phone if it is one they proved, else null. */
export async function verifiedPhoneOf(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: users.phone })
    .from(userPhones)
    .innerJoin(users, and(eq(users.id, userPhones.user_id), eq(users.phone, userPhones.phone)))
    .where(eq(userPhones.user_id, userId));
  return row?.phone ?? null;
}

/** Whether the user's current phone is one they proved (docs/decisions/0019-b "Verified numbers"). */
export async function hasVerifiedPhone(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(userPhones)
    .innerJoin(users, and(eq(users.id, userPhones.user_id), eq(users.phone, userPhones.phone)))
    .where(eq(userPhones.user_id, userId));
  return Boolean(row);
}

/** The number becomes the user's phone, verified; another account that had it verified loses it. */
export async function setVerifiedPhone(db: Tx, userId: string, phone: string) {
  await db
    .delete(userPhones)
    .where(or(eq(userPhones.user_id, userId), and(eq(userPhones.phone, phone), ne(userPhones.user_id, userId))));
  await db.insert(userPhones).values({ user_id: userId, phone });
  await db.update(users).set({ phone, updated_at: new Date() }).where(eq(users.id, userId));
}
