// Plain JavaScript, so that the server (seed.ts), the browser tests and the bench scripts (Node without a
// TypeScript loader) share this one definition. Types: demo-totp.d.mts.
import { createHash } from 'node:crypto';

/**
 * A demo staff account's TOTP secret (base32): derived from its e-mail, as public as DEMO_PASSWORD, so the demo,
 * its browser test and the benches know it; printed at start next to the e-mail. Development and tests only.
 */
export function demoTotpSecret(email) {
  const bytes = createHash('sha256').update(`tax-portal-demo-totp:${email}`).digest().subarray(0, 20);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  return bits
    .match(/.{5}/g)
    .map((chunk) => alphabet[parseInt(chunk, 2)])
    .join('');
}
