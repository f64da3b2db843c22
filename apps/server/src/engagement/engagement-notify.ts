import type { MailMessage } from '../platform/mail/mail.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { Tx } from '../platform/db/client.ts';
import { savedLanguage } from '../platform/users.ts';
import { notifyUsers } from '../notifications/index.ts';
import { firmName } from '../site/index.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as repo from './engagement.repository.ts';
import type { LetterRow } from './engagement.repository.ts';

/**
 * What a letter's people are told (docs/decisions/0036), each in their own language: the client (and a joint
 * letter's spouse) that a letter is sent or waiting (in the portal and by e-mail, as other features do), staff that
 * a client signed or declined. Rows are written in the caller's transaction; `run` after it commits pushes and mails.
 */
export class LetterFollowUps {
  private readonly pushes: (() => Promise<void>)[] = [];
  private readonly mails: MailMessage[] = [];

  /**
   * The client and a joint letter's spouse: the letter is sent (`sent`) or still waiting (`reminder`: only those who
   * have not signed their part yet). The one home of a reminder: the 3- and 7-day scan and staff's "Remind now".
   */
  async toSigners(
    tx: Tx,
    deps: Pick<EngagementDeps, 'db' | 'hub' | 'publicUrl'>,
    letter: LetterRow,
    kind: 'sent' | 'reminder',
    /** false: the mail only (a batch's letter whose portal notice went out before a crash: 0036). */
    opts: { inApp?: boolean } = {},
  ) {
    const firm = await firmName(tx);
    const link = `${deps.publicUrl}/letters/${letter.id}`;
    const signed =
      kind === 'reminder'
        ? new Set((await repo.signersOf(tx, letter.id)).filter((s) => s.signed_at).map((s) => s.role))
        : new Set<string>();
    const people = [
      ...(signed.has('taxpayer') ? [] : [letter.customer_id]),
      ...(letter.spouse_id && !signed.has('spouse') ? [letter.spouse_id] : []),
    ];
    for (const id of people) {
      const who = await repo.person(tx, id);
      if (!who) continue;
      const say = textsIn(recipientLanguage(await savedLanguage(tx, id)));
      const params = { year: letter.tax_year, firm, name: who.full_name, link };
      if (opts.inApp !== false)
        this.pushes.push(
          await notifyUsers(tx, { db: deps.db, hub: deps.hub }, [id], {
            kind: 'engagement',
            title: say(`engagement.notify.${kind}.title`, params),
            body: say(`engagement.notify.${kind}.body`, params),
          }),
        );
      this.mails.push({
        to: who.email,
        subject: say(`engagement.notify.${kind}.title`, params),
        text: say(`engagement.notify.${kind}.mail`, params),
      });
    }
  }

  /** Staff: the ticket's assignee, else whoever made the letter. */
  async toStaff(
    tx: Tx,
    deps: Pick<EngagementDeps, 'db' | 'hub'>,
    letter: LetterRow,
    assigneeId: string | null,
    write: (say: ReturnType<typeof textsIn>) => { title: string; body: string },
  ) {
    const staffId = assigneeId ?? letter.created_by;
    if (!staffId) return;
    const say = textsIn(recipientLanguage(await savedLanguage(tx, staffId)));
    this.pushes.push(
      await notifyUsers(tx, { db: deps.db, hub: deps.hub }, [staffId], { kind: 'engagement', ...write(say) }),
    );
  }

  async run(deps: Pick<EngagementDeps, 'db' | 'hub' | 'mailer' | 'log'>) {
    for (const push of this.pushes)
      await push().catch((err: unknown) => deps.log.warn({ err }, 'engagement push failed'));
    for (const m of this.mails)
      await deps.mailer.send(m).catch((err: unknown) => deps.log.warn({ err }, 'engagement mail failed'));
  }
}
