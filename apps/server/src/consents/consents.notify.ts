import type { ConsentKind } from '@taxportal/contract';
import { notifyUsers } from '../notifications/index.ts';
import type { Tx } from '../platform/db/client.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { MailMessage } from '../platform/mail/mail.ts';
import { savedLanguage } from '../platform/users.ts';
import type { ConsentsDeps } from './consents.deps.ts';

/** The client's page of one consent. */
export const consentPath = (id: string) => `/consents/${encodeURIComponent(id)}`;

type FollowUp = () => Promise<void>;

/**
 * A consent sent: the in-app notice now (in the transaction) and the mail to send after the commit, each in the
 * client's language. Both say that signing is optional and never a condition of service.
 */
export async function consentSentNotices(
  tx: Tx,
  deps: ConsentsDeps,
  c: { id: string; kind: ConsentKind; customerId: string; email: string; name: string; recipient: string | null },
  firm: string,
): Promise<{ notify: FollowUp; mail: MailMessage }> {
  const notify = await notifyUsers(tx, deps, [c.customerId], {
    kind: 'consent',
    write: (say) => ({
      title: say('consents.notices.sentTitle', { kind: say(`consents.kinds.${c.kind}`) }),
      body: say('consents.notices.sentBody'),
    }),
  });
  const t = textsIn(recipientLanguage(await savedLanguage(tx, c.customerId)));
  const link = `${deps.publicUrl}${consentPath(c.id)}`;
  const mail: MailMessage = {
    to: c.email,
    subject: t('consents.mail.subject', { firm }),
    text: [
      t('mail.hello', { name: c.name }),
      '',
      t('consents.mail.body', { firm, kind: t(`consents.kinds.${c.kind}`) }),
      ...(c.recipient ? [t('consents.mail.recipient', { recipient: c.recipient })] : []),
      '',
      t('consents.mail.open'),
      link,
    ].join('\n'),
  };
  return { notify, mail };
}

/** The staff member who prepared a consent learns the client's answer (signed, declined, revoked). */
export async function answeredNotice(
  tx: Tx,
  deps: ConsentsDeps,
  preparedBy: string | null,
  c: { name: string; purpose: string; answer: 'signed' | 'declined' | 'revoked' },
): Promise<FollowUp | null> {
  if (!preparedBy) return null;
  return notifyUsers(tx, deps, [preparedBy], {
    kind: 'consent',
    write: (say) => ({
      title: say('consents.notices.answeredTitle', { name: c.name, answer: say(`consents.notices.${c.answer}`) }),
      body: say('consents.notices.answeredBody', { purpose: c.purpose.slice(0, 200) }),
    }),
  });
}

/** Mail and live notices after the commit: never the request's failure (the change is made). */
export async function afterCommit(deps: ConsentsDeps, mails: MailMessage[], follow: (FollowUp | null)[]) {
  try {
    for (const m of mails) await deps.mailer.send(m);
    for (const f of follow) if (f) await f();
  } catch (err) {
    deps.log.error({ err: (err as Error).message }, 'consent follow-up failed');
  }
}
