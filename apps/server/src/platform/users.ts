import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isLanguage, type Language, type Role } from '@taxportal/contract';
import type { Tx } from './db/client.ts';
import { accountStates, apiTokens, sessions, siteEditors, userRoles, users, userSettings } from './db/schema.ts';
import { hashPassword } from './passwords.ts';

/** Letters and digits a person reads back without confusion (no 0/O, 1/I/L). */
const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A person's referral code: 10 random characters (about 49 bits), unrelated to their id, so a link tells nothing
 * about the account and codes cannot be walked. Who referred whom is recorded by the referrals feature.
 */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** Creates a user with roles; the first role is the login role. A null password: set later through a mailed link. */
export async function createUser(
  db: Tx,
  u: {
    email: string;
    full_name: string;
    phone?: string | null;
    password: string | null;
    roles: Role[];
  },
): Promise<string> {
  const id = randomUUID();
  const [loginRole] = u.roles;
  if (!loginRole) throw new Error('a user needs a role');
  const passwordHash = u.password === null ? null : await hashPassword(u.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: u.email,
      full_name: u.full_name,
      phone: u.phone ?? null,
      password_hash: passwordHash,
      login_role: loginRole,
      referral_code: newReferralCode(),
    });
    await tx.insert(userRoles).values(u.roles.map((role) => ({ user_id: id, role })));
  });
  return id;
}

/**
 * Customers without a password, many at once (Admin's client import): what createUser makes for each, in two
 * statements. An e-mail some account has by now is skipped: the answer maps only the e-mails made to their new ids.
 */
export async function createPasswordlessCustomers(
  db: Tx,
  people: { email: string; full_name: string; phone: string | null }[],
): Promise<Map<string, string>> {
  if (!people.length) return new Map();
  const made = await db
    .insert(users)
    .values(
      people.map((p) => ({
        id: randomUUID(),
        email: p.email,
        full_name: p.full_name,
        phone: p.phone,
        password_hash: null,
        login_role: 'Customer',
        referral_code: newReferralCode(),
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  if (made.length) await db.insert(userRoles).values(made.map((u) => ({ user_id: u.id, role: 'Customer' })));
  return new Map(made.map((u) => [u.email, u.id]));
}

/** A user's roles (none for an unknown id). */
export const rolesOf = async (db: Tx, userId: string): Promise<string[]> =>
  (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId))).map((r) => r.role);

/** Whether an Admin made the user a site editor (the `site_editors` permission; Admins edit the site anyway). */
export async function isSiteEditor(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: siteEditors.user_id }).from(siteEditors).where(eq(siteEditors.user_id, userId));
  return Boolean(row);
}

/** A user's name, email and password hash (drafts and signing address people; signing re-checks a password). */
export async function findUser(db: Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, full_name: users.full_name, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * The account can no longer sign in: a state that says why (createSession refuses it), no session and no API
 * token left (the database's triggers drop them from every server's principal cache at once). `closed` also
 * forgets the password. Records stay (a tax firm keeps them for their retention period).
 */
export async function endLogin(db: Tx, userId: string, state: 'closed' | 'deactivated', by: string): Promise<void> {
  await db
    .insert(accountStates)
    .values({ user_id: userId, state, changed_by: by })
    .onConflictDoUpdate({ target: accountStates.user_id, set: { state, changed_by: by, changed_at: sql`now()` } });
  if (state === 'closed') {
    await db.update(users).set({ password_hash: null, updated_at: new Date() }).where(eq(users.id, userId));
  }
  await db.delete(sessions).where(eq(sessions.user_id, userId));
  await db
    .update(apiTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)));
}

/** An Admin reactivates a deactivated staff member (a closed account stays closed). */
export async function reopenLogin(db: Tx, userId: string): Promise<void> {
  await db.delete(accountStates).where(and(eq(accountStates.user_id, userId), eq(accountStates.state, 'deactivated')));
}

/**
 * The language a person saved (user_settings, on its key: one lookup per row), for queries that list people or
 * their tickets; `languageOrNull` reads it. Staff answer a customer in it (issue 31).
 */
export const savedLanguageSql = (userId: SQL) =>
  sql`(select us.language from ${userSettings} us where us.user_id = ${userId})`;
export const languageOrNull = (value: string | null | undefined): Language | null => (isLanguage(value) ? value : null);

/** The language the person saved on their profile, or null if they never chose one (nor registered with one). */
export async function savedLanguage(db: Tx, userId: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId));
  return languageOrNull(row?.language);
}

/** Keeps `language` as the person's (their profile's; what the server writes to them is in it). */
export async function saveLanguage(db: Tx, userId: string, language: Language): Promise<void> {
  await db
    .insert(userSettings)
    .values({ user_id: userId, language })
    .onConflictDoUpdate({ target: userSettings.user_id, set: { language, updated_at: sql`now()` } });
}
