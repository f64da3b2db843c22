import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/db.ts';
import type { Database } from './db/client.ts';
import { col, rows, rowSchema } from './db/rows.ts';
import { createJobRunner, enqueueJob, type JobHandler } from './jobs.ts';

const log = pino({ level: 'silent' });
let database: Database;

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
});

const jobRows = () =>
  rows(
    database.db,
    rowSchema({
      kind: col.text(),
      attempts: col.int(),
      done_at: col.text().nullable(),
      last_error: col.text().nullable(),
      run_at: col.text(),
    }),
    sql`select kind, attempts, done_at, last_error, run_at::text from jobs order by id`,
  );

describe('job runner', () => {
  it('runs a due job once and marks it done; a job not yet due waits', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const seen: unknown[] = [];
    const runner = createJobRunner({
      db: database.db,
      log,
      now: () => clock,
      handlers: { echo: async (p) => void seen.push(p.n) },
    });
    await enqueueJob(database.db, 'echo', { n: 1 }, new Date('2029-12-31T00:00:00Z'));
    await enqueueJob(database.db, 'echo', { n: 2 }, new Date('2030-01-02T00:00:00Z'));
    expect(await runner.tick()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([1]);
    expect(await runner.tick()).toEqual({ ran: 0, failed: 0 });
    clock = new Date('2030-01-02T00:00:01Z');
    expect(await runner.tick()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([1, 2]);
    expect((await jobRows()).every((j) => j.done_at !== null)).toBe(true);
  });

  it('retries a failing job with backoff, then gives up after maxAttempts', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      log,
      now: () => clock,
      maxAttempts: 3,
      backoffMs: (a) => a * 60_000,
      handlers: {
        flaky: async () => {
          calls++;
          throw new Error('smtp down');
        },
      },
    });
    await enqueueJob(database.db, 'flaky', {}, clock);
    expect(await runner.tick()).toEqual({ ran: 0, failed: 1 });
    let [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 1, done_at: null, last_error: 'smtp down' });
    expect(new Date(row!.run_at).getTime()).toBe(clock.getTime() + 60_000);
    // Not before the backoff has passed.
    clock = new Date(clock.getTime() + 30_000);
    expect(await runner.tick()).toEqual({ ran: 0, failed: 0 });
    clock = new Date(clock.getTime() + 30_000);
    expect(await runner.tick()).toEqual({ ran: 0, failed: 1 });
    clock = new Date(clock.getTime() + 120_000);
    expect(await runner.tick()).toEqual({ ran: 0, failed: 1 });
    [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 3, last_error: 'smtp down' });
    expect(row!.done_at).not.toBeNull();
    clock = new Date(clock.getTime() + 3_600_000);
    await runner.tick();
    expect(calls).toBe(3);
  });

  it('never claims kinds it has no handler for (another runner owns them)', async () => {
    const runner = createJobRunner({ db: database.db, log, handlers: { mine: async () => {} } });
    await enqueueJob(database.db, 'theirs', {});
    expect(await runner.tick()).toEqual({ ran: 0, failed: 0 });
    expect((await jobRows())[0]).toMatchObject({ attempts: 0, done_at: null });
  });

  it('two runners racing over the same jobs run each exactly once', async () => {
    const runs = new Map<number, number>();
    const handler: JobHandler = async (p) => {
      await new Promise((r) => setTimeout(r, 5));
      runs.set(p.n as number, (runs.get(p.n as number) ?? 0) + 1);
    };
    for (let n = 0; n < 30; n++) await enqueueJob(database.db, 'race', { n });
    const a = createJobRunner({ db: database.db, log, batch: 4, handlers: { race: handler } });
    const b = createJobRunner({ db: database.db, log, batch: 4, handlers: { race: handler } });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(ra.ran + rb.ran).toBe(30);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });

  it('a job whose runner died (lease expired) is taken up again', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    await enqueueJob(database.db, 'lease', {}, clock);
    // A runner claimed it and died: attempts 1, leased for 5 minutes.
    await database.db.execute(
      sql`update jobs set attempts = 1, locked_until = ${new Date(clock.getTime() + 300_000).toISOString()}::timestamptz`,
    );
    let ran = 0;
    const runner = createJobRunner({
      db: database.db,
      log,
      now: () => clock,
      handlers: { lease: async () => void ran++ },
    });
    expect((await runner.tick()).ran).toBe(0);
    clock = new Date(clock.getTime() + 300_001);
    expect((await runner.tick()).ran).toBe(1);
    expect(ran).toBe(1);
  });

  it('start() polls until stop(); scans run on every pass', async () => {
    let scans = 0;
    let done = 0;
    const runner = createJobRunner({
      db: database.db,
      log,
      pollMs: 20,
      handlers: { tick: async () => void done++ },
      scans: [async () => void scans++],
    });
    await enqueueJob(database.db, 'tick', {});
    runner.start();
    await expect.poll(() => done, { timeout: 3000 }).toBe(1);
    await expect.poll(() => scans, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    await runner.stop();
    const after = scans;
    await new Promise((r) => setTimeout(r, 100));
    expect(scans).toBe(after);
  });
});
