import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** URL-safe random token; 32 bytes = 256 bits. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Keyed hash, so a leaked table of token hashes cannot be replayed or brute-forced offline. */
export const hmacHex = (key: Buffer, value: string): string => createHmac('sha256', key).update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
};
