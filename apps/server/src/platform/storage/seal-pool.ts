import os from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * Sealing (SHA-256 + AES-256-GCM) on worker threads, so that uploads use every core and the event loop only
 * parses and forwards. Each upload borrows a ring (a SharedArrayBuffer of RING_BYTES): the main thread copies
 * plaintext in, the worker seals each slice and frees it. The ring bounds the memory an upload holds; rings are
 * kept for reuse, so steady uploads allocate nothing per chunk on the main thread.
 */
export const RING_BYTES = 512 * 1024;
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
  | { op: 'chunk'; id: number; n: number; out?: ArrayBuffer }
  | { op: 'done'; id: number; sha256: string; out?: ArrayBuffer }
  | { op: 'aborted'; id: number }
  | { op: 'error'; id: number; message: string };

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
  private readonly view: Uint8Array;
  private posted = 0;
  private credited = 0;
  /** Stream mode: credit held back while the sealed stream's reader is behind (back-pressure). */
  private held = 0;
  private failure: Error | null = null;
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
    this.view = new Uint8Array(ring);
    this.ended = new Promise((resolve, reject) => {
      this.resolveEnd = resolve;
      this.rejectEnd = reject;
    });
    this.ended.catch(() => {}); // observed through run(); never an unhandled rejection
    this.sealed = toStream
      ? new Readable({
          highWaterMark: RING_BYTES,
          read: () => {
            if (this.held) {
              const n = this.held;
              this.held = 0;
              this.credit(n);
            }
          },
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
    if (r.op === 'chunk') {
      if (r.out && this.sealed && !this.sealed.push(Buffer.from(r.out))) {
        this.held += r.n;
        return;
      }
      this.credit(r.n);
    } else if (r.op === 'done') {
      if (this.sealed) {
        if (r.out) this.sealed.push(Buffer.from(r.out));
        this.sealed.push(null);
      }
      this.settle();
      this.resolveEnd(r.sha256);
    } else if (r.op === 'aborted') {
      this.settle();
      this.resolveEnd(null);
      this.sealed?.destroy(new Error('the upload was stopped'));
    } else {
      this.fail(new Error(`sealing failed: ${r.message}`));
    }
  }

  /** The worker stopped, the sink gave up, or the worker reported an error. */
  fail(err: Error): void {
    if (this.settled) return;
    this.failure = err;
    this.settle();
    this.rejectEnd(err);
    this.sealed?.destroy(err);
  }

  private settle(): void {
    this.settled = true;
    this.wake?.();
    this.pool.release(this);
  }

  private credit(n: number): void {
    this.credited += n;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private send(m: object): void {
    this.lane.worker.postMessage({ ...m, id: this.id });
  }

  /** Copies a chunk into the ring, a slice at a time, waiting while the ring is full. */
  private async post(chunk: Uint8Array): Promise<void> {
    let off = 0;
    while (off < chunk.length) {
      if (this.failure) throw this.failure;
      const free = RING_BYTES - (this.posted - this.credited);
      if (free === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      const at = this.posted % RING_BYTES;
      const n = Math.min(chunk.length - off, free, RING_BYTES - at);
      this.view.set(chunk.subarray(off, off + n), at);
      this.send({ op: 'data', off: at, len: n });
      this.posted += n;
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
    const ring = this.rings.pop() ?? new SharedArrayBuffer(RING_BYTES);
    const job = new Job(this, this.nextId++, lane, ring, toStream);
    this.jobs.set(job.id, job);
    if (lane.jobs.size === 0) lane.worker.ref();
    lane.jobs.add(job.id);
    // The key is copied to the worker, which wipes its copy once the cipher holds it.
    lane.worker.postMessage({ op: 'open', id: job.id, ring, key: new Uint8Array(dataKey), path });
    return job;
  }

  /** Called by a job once the worker will not touch its ring again. */
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
    const worker = new Worker(new URL('./seal-worker.mjs', import.meta.url));
    const lane: Lane = { worker, jobs: new Set() };
    worker.unref(); // referenced only while it has jobs: an idle pool never keeps the process alive
    worker.on('message', (r: Reply) => this.jobs.get(r.id)?.onReply(r));
    const lost = (err: Error) => {
      this.lanes = this.lanes.filter((l) => l !== lane);
      for (const id of [...lane.jobs]) this.jobs.get(id)?.fail(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the sealing worker stopped (exit code ${code})`)));
    this.lanes.push(lane);
    return lane;
  }
}

/** The process's pool: sealing is a CPU resource shared by every file store. */
export const sealPool = new SealPool();
