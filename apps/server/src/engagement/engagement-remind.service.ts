import { ENGAGEMENT_MESSAGES as M, MESSAGES, type LetterReminded } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { AppError } from '../platform/errors.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import { LetterFollowUps } from './engagement-notify.ts';
import * as repo from './engagement.repository.ts';
import { stateAt, visibleLetter } from './engagement-view.ts';

/**
 * Staff's "Remind now" (docs/decisions/0036): a letter waiting for signature (sent or viewed, not past its expiry)
 * gets the very reminder the 3- and 7-day scan sends (LetterFollowUps' `reminder`: in the portal and by e-mail, to
 * whoever has not signed yet), at most once in 24 hours per letter, the scan's reminders counted
 * (`last_reminded_at`, under the letter's row lock). The scan's schedule (`reminders_sent`) is left as it was.
 */

const DAY_MS = 86_400_000;

/** "2026-11-30 14:05": when another reminder may go, as the refusal says it (UTC). */
const minuteUtc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

export async function remindLetter(
  deps: EngagementDeps,
  auth: AuthContext,
  id: string,
  ip: string,
): Promise<LetterReminded> {
  if (!isStaff(auth)) throw new AppError('forbidden', MESSAGES.forbidden);
  const follow = new LetterFollowUps();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await visibleLetter(tx, auth, id, { lock: true });
    const state = stateAt(row, now);
    if (state !== 'sent' && state !== 'viewed') throw new AppError('conflict', M.notRemindable, { params: { state } });
    const last = row.last_reminded_at;
    if (last && now.getTime() - last.getTime() < DAY_MS) {
      const next = new Date(last.getTime() + DAY_MS);
      throw new AppError('rate_limited', M.remindedRecently, {
        params: { at: minuteUtc(next) },
        headers: { 'retry-after': String(Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000))) },
      });
    }
    await repo.updateLetter(tx, id, { last_reminded_at: now });
    await follow.toSigners(tx, deps, row, 'reminder');
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.reminded',
      entityType: 'engagement_letter',
      entityId: id,
      ip,
      meta: { by: 'staff' },
    });
  });
  await follow.run(deps);
  return { reminded_at: now.toISOString() };
}
