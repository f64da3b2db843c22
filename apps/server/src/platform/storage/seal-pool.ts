import os from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { IV_BYTES, MAGIC } from './crypto-stream.ts';

/**
 * Sealing (SHA-256 + AES-256-GCM) on worker threads, so that uploads use every core and the event loop only
 * parses and forwards. Each upload borrows a ring (a SharedArrayBuffer: CONTROL_BYTES of counters, then
 * RING_BYTES of data): the main thread copies plaintext in and advances WRITTEN, the worker seals up to WRITTEN
 * and advances READ. Messages are doorbells only: a `kick` when the worker said it went IDLE, a `space` when the
 * main thread said it is WAITING for room; when both sides are busy, none flow. The ring bounds the memory an
 * upload holds; rings are kept for reuse, so steady uploads allocate nothing per chunk on the main thread.
 */
/** A power of two: the counters are 32-bit and wrap. */
export const RING_BYTES = 512 * 1024;
const CONTROL_BYTES = 64;
/** The Int32 slots at the head of a ring. */
const SLOTS = { written: 0, read: 1, idle: 2, waiting: 3 } as const;
const { written: WRITTEN, read: READ, idle: IDLE, waiting: WAITING } = SLOTS;
/** Where the counters start: just below 2^31, so every upload's counters wrap (the wrap is always exercised). */
const START = 0x7fff0000;
/** Rings kept for reuse (idle memory: KEEP_RINGS × RING_BYTES). */
const KEEP_RINGS = 32;

export interface SealResult {
  sha256: string;
  /** Plaintext bytes. */
  size: number;
}

export interface SealOptions {
  dataKey: Buffer;
  maxBytes: number;
  tooLarge: () => Error;
}

type Reply =
  | { op: 'out'; id: number; out: ArrayBuffer }
  | { op: 'space'; id: number }
  | { op: 'done'; id: number; sha256: string; out?: ArrayBuffer }
  | { op: 'aborted'; id: number }
  | { op: 'error'; id: number; message: string; code?: string };

interface Lane {
  worker: Worker;
  jobs: Set<number>;
}

/** Stream mode: the driver stopped reading (its own error is the one to report). */
export class SinkStoppedError extends Error {
  constructor(cause: Error | null) {
    super('the storage write stopped', { cause });
  }
}

const defaultThreads = () => Math.max(1, Math.min(4, os.availableParallelism()));

class Job {
  /** In stream mode: the sealed bytes, in order (the driver consumes it). */
  readonly sealed: Readable | null;
  private readonly ctl: Int32Array;
  private readonly data: Uint8Array;
  private written = START;
  private failure: Error | null = null;
  /** The caller has its answer (the promise below settled). */
  private settled = false;
  private wake: (() => void) | null = null;
  private resolveEnd!: (sha256: string | null) => void;
  private rejectEnd!: (err: Error) => void;
  /** Settles once the worker is done with this job: its sha256, null when aborted; rejects on failure. */
  readonly ended: Promise<string | null>;

  constructor(
    private readonly pool: SealPool,
    readonly id: number,
    readonly lane: Lane,
    readonly ring: SharedArrayBuffer,
    toStream: boolean,
  ) {
    this.ctl = new Int32Array(ring, 0, 4);
    this.data = new Uint8Array(ring, CONTROL_BYTES, RING_BYTES);
    this.ctl[WRITTEN] = START;
    this.ctl[READ] = START;
    this.ctl[IDLE] = 1; // the worker waits for a kick
    this.ctl[WAITING] = 0;
    this.ended = new Promise((resolve, reject) => {
      this.resolveEnd = resolve;
      this.rejectEnd = reject;
    });
    this.ended.catch(() => {}); // observed through run(); never an unhandled rejection
    this.sealed = toStream
      ? new Readable({
          highWaterMark: RING_BYTES,
          read: () => this.wakeUp(),
          destroy: (err, cb) => {
            // The driver gave up (or was done): a worker still sealing for it is told to stop.
            if (!this.settled) {
              this.send({ op: 'abort' });
              this.fail(new SinkStoppedError(err));
            }
            cb(err);
          },
        })
      : null;
  }

  onReply(r: Reply): void {
    if (r.op === 'out') {
      if (!this.settled) this.sealed?.push(Buffer.from(r.out));
    } else if (r.op === 'space') {
      this.wakeUp();
    } else if (r.op === 'done') {
      if (this.sealed && !this.settled) {
        if (r.out) this.sealed.push(Buffer.from(r.out));
        this.sealed.push(null);
      }
      this.settle(() => this.resolveEnd(r.sha256));
      this.pool.release(this);
    } else if (r.op === 'aborted') {
      this.settle(() => this.resolveEnd(null));
      this.sealed?.destroy(new Error('the upload was stopped'));
      this.pool.release(this);
    } else {
      this.fail(Object.assign(new Error(`sealing failed: ${r.message}`), r.code ? { code: r.code } : {}));
      this.pool.release(this);
    }
  }

  /** The worker stopped, the driver gave up, or the worker reported an error. */
  fail(err: Error): void {
    this.settle(() => {
      this.failure = err;
      this.rejectEnd(err);
      this.sealed?.destroy(err);
    });
  }

  private settle(how: () => void): void {
    if (this.settled) return;
    this.settled = true;
    how();
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private send(m: object): void {
    this.lane.worker.postMessage({ ...m, id: this.id });
  }

  /** Bytes the ring can take now (in stream mode, none while the driver is a ring behind). */
  private room(): number {
    if (this.sealed && this.sealed.readableLength >= RING_BYTES) return 0;
    return RING_BYTES - ((this.written - Atomics.load(this.ctl, READ)) | 0);
  }

  /** Waits for room: a `space` doorbell (asked for by WAITING), the driver reading on, or a failure. */
  private async waitForRoom(): Promise<void> {
    const asleep = new Promise<void>((resolve) => (this.wake = resolve));
    Atomics.store(this.ctl, WAITING, 1);
    if (this.room() > 0 || this.settled) return this.wakeUp(); // room was made meanwhile
    await asleep;
  }

  /** Copies a chunk into the ring, a slice at a time, waiting while the ring is full. */
  private async post(chunk: Uint8Array): Promise<void> {
    let off = 0;
    while (off < chunk.length) {
      if (this.failure) throw this.failure;
      const free = this.room();
      if (free === 0) {
        await this.waitForRoom();
        continue;
      }
      const at = (this.written >>> 0) % RING_BYTES;
      const n = Math.min(chunk.length - off, free, RING_BYTES - at);
      this.data.set(chunk.subarray(off, off + n), at);
      this.written = (this.written + n) | 0;
      Atomics.store(this.ctl, WRITTEN, this.written);
      if (Atomics.exchange(this.ctl, IDLE, 0) === 1) this.send({ op: 'kick' });
      off += n;
    }
  }

  async run(input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, o: SealOptions): Promise<SealResult> {
    let size = 0;
    try {
      for await (const chunk of input) {
        size += chunk.length;
        if (size > o.maxBytes) throw o.tooLarge();
        await this.post(chunk);
      }
    } catch (err) {
      // The worker closes and removes what it wrote before this returns.
      if (!this.settled) {
        this.send({ op: 'abort' });
        await this.ended.catch(() => {});
      }
      throw err;
    }
    if (this.failure) throw this.failure;
    this.send({ op: 'end' });
    const sha256 = await this.ended;
    if (!sha256) throw new Error('sealing was aborted');
    return { sha256, size };
  }
}

export class SealPool {
  private lanes: Lane[] = [];
  private readonly jobs = new Map<number, Job>();
  private rings: SharedArrayBuffer[] = [];
  private nextId = 1;

  constructor(private readonly threads = defaultThreads()) {}

  /**
   * Seals `input` into the file at `path` (created 0600, fsynced before this resolves). On any refusal or
   * failure the worker has closed and removed the file when this rejects.
   */
  async sealToFile(
    input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    path: string,
    o: SealOptions,
  ): Promise<SealResult> {
    return this.open(o.dataKey, path, false).run(input, o);
  }

  /** Seals `input`; the sealed bytes come out of `sealed` in order, for a driver to store. */
  sealToStream(
    input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    o: SealOptions,
  ): { sealed: Readable; done: Promise<SealResult> } {
    const job = this.open(o.dataKey, null, true);
    return { sealed: job.sealed!, done: job.run(input, o) };
  }

  /** How many worker threads are running (for tests and the benchmark). */
  get running(): number {
    return this.lanes.length;
  }

  /** Stops every worker: their jobs fail. New jobs start new workers. */
  async terminate(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.worker.terminate()));
  }

  private open(dataKey: Buffer, path: string | null, toStream: boolean): Job {
    const lane = this.pickLane();
    const ring = this.rings.pop() ?? new SharedArrayBuffer(CONTROL_BYTES + RING_BYTES);
    const job = new Job(this, this.nextId++, lane, ring, toStream);
    this.jobs.set(job.id, job);
    if (lane.jobs.size === 0) lane.worker.ref();
    lane.jobs.add(job.id);
    // The key is copied to the worker, which wipes its copy once the cipher holds it.
    lane.worker.postMessage({ op: 'open', id: job.id, ring, key: new Uint8Array(dataKey), path });
    return job;
  }

  /** Called by a job once its worker will not touch its ring again (it answered, or it is gone). */
  release(job: Job): void {
    if (!this.jobs.delete(job.id)) return;
    job.lane.jobs.delete(job.id);
    if (job.lane.jobs.size === 0) job.lane.worker.unref();
    if (this.rings.length < KEEP_RINGS) this.rings.push(job.ring);
  }

  /** An idle worker, else a new one while under the limit, else the least busy. */
  private pickLane(): Lane {
    const idle = this.lanes.find((l) => l.jobs.size === 0);
    if (idle) return idle;
    if (this.lanes.length < this.threads) return this.spawn();
    return this.lanes.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private spawn(): Lane {
    const worker = new Worker(new URL('./seal-worker.mjs', import.meta.url), {
      workerData: { magic: MAGIC.toString('latin1'), ivBytes: IV_BYTES, controlBytes: CONTROL_BYTES, slots: SLOTS },
    });
    const lane: Lane = { worker, jobs: new Set() };
    worker.unref(); // referenced only while it has jobs: an idle pool never keeps the process alive
    worker.on('message', (r: Reply) => this.jobs.get(r.id)?.onReply(r));
    const lost = (err: Error) => {
      this.lanes = this.lanes.filter((l) => l !== lane);
      for (const id of [...lane.jobs]) {
        const job = this.jobs.get(id);
        job?.fail(err);
        if (job) this.release(job);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the sealing worker stopped (exit code ${code})`)));
    this.lanes.push(lane);
    return lane;
  }
}

/** The process's pool: sealing is a CPU resource shared by every file store. */
export const sealPool = new SealPool();
