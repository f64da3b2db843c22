import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Per-field encryption for SSNs, ITINs and account numbers: each value gets its own random 256-bit key
 * (AES-256-GCM); that key is wrapped (AES-256-GCM) by the master key. `context` (e.g. the ticket id and the
 * field's path) is bound in as additional authenticated data, so a sealed value copied to another row or
 * field does not open. Format: `f1.<wrap iv>.<wrap tag>.<wrapped key>.<iv>.<tag>.<ciphertext>`, base64url.
 */
const VERSION = 'f1';
const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

function gcmSeal(key: Buffer, plain: Buffer, aad: Buffer): [Buffer, Buffer, Buffer] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), ct];
}

function gcmOpen(key: Buffer, iv: Buffer, tag: Buffer, ct: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

function checkKey(masterKey: Buffer) {
  if (masterKey.length !== 32) throw new Error('field-crypto: the master key must be 32 bytes');
}

export function sealField(masterKey: Buffer, plaintext: string, context: string): string {
  checkKey(masterKey);
  const dataKey = randomBytes(32);
  const aad = Buffer.from(`${VERSION}|${context}`, 'utf8');
  const wrapped = gcmSeal(masterKey, dataKey, aad);
  const sealed = gcmSeal(dataKey, Buffer.from(plaintext, 'utf8'), aad);
  dataKey.fill(0);
  return [VERSION, ...wrapped.map(b64), ...sealed.map(b64)].join('.');
}

/** Throws when the value was altered, was sealed for another context, or under another master key. */
export function openField(masterKey: Buffer, sealed: string, context: string): string {
  checkKey(masterKey);
  const parts = sealed.split('.');
  if (parts.length !== 7 || parts[0] !== VERSION) throw new Error('field-crypto: not a sealed field');
  const [wIv, wTag, wrapped, iv, tag, ct] = parts.slice(1).map(unb64) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  const aad = Buffer.from(`${VERSION}|${context}`, 'utf8');
  const dataKey = gcmOpen(masterKey, wIv, wTag, wrapped, aad);
  try {
    return gcmOpen(dataKey, iv, tag, ct, aad).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}

export const isSealedField = (v: unknown): v is string => typeof v === 'string' && v.startsWith(`${VERSION}.`);
