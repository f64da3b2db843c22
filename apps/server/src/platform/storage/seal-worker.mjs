// @ts-check
// A sealing thread (see seal-pool.ts): hashes the plaintext (SHA-256) and encrypts it (AES-256-GCM) into the
// stored format that crypto-stream.ts reads back: MAGIC (4) | IV (12) | ciphertext | tag (16). It either writes
// the result to a file itself (disk storage: `path`, created 0600, fsynced before `done`) or hands the sealed
// bytes back to the main thread (any other driver).
//
// The plaintext arrives through a ring: a SharedArrayBuffer of CONTROL_BYTES control words then RING_BYTES of
// data, owned by the main thread. The main thread advances WRITTEN; this thread seals what lies between READ
// and WRITTEN and advances READ. Messages are only doorbells: `kick` when this thread said it was IDLE, `space`
// when the main thread said it was WAITING for room. Under load neither side waits, so few messages flow.
// Plain JavaScript on purpose: a worker starts from a file, and this one must run as it is from the sources
// (tests) and from dist.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

// The stored format (crypto-stream.ts) and the ring's layout (seal-pool.ts), given by the pool that starts us.
/** @type {{ magic: string, ivBytes: number, controlBytes: number, slots: Record<'written' | 'read' | 'idle' | 'waiting', number> }} */
const layout = workerData;
const MAGIC = Buffer.from(layout.magic, 'latin1');
const IV_BYTES = layout.ivBytes;
const CONTROL_BYTES = layout.controlBytes;
const { written: WRITTEN, read: READ, idle: IDLE, waiting: WAITING } = layout.slots;

/**
 * @typedef {{ id: number, ctl: Int32Array, data: Buffer, size: number, sha: import('node:crypto').Hash,
 *   cipher: import('node:crypto').CipherGCM, fd: number | null, path: string | null, later: boolean }} Job
 */
/** @type {Map<number, Job>} */
const jobs = new Map();
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @param {Buffer} b  as an ArrayBuffer the main thread can take over (no copy when b owns all of its buffer) */
function transferable(b) {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) return b.buffer;
  const copy = new ArrayBuffer(b.length);
  new Uint8Array(copy).set(b);
  return copy;
}

/** Writes sealed bytes to the job's file, or sends them to the main thread. */
function emit(/** @type {Job} */ job, /** @type {Buffer} */ sealed) {
  if (sealed.length === 0) return;
  if (job.fd !== null) {
    let off = 0;
    while (off < sealed.length) off += fs.writeSync(job.fd, sealed, off, sealed.length - off);
  } else {
    const out = transferable(sealed);
    port.postMessage({ op: 'out', id: job.id, out }, [out]);
  }
}

/**
 * Seals what the main thread has put in the ring, at most `budget` bytes (so that one busy upload does not
 * starve the others on this thread), then says it is idle unless more arrived meanwhile.
 */
function drain(/** @type {Job} */ job, budget = job.size) {
  const { ctl } = job;
  for (;;) {
    let read = Atomics.load(ctl, READ);
    const written = Atomics.load(ctl, WRITTEN);
    while (read !== written && budget > 0) {
      const at = (read >>> 0) % job.size;
      const n = Math.min((written - read) | 0, job.size - at, budget);
      const plain = job.data.subarray(at, at + n);
      job.sha.update(plain);
      emit(job, job.cipher.update(plain));
      read = (read + n) | 0;
      budget -= n;
      Atomics.store(ctl, READ, read);
      if (Atomics.exchange(ctl, WAITING, 0) === 1) port.postMessage({ op: 'space', id: job.id });
    }
    if (read !== Atomics.load(ctl, WRITTEN)) {
      // Out of budget: come back after the other uploads' messages.
      if (!job.later) {
        job.later = true;
        setImmediate(() => {
          job.later = false;
          if (jobs.get(job.id) === job) guarded(job.id, () => drain(job));
        });
      }
      return;
    }
    Atomics.store(ctl, IDLE, 1);
    // Data that arrived between the check and the flag: take the flag back, unless the main thread already
    // took it (then its kick is on the way and will drain it).
    if (Atomics.load(ctl, WRITTEN) === read || Atomics.exchange(ctl, IDLE, 0) === 0) return;
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

/** Seals the rest, writes the tag, and (to a file) fsyncs before answering: a row may then name the file. */
function finish(/** @type {Job} */ job) {
  drain(job, Infinity);
  jobs.delete(job.id);
  const tail = Buffer.concat([job.cipher.final(), job.cipher.getAuthTag()]);
  const sha256 = job.sha.digest('hex');
  if (job.fd === null) {
    const out = transferable(tail);
    port.postMessage({ op: 'done', id: job.id, sha256, out }, [out]);
    return;
  }
  emit(job, tail);
  const fd = job.fd;
  job.fd = null;
  // fsync waits on the disk: off this thread, so the other uploads go on.
  fs.fsync(fd, (err) => {
    fs.close(fd, () => {
      if (err) {
        if (job.path) fs.rm(job.path, { force: true }, () => {});
        port.postMessage({ op: 'error', id: job.id, message: `fsync failed: ${err.message}`, code: err.code });
      } else {
        port.postMessage({ op: 'done', id: job.id, sha256 });
      }
    });
  });
}

/**
 * @param {{ op: 'open', id: number, ring: SharedArrayBuffer, key: Uint8Array, path: string | null }
 *   | { op: 'kick' | 'end' | 'abort', id: number }} m
 */
function handle(m) {
  if (m.op === 'open') {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', m.key, iv);
    m.key.fill(0);
    // 'wx': a file that exists already is never ours to overwrite (nor, when this throws, to remove).
    const fd = m.path ? fs.openSync(m.path, 'wx', 0o600) : null;
    /** @type {Job} */
    const job = {
      id: m.id,
      ctl: new Int32Array(m.ring, 0, 4),
      data: Buffer.from(m.ring, CONTROL_BYTES),
      size: m.ring.byteLength - CONTROL_BYTES,
      sha: createHash('sha256'),
      cipher,
      fd,
      path: m.path,
      later: false,
    };
    jobs.set(m.id, job);
    emit(job, Buffer.concat([MAGIC, iv]));
    return;
  }
  const job = jobs.get(m.id);
  if (!job) return; // already failed (its error was sent) or finished
  if (m.op === 'kick') drain(job);
  else if (m.op === 'end') finish(job);
  else {
    jobs.delete(m.id);
    discard(job);
    port.postMessage({ op: 'aborted', id: m.id });
  }
}

/** Runs `fn` for upload `id`; if it throws, the upload fails: its file is removed and the error reported. */
function guarded(/** @type {number} */ id, /** @type {() => void} */ fn) {
  try {
    fn();
  } catch (err) {
    const job = jobs.get(id);
    jobs.delete(id);
    if (job) discard(job);
    port.postMessage({
      op: 'error',
      id,
      message: err instanceof Error ? err.message : String(err),
      // ENOSPC and the like: the main thread answers a full disk as such (platform/storage/index.ts).
      code: /** @type {{ code?: unknown }} */ (err)?.code,
    });
  }
}

port.on('message', (m) => guarded(m.id, () => handle(m)));
