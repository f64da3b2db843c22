import { createCipheriv, createDecipheriv, createHash, randomBytes, type DecipherGCM, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The stored format of one file: MAGIC (4) | IV (12) | AES-256-GCM ciphertext | tag (16), written by the
 * sealing threads (seal-worker.mjs). Each file has its own data key; the key is kept only wrapped by the
 * master key (`wrapKey`).
 */
export const MAGIC = Buffer.from('TPF1');
export const IV_BYTES = 12;
const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC.length + IV_BYTES;

/** Seals a 32-byte data key with the master key: base64(iv | tag | sealed key). */
export function wrapKey(master: Buffer, dataKey: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv('aes-256-gcm', master, iv);
  const sealed = Buffer.concat([c.update(dataKey), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), sealed]).toString('base64');
}

export function unwrapKey(master: Buffer, wrapped: string): Buffer {
  const raw = Buffer.from(wrapped, 'base64');
  if (raw.length !== IV_BYTES + TAG_BYTES + 32) throw new Error('wrapped key has the wrong length');
  const d = createDecipheriv('aes-256-gcm', master, raw.subarray(0, IV_BYTES));
  d.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([d.update(raw.subarray(IV_BYTES + TAG_BYTES)), d.final()]);
}

/**
 * Stored format in, plaintext out. The tag is the last 16 bytes, so the tail is held back until the end;
 * a wrong tag or a sha256 that does not match the recorded one ends the stream with an error.
 */
export class DecryptStream extends Transform {
  private header = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private decipher: DecipherGCM | null = null;
  private readonly sha: Hash = createHash('sha256');
  constructor(
    private readonly dataKey: Buffer,
    private readonly expectedSha256: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    try {
      let data = chunk;
      if (!this.decipher) {
        this.header = Buffer.concat([this.header, data]);
        if (this.header.length < HEADER_BYTES) return cb();
        if (!this.header.subarray(0, MAGIC.length).equals(MAGIC)) return cb(new Error('not a stored file'));
        this.decipher = createDecipheriv('aes-256-gcm', this.dataKey, this.header.subarray(MAGIC.length, HEADER_BYTES));
        data = this.header.subarray(HEADER_BYTES);
        this.header = Buffer.alloc(0);
      }
      const all = this.tail.length ? Buffer.concat([this.tail, data]) : data;
      const cut = Math.max(0, all.length - TAG_BYTES);
      this.tail = Buffer.from(all.subarray(cut));
      if (cut === 0) return cb();
      const plain = this.decipher.update(all.subarray(0, cut));
      this.sha.update(plain);
      cb(null, plain);
    } catch (err) {
      cb(err as Error);
    }
  }
  override _flush(cb: TransformCallback): void {
    try {
      if (!this.decipher || this.tail.length !== TAG_BYTES) return cb(new Error('stored file is truncated'));
      this.decipher.setAuthTag(this.tail);
      const last = this.decipher.final();
      this.sha.update(last);
      if (this.sha.digest('hex') !== this.expectedSha256) return cb(new Error('stored file does not match its sha256'));
      cb(null, last);
    } catch {
      cb(new Error('stored file failed its integrity check'));
    }
  }
}
