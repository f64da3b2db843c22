import { generateSecret, generateSync } from 'otplib';

/**
 * Staff must have a second factor (docs/decisions/0019-a): gives a staff member of a benchmark's PostgreSQL
 * database an authenticator app, with the key the server will run with, and returns its secret (base32).
 * Needs tsx's loader registered (it imports the server's own TypeScript).
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
 * Signs in through the API (with a code when `totpSecret` is given) and returns the session's cookie header and
 * its session token.
 */
export async function signIn(base, email, password, totpSecret) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(totpSecret ? { otp: generateSync({ secret: totpSecret }) } : {}) }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = /tp_session=([^;]+)/.exec(cookie)?.[1];
  return { cookie, token };
}
