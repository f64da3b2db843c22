import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from './db/client.ts';
import { col, rows, rowSchema, type RowOf } from './db/rows.ts';

/**
 * Background work from the `jobs` table. Any number of runners (one per app server) may poll the same
 * database: due rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so a job runs
 * on one runner at a time; a runner that dies mid-job leaves a lease that expires and the job is retried.
 * A failed job is retried with exponential backoff until `maxAttempts`, then left done with its last error.
 *
 * A runner also runs "scans" every tick: functions that find due work elsewhere (e.g. reminders due in
 * document_requests) and enqueue jobs, claiming their rows the same way.
 */
export interface JobContext {
  db: Db;
  now: Date;
  attempt: number;
  log: FastifyBaseLogger;
}
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;
export type JobScan = (ctx: { db: Db; now: Date; log: FastifyBaseLogger }) => Promise<unknown>;

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The kinds this runner runs; it never claims jobs of other kinds. */
  handlers: Record<string, JobHandler>;
  scans?: JobScan[];
  pollMs?: number;
  batch?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
}

export interface TickResult {
  ran: number;
  failed: number;
}
export interface JobRunner {
  /** One pass: scans, then every due job of this runner's kinds (in batches). Tests call this directly. */
  tick(): Promise<TickResult>;
  start(): void;
  /** Stops polling and waits for a pass in progress. */
  stop(): Promise<void>;
}

export const defaultBackoffMs = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

const tstz = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that needs it commits. `runAt`
 * defaults to the app's clock, the one runners compare with: the database's now() has microseconds and its own
 * clock, so a job enqueued just before a tick could look not yet due to it.
 */
export async function enqueueJob(
  tx: Tx,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date = new Date(),
): Promise<void> {
  await tx.execute(
    sql`insert into jobs (kind, payload, run_at) values (${kind}, ${JSON.stringify(payload)}::jsonb, ${tstz(runAt)})`,
  );
}

const claimedJob = rowSchema({
  id: col.text(),
  kind: col.text(),
  payload: z.record(z.string(), z.unknown()).nullable(),
  attempts: col.int(),
});
type ClaimedJob = RowOf<typeof claimedJob.shape>;

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const now = opts.now ?? (() => new Date());
  const kinds = Object.keys(opts.handlers);
  const batch = opts.batch ?? 20;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffMs ?? defaultBackoffMs;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function claim(at: Date): Promise<ClaimedJob[]> {
    if (!kinds.length) return [];
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    return rows(
      opts.db,
      claimedJob,
      sql`update jobs set locked_until = ${tstz(new Date(at.getTime() + leaseMs))}, attempts = attempts + 1
          where id in (
            select id from jobs
            where done_at is null and run_at <= ${tstz(at)} and kind in (${kindList})
              and (locked_until is null or locked_until <= ${tstz(at)})
            order by run_at, id
            limit ${batch}
            for update skip locked)
          returning id::text as id, kind, payload, attempts`,
    );
  }

  async function runOne(job: ClaimedJob, at: Date): Promise<boolean> {
    const handler = opts.handlers[job.kind]!;
    try {
      await handler(job.payload ?? {}, { db: opts.db, now: at, attempt: job.attempts, log: opts.log });
      await opts.db.execute(
        sql`update jobs set done_at = ${tstz(now())}, locked_until = null, last_error = null where id = ${job.id}::bigint`,
      );
      return true;
    } catch (err) {
      const message = (err as Error).message?.slice(0, 500) ?? 'failed';
      opts.log.warn({ job_id: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed');
      const giveUp = job.attempts >= maxAttempts;
      const retryAt = new Date(now().getTime() + backoff(job.attempts));
      await opts.db.execute(
        giveUp
          ? sql`update jobs set done_at = ${tstz(now())}, locked_until = null, last_error = ${message} where id = ${job.id}::bigint`
          : sql`update jobs set run_at = ${tstz(retryAt)}, locked_until = null, last_error = ${message} where id = ${job.id}::bigint`,
      );
      return false;
    }
  }

  async function tick(): Promise<TickResult> {
    const at = now();
    for (const scan of opts.scans ?? []) {
      try {
        await scan({ db: opts.db, now: at, log: opts.log });
      } catch (err) {
        opts.log.error({ err: (err as Error).message }, 'job scan failed');
      }
    }
    const result = { ran: 0, failed: 0 };
    for (;;) {
      const jobs = await claim(at);
      for (const job of jobs) {
        if (await runOne(job, at)) result.ran++;
        else result.failed++;
      }
      if (jobs.length < batch) return result;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => opts.log.error({ err: (err as Error).message }, 'job runner pass failed'))
        .finally(() => {
          running = null;
          schedule(opts.pollMs ?? 30_000);
        });
    }, delay);
    timer.unref?.();
  }

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
