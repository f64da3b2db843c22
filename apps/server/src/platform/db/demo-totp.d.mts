/** A demo staff account's TOTP secret (base32), derived from its e-mail (demo-totp.mjs). */
export function demoTotpSecret(email: string): string;
