import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from './crypto.ts';

/**
 * THE share-link token (an invoice's, a ticket's documents' for a third party): `<link id>.<expiry, unix s>.<HMAC>`.
 * The HMAC, keyed by the session secret, covers the link's kind, its id, what it opens and its expiry, so a token
 * cannot be forged or altered to open anything else; the link's row (which never holds the token) makes it
 * revocable, and both must agree. Never log a token: it is longer than any path segment the log keeps
 * (platform/logging.ts), and mails declare it a secret (the outbox keeps it redacted).
 */
export interface ParsedShareToken {
  id: string;
  exp: number;
  sig: string;
}

/** A new link id: 128 random bits, hex. */
export const newShareLinkId = (): string => randomBytes(16).toString('hex');

const signatureOf = (key: Buffer, kind: string, id: string, subjectId: string, exp: number) =>
  createHmac('sha256', key).update(`${kind}|${id}|${subjectId}|${exp}`).digest('base64url');

/** The token of link `id` of `kind` opening `subjectId` until `expiresAt` (whole seconds). */
export function signShareToken(key: Buffer, kind: string, id: string, subjectId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${signatureOf(key, kind, id, subjectId, exp)}`;
}

/** The token's parts, or null when it does not have the token's shape. */
export function readShareToken(token: string): ParsedShareToken | null {
  const m = /^([0-9a-f]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  return { id: m[1]!, exp: Number(m[2]), sig: m[3]! };
}

/**
 * Whether a parsed token is the one signed for this link's row (its kind, what it opens, its expiry) and not past
 * that expiry at `now`. Revocation is the row's to say.
 */
export function isShareTokenGood(
  key: Buffer,
  kind: string,
  token: ParsedShareToken,
  row: { subjectId: string; expiresAt: Date },
  now: Date,
): boolean {
  if (!safeEqual(token.sig, signatureOf(key, kind, token.id, row.subjectId, token.exp))) return false;
  return row.expiresAt.getTime() === token.exp * 1000 && token.exp * 1000 > now.getTime();
}
