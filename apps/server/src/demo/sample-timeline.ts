import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { rechainAuditFrom } from '../platform/audit.ts';
import { col, firstRow, rowSchema } from '../platform/db/rows.ts';
import { SAMPLE_IP, type Services } from './sample-engine.ts';

/**
 * The sample's timeline: stories of dated steps (Plan), run in date order with the services' clock set to
 * each step's date (runPlan), then what the database stamped with the real clock moved to those dates (retime).
 */
interface Step {
  at: Date;
  story: number;
  seq: number;
  what: string;
  run: () => Promise<unknown>;
}

/** Steps of all stories; each story's steps must be in time order, the plan runs them all in time order. */
export class Plan {
  readonly steps: Step[] = [];
  private stories = 0;

  story(name: string) {
    const story = this.stories++;
    let last: Date | null = null;
    const steps = this.steps;
    return {
      at(when: Date, what: string, run: () => Promise<unknown>) {
        if (last && when.getTime() <= last.getTime()) {
          throw new Error(`demo sample: "${name}" goes back in time at "${what}"`);
        }
        last = when;
        steps.push({ at: when, story, seq: steps.length, what: `${name}: ${what}`, run });
      },
    };
  }

  ordered(): Step[] {
    return [...this.steps].sort((a, b) => a.at.getTime() - b.at.getTime() || a.story - b.story || a.seq - b.seq);
  }
}

/**
 * A step as it ran: the real time (microseconds since the epoch) from which and until which it wrote, and
 * the sample date it stands for.
 */
export interface Window {
  from_us: number;
  to_us: number;
  target_us: number;
}

/**
 * The real time now in microseconds. Rows are stamped by the database's clock (`now()`) and by this
 * process's (`new Date()`): the earlier of the two starts a step, the later ends one. The embedded
 * database runs in this process on its clock, so there one reading does.
 */
async function realNowUs(s: Services, earliest: boolean): Promise<number> {
  const jsUs = Date.now() * 1000;
  if (s.oneClock) return earliest ? jsUs : jsUs + 1000;
  const row = await firstRow(
    s.db,
    rowSchema({ us: col.int() }),
    sql`select (extract(epoch from clock_timestamp()) * 1000000)::bigint as us`,
  );
  const dbUs = row!.us;
  return earliest ? Math.min(dbUs, jsUs) : Math.max(dbUs, Date.now() * 1000) + 1000;
}

export interface RunOptions {
  /** The first step to run: a sample stopped by a shutdown goes on where it stopped. */
  from?: number;
  /** Asked before each step; true stops the run there (the server is shutting down). */
  stop?: () => boolean;
}

/**
 * Runs the steps in time order with the clock set to each one's date. Returns each step's window for
 * `retime`, and the step to go on from when it was stopped (null when every step ran).
 */
export async function runPlan(
  plan: Plan,
  s: Services,
  opts: RunOptions = {},
): Promise<{ windows: Window[]; next: number | null }> {
  const steps = plan.ordered();
  const windows: Window[] = [];
  const close = async () => {
    const last = windows.at(-1);
    if (last) last.to_us = await realNowUs(s, false);
  };
  for (let i = opts.from ?? 0; i < steps.length; i++) {
    if (opts.stop?.()) {
      await close();
      return { windows, next: i };
    }
    const step = steps[i]!;
    s.clock.set(step.at);
    const from = await realNowUs(s, true);
    const last = windows.at(-1);
    if (last) last.to_us = from;
    windows.push({ from_us: from, to_us: from, target_us: step.at.getTime() * 1000 });
    const t0 = performance.now();
    try {
      await step.run();
      s.tickets.log.debug({ step: step.what, ms: Math.round(performance.now() - t0) }, 'demo sample step');
    } catch (err) {
      throw new Error(`demo sample step failed: ${step.what}: ${(err as Error).message}`, { cause: err });
    }
  }
  await close();
  return { windows, next: null };
}

export interface RetimeScope {
  ticketIds: string[];
  /** Everyone who acted in the sample (their audit entries move). */
  actorIds: string[];
  /** Accounts the sample created (their creation moves). */
  createdUserIds: string[];
}

const list = (ids: string[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;

/**
 * Moves what the steps wrote with the real clock to the steps' dates: a timestamp written during step i
 * (in its window) becomes step i's date plus the same offset, so order within a step is kept. Only timestamp columns of the sample's own rows change (rows of its tickets, its audit
 * entries, the accounts it made); on the embedded database (one clock) the mapping is exact. Documents,
 * requests and drafts need nothing: their feature took the sample's clock.
 */
export async function retime(db: Db, windows: Window[], scope: RetimeScope) {
  const bounds = windows.map((w) => ({ f: w.from_us, t: w.to_us, g: w.target_us }));
  const json = JSON.stringify(bounds);
  const tickets = list(scope.ticketIds);
  const invoicesOf = sql`select id from invoices where ticket_id in (${tickets})`;
  const auditScope = sql`(ip = ${SAMPLE_IP} or ip is null) and actor_id in (${list(scope.actorIds)})`;
  const targets: [table: string, columns: string[], where: SQL][] = [
    ['tickets', ['created_at', 'updated_at', 'status_changed_at', 'last_message_at'], sql`id in (${tickets})`],
    ['ticket_status_changes', ['created_at', 'ended_at'], sql`ticket_id in (${tickets})`],
    ['ticket_assignments', ['created_at'], sql`ticket_id in (${tickets})`],
    ['ticket_messages', ['created_at'], sql`ticket_id in (${tickets})`],
    ['ticket_reads', ['last_read_at'], sql`ticket_id in (${tickets})`],
    ['notifications', ['created_at', 'read_at'], sql`ticket_id in (${tickets})`],
    ['questionnaire_answers', ['created_at', 'updated_at'], sql`ticket_id in (${tickets})`],
    ['invoices', ['created_at', 'updated_at', 'issued_at', 'paid_at'], sql`ticket_id in (${tickets})`],
    ['payment_entries', ['created_at'], sql`invoice_id in (${invoicesOf})`],
    ['test_payment_intents', ['created_at'], sql`metadata->>'invoice_id' in (${invoicesOf})`],
    ['audit_log', ['created_at'], auditScope],
    ['users', ['created_at', 'updated_at'], sql`id in (${list(scope.createdUserIds)})`],
  ];
  for (const [table, columns, where] of targets) {
    for (const column of columns) {
      const col = sql.identifier(column);
      await db.execute(sql`
        update ${sql.identifier(table)} as x
        set ${col} = timestamptz 'epoch' + (w.g + (extract(epoch from x.${col}) * 1000000)::bigint - w.f) * interval '1 microsecond'
        from jsonb_to_recordset(${json}::jsonb) as w(f bigint, t bigint, g bigint)
        where x.${col} is not null
          and (extract(epoch from x.${col}) * 1000000)::bigint >= w.f
          and (extract(epoch from x.${col}) * 1000000)::bigint < w.t
          and ${where}`);
    }
  }
  // The re-dated entries' hashes covered their old times: chain them again from the first of them on.
  await rechainAuditFrom(db, auditScope);
}
