import { generateSecret } from 'otplib';
import { Client } from './client.mjs';

/**
 * Staff must have a second factor (docs/decisions/0019-a): gives a staff member of a benchmark's PostgreSQL
 * database an authenticator app, with the key the server will run with, and returns its secret (base32).
 * Needs tsx's loader registered (it imports the server's own TypeScript) and the database migrated.
 */
export async function enrollStaffTotp(dbUrl, encryptionKey, userId) {
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const { enrollTotp } = await import('../../apps/server/src/platform/auth/totp.ts');
  const secret = generateSecret();
  const enrolling = openPostgres(dbUrl, 1);
  try {
    await enrollTotp(enrolling.db, encryptionKey, userId, secret);
  } finally {
    await enrolling.close();
  }
  return secret;
}

/**
 * Signs in through the API (`Client.login`: with a code when `totpSecret` is given) and returns the session's
 * cookie header, for requests made without the client, and its session token.
 */
export async function signIn(base, email, password, totpSecret) {
  const client = new Client(base);
  await client.login(email, password, totpSecret);
  const token = [...client.jar].find(([name]) => /tp_session$/.test(name))?.[1];
  return { cookie: client.cookieHeader, token };
}
