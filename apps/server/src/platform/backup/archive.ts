import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import fsp from 'node:fs/promises';

/**
 * The backup archive: `TPBK1\n`, a length-prefixed JSON header (the key derivation's parameters and salt, the
 * nonce prefix; no key), then the payload encrypted with AES-256-GCM in chunks of at most 1 MiB. Each chunk is
 * `u32 length | ciphertext | 16-byte tag`; its nonce is the prefix and the chunk's number, its additional data
 * the header's hash, the number and a last-chunk flag, so a changed header, a changed, reordered or dropped
 * chunk, and a cut-off or extended archive all fail authentication. The key comes from a passphrase through
 * scrypt (OWASP's N=2^17, r=8, p=1); the data's own encryption key is never in the archive.
 */
const MAGIC = Buffer.from('TPBK1\n');
const CHUNK = 1024 * 1024;
const TAG = 16;
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;

interface Header {
  format: 1;
  created_at: string;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  nonce_prefix: string;
}

export class ArchiveError extends Error {}

function deriveKey(passphrase: string, kdf: Header['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

const nonceOf = (prefix: Buffer, n: number) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 8);
  nonce.writeUInt32BE(n, 8);
  return nonce;
};
const aadOf = (headerHash: Buffer, n: number, last: boolean) => {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(n, 0);
  tail[4] = last ? 1 : 0;
  return Buffer.concat([headerHash, tail]);
};

/** Encrypts `payload` (any sequence of buffers) into `file`, written to `file.part` and renamed when complete. */
export async function writeArchive(file: string, passphrase: string, payload: AsyncIterable<Buffer>): Promise<void> {
  const header: Header = {
    format: 1,
    created_at: new Date().toISOString(),
    kdf: { name: 'scrypt', ...SCRYPT, salt: randomBytes(16).toString('base64') },
    cipher: 'aes-256-gcm',
    nonce_prefix: randomBytes(8).toString('base64'),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const headerHash = createHash('sha256').update(headerBytes).digest();
  const key = await deriveKey(passphrase, header.kdf);
  const prefix = Buffer.from(header.nonce_prefix, 'base64');
  const part = `${file}.part`;
  const out = await fsp.open(part, 'w', 0o600);
  try {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(headerBytes.length);
    await out.write(Buffer.concat([MAGIC, len, headerBytes]));
    let n = 0;
    let pending: Buffer[] = [];
    let size = 0;
    const seal = async (plain: Buffer, last: boolean) => {
      const cipher = createCipheriv('aes-256-gcm', key, nonceOf(prefix, n));
      cipher.setAAD(aadOf(headerHash, n, last));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const l = Buffer.alloc(4);
      l.writeUInt32BE(body.length);
      await out.write(Buffer.concat([l, body, cipher.getAuthTag()]));
      n++;
    };
    for await (const piece of payload) {
      let rest = piece;
      while (size + rest.length >= CHUNK) {
        const take = CHUNK - size;
        await seal(Buffer.concat([...pending, rest.subarray(0, take)]), false);
        rest = rest.subarray(take);
        pending = [];
        size = 0;
      }
      if (rest.length) {
        pending.push(rest);
        size += rest.length;
      }
    }
    await seal(Buffer.concat(pending), true);
    await out.sync();
  } finally {
    await out.close();
  }
  await fsp.rename(part, file);
}

/**
 * The payload of an archive, decrypted chunk by chunk; throws ArchiveError (before yielding anything wrong) on a
 * wrong passphrase, any change, or a missing end. Read it once to verify, again to restore.
 */
export async function* readArchive(file: string, passphrase: string): AsyncGenerator<Buffer> {
  const handle = await fsp.open(file, 'r').catch(() => {
    throw new ArchiveError(`cannot read ${file}`);
  });
  try {
    let pos = 0;
    const read = async (n: number) => {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, pos);
      pos += bytesRead;
      return buf.subarray(0, bytesRead);
    };
    const magic = await read(MAGIC.length);
    if (!magic.equals(MAGIC)) throw new ArchiveError('not a Tax Portal backup archive');
    const hlen = (await read(4)).readUInt32BE(0);
    if (hlen > 64 * 1024) throw new ArchiveError('damaged archive header');
    const headerBytes = await read(hlen);
    let header: Header;
    try {
      header = JSON.parse(headerBytes.toString('utf8'));
    } catch {
      throw new ArchiveError('damaged archive header');
    }
    if (header.format !== 1 || header.cipher !== 'aes-256-gcm' || header.kdf?.name !== 'scrypt')
      throw new ArchiveError('unsupported archive format');
    const headerHash = createHash('sha256').update(headerBytes).digest();
    const key = await deriveKey(passphrase, header.kdf);
    const prefix = Buffer.from(header.nonce_prefix, 'base64');
    const { size } = await handle.stat();
    for (let n = 0; ; n++) {
      const lenBytes = await read(4);
      if (lenBytes.length < 4) throw new ArchiveError('the archive is cut short (no end marker)');
      const len = lenBytes.readUInt32BE(0);
      if (len > CHUNK) throw new ArchiveError('damaged archive');
      const body = await read(len);
      const tag = await read(TAG);
      if (body.length < len || tag.length < TAG) throw new ArchiveError('the archive is cut short');
      const last = pos === size;
      const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(prefix, n));
      decipher.setAAD(aadOf(headerHash, n, last));
      decipher.setAuthTag(tag);
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(body), decipher.final()]);
      } catch {
        throw new ArchiveError(
          n === 0
            ? 'wrong passphrase, or the archive was changed'
            : `the archive was changed or damaged (chunk ${n} does not authenticate)`,
        );
      }
      yield plain;
      if (last) return;
    }
  } finally {
    await handle.close();
  }
}

/** Reads `n` bytes at a time out of a stream of buffers: the payload's records do not follow chunk borders. */
export function byteReader(source: AsyncIterator<Buffer>) {
  let buf: Buffer = Buffer.alloc(0);
  let done = false;
  const fill = async (n: number) => {
    const parts: Buffer[] = [buf];
    let have = buf.length;
    while (have < n && !done) {
      const next = await source.next();
      if (next.done) done = true;
      else {
        parts.push(next.value);
        have += next.value.length;
      }
    }
    buf = Buffer.concat(parts);
  };
  return {
    /** Exactly n bytes, or an ArchiveError. */
    async take(n: number): Promise<Buffer> {
      await fill(n);
      if (buf.length < n) throw new ArchiveError('the archive ends inside a record');
      const out = buf.subarray(0, n);
      buf = buf.subarray(n);
      return out;
    },
    /** Checks nothing follows the last record (and lets the archive's file close). */
    async end(): Promise<void> {
      await fill(1);
      if (buf.length) throw new ArchiveError('unexpected data after the end of the archive');
    },
    /** Up to `max` bytes (at least one unless the stream is over). */
    async some(max: number): Promise<Buffer> {
      await fill(1);
      const out = buf.subarray(0, Math.min(max, buf.length));
      buf = buf.subarray(out.length);
      return out;
    },
  };
}
