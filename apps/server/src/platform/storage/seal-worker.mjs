// @ts-check
// A sealing thread (see seal-pool.ts): hashes the plaintext (SHA-256) and encrypts it (AES-256-GCM) into the
// stored format that crypto-stream.ts reads back: MAGIC (4) | IV (12) | ciphertext | tag (16). It either writes
// the result to a file itself (disk storage: `path`, created 0600, fsynced before `done`) or hands every
// sealed chunk back to the main thread (any other driver).
//
// The plaintext arrives through a ring (a SharedArrayBuffer owned by the main thread): `data` names a slice of
// it; answering `chunk` for that slice frees it for the main thread to refill. Plain JavaScript on purpose: a
// worker is started from a file, and this one must run as it is both from the sources (tests) and from dist.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

const MAGIC = Buffer.from('TPF1');
const IV_BYTES = 12;

/**
 * @typedef {{ ring: SharedArrayBuffer, sha: import('node:crypto').Hash, cipher: import('node:crypto').CipherGCM,
 *   fd: number | null, path: string | null }} Job
 */
/** @type {Map<number, Job>} */
const jobs = new Map();
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @param {Buffer} b  an ArrayBuffer the main thread may take over (no copy when b owns all of its buffer) */
function transferable(b) {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) return b.buffer;
  const copy = new ArrayBuffer(b.length);
  new Uint8Array(copy).set(b);
  return copy;
}

/** Writes to the job's file, or sends the bytes back with the credit for `n` plaintext bytes. */
function emit(/** @type {number} */ id, /** @type {Job} */ job, /** @type {Buffer} */ sealed, /** @type {number} */ n) {
  if (job.fd !== null) {
    let off = 0;
    while (off < sealed.length) off += fs.writeSync(job.fd, sealed, off, sealed.length - off);
    port.postMessage({ op: 'chunk', id, n });
  } else {
    const out = transferable(sealed);
    port.postMessage({ op: 'chunk', id, n, out }, [out]);
  }
}

/** Closes and removes the job's file (after an error or an abort). */
function discard(/** @type {Job} */ job) {
  if (job.fd !== null) {
    try {
      fs.closeSync(job.fd);
    } catch {
      /* already closed */
    }
    job.fd = null;
  }
  if (job.path) fs.rmSync(job.path, { force: true });
}

/**
 * @param {{ op: 'open', id: number, ring: SharedArrayBuffer, key: Uint8Array, path: string | null }
 *   | { op: 'data', id: number, off: number, len: number } | { op: 'end' | 'abort', id: number }} m
 */
function handle(m) {
  if (m.op === 'open') {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', m.key, iv);
    m.key.fill(0);
    // 'wx': a file that exists already is never ours to overwrite (nor, when this throws, to remove).
    const fd = m.path ? fs.openSync(m.path, 'wx', 0o600) : null;
    /** @type {Job} */
    const job = { ring: m.ring, sha: createHash('sha256'), cipher, fd, path: m.path };
    jobs.set(m.id, job);
    emit(m.id, job, Buffer.concat([MAGIC, iv]), 0);
    return;
  }
  const job = jobs.get(m.id);
  if (!job) return; // already failed; its error was sent
  if (m.op === 'data') {
    const plain = Buffer.from(job.ring, m.off, m.len);
    job.sha.update(plain);
    emit(m.id, job, job.cipher.update(plain), m.len);
  } else if (m.op === 'end') {
    const tail = Buffer.concat([job.cipher.final(), job.cipher.getAuthTag()]);
    const sha256 = job.sha.digest('hex');
    jobs.delete(m.id);
    if (job.fd === null) {
      const out = transferable(tail);
      port.postMessage({ op: 'done', id: m.id, sha256, out }, [out]);
      return;
    }
    emit(m.id, job, tail, 0);
    // Durable before the caller writes the row that names it; fsync waits on the disk, so off this thread.
    const fd = job.fd;
    job.fd = null;
    fs.fsync(fd, (err) => {
      fs.close(fd, () => {
        if (err) {
          if (job.path) fs.rm(job.path, { force: true }, () => {});
          port.postMessage({ op: 'error', id: m.id, message: `fsync failed: ${err.message}` });
        } else {
          port.postMessage({ op: 'done', id: m.id, sha256 });
        }
      });
    });
  } else {
    jobs.delete(m.id);
    discard(job);
    port.postMessage({ op: 'aborted', id: m.id });
  }
}

port.on('message', (m) => {
  try {
    handle(m);
  } catch (err) {
    const job = jobs.get(m.id);
    jobs.delete(m.id);
    if (job) discard(job);
    port.postMessage({ op: 'error', id: m.id, message: err instanceof Error ? err.message : String(err) });
  }
});
