import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { LETTER_REMINDER_DAYS, OPEN_LETTER_STATES } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { engagementLetters } from '../platform/db/schema.ts';
import { createJobRunner, type JobRunner, type JobScan } from '../platform/jobs.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import { LetterFollowUps } from './engagement-notify.ts';

/**
 * The letters' background work (docs/decisions/0036), a scan of the job runner (platform/jobs.ts) on the runner's
 * clock: open letters past their expiry become expired (audited, by no one); open letters unsigned 3 and 7 days
 * after they were sent get a reminder, once each (a letter found past both at once, after downtime, gets one and
 * counts both). Letters are claimed with SKIP LOCKED in short transactions, so two runners never remind twice.
 */
type ScanDeps = Pick<EngagementDeps, 'db' | 'hub' | 'mailer' | 'publicUrl' | 'log'>;

const DAY_MS = 86_400_000;
const L = engagementLetters;
const BATCH = 200;

async function expire(deps: ScanDeps, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: L.id, state: L.state })
      .from(L)
      .where(and(inArray(L.state, [...OPEN_LETTER_STATES]), lte(L.expires_at, now)))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return 0;
    await tx
      .update(L)
      .set({ state: 'expired', updated_at: now })
      .where(
        inArray(
          L.id,
          due.map((d) => d.id),
        ),
      );
    for (const d of due)
      await audit(tx, {
        actorId: null,
        action: 'engagement.expired',
        entityType: 'engagement_letter',
        entityId: d.id,
        ip: null,
        meta: { from: d.state },
      });
    return due.length;
  });
}

/** How many of the reminders are due for a letter sent at `sentAt`, by `now`. */
const remindersDue = (sentAt: Date, now: Date): number =>
  LETTER_REMINDER_DAYS.filter((days) => now.getTime() - sentAt.getTime() >= days * DAY_MS).length;

async function remind(deps: ScanDeps, now: Date): Promise<number> {
  const follow = new LetterFollowUps();
  const sent = await deps.db.transaction(async (tx) => {
    const first = new Date(now.getTime() - LETTER_REMINDER_DAYS[0] * DAY_MS);
    const open = await tx
      .select()
      .from(L)
      .where(
        and(
          inArray(L.state, [...OPEN_LETTER_STATES]),
          lte(L.sent_at, first),
          sql`${L.expires_at} > ${now.toISOString()}::timestamptz`,
          // Fewer reminders sent than are due by now: letters reminded already never fill the batch.
          sql`${L.reminders_sent} < (${sql.join(
            LETTER_REMINDER_DAYS.map(
              (days) =>
                sql`(case when ${L.sent_at} <= ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz then 1 else 0 end)`,
            ),
            sql` + `,
          )})`,
        ),
      )
      .orderBy(asc(L.sent_at))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let n = 0;
    for (const letter of open) {
      const due = remindersDue(letter.sent_at!, now);
      if (due <= letter.reminders_sent) continue;
      // `last_reminded_at`: staff's "Remind now" waits a day after any reminder (engagement-remind.service.ts).
      await tx.update(L).set({ reminders_sent: due, last_reminded_at: now }).where(eq(L.id, letter.id));
      await follow.toSigners(tx, deps, letter, 'reminder');
      await audit(tx, {
        actorId: null,
        action: 'engagement.reminded',
        entityType: 'engagement_letter',
        entityId: letter.id,
        ip: null,
        meta: { reminder: due },
      });
      n++;
    }
    return n;
  });
  await follow.run(deps);
  return sent;
}

export function letterScan(deps: ScanDeps): JobScan {
  return async ({ now }) => {
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const n = (await expire(deps, now)) + (await remind(deps, now));
      total += n;
      if (n === 0) break;
    }
    return total;
  };
}

/** The runner app.ts starts with the app (tests drive their own with tick() and a clock). */
export function createEngagementJobRunner(
  deps: ScanDeps & { now?: () => Date },
  opts: { pollMs?: number } = {},
): JobRunner {
  return createJobRunner({
    db: deps.db,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    handlers: {},
    scans: [letterScan(deps)],
    pollMs: opts.pollMs ?? 60_000,
  });
}
