import { z } from 'zod';
import { createJobRunner, type JobHandler, type JobRunner } from '../platform/jobs.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import type { ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-invitations.repository.ts';
import { INVITATION_JOB, newLink } from './client-invitations.service.ts';

const payloadSchema = z.object({ invitation_ids: z.array(z.string().max(64)).max(1000) });

/**
 * Sends a batch of queued invitations, one by one: a new set-password link (the old one, if any, ended), then the
 * mail or text in the client's language. A transport that refuses the recipient (a 5xx to RCPT, Twilio) makes it
 * bounced; none at all (no SMTP_URL: the outbox only; no Twilio: development's terminal) not_sent; our own mail
 * server unreachable not_sent (mail_unreachable) and the job fails, so the job machinery retries it later (with its
 * backoff); otherwise sent. An invitation no longer queued (sent by an earlier try, requeued and sent since) is left
 * alone.
 */
export function sendInvitationsHandler(deps: ClientImportDeps): JobHandler {
  return async (payload) => {
    const { invitation_ids: ids } = payloadSchema.parse(payload);
    const firm = await deps.firmName(deps.db);
    let unreachable = 0;
    for (const id of ids) {
      const prepared = await deps.db.transaction(async (tx) => {
        const [row] = await repo.claimQueued(tx, [id]);
        if (!row) return null;
        const link = await newLink(deps, tx, row.invitation);
        return {
          ...row,
          token: link.token,
          language: recipientLanguage(await savedLanguage(tx, row.invitation.user_id)),
        };
      });
      if (!prepared) continue;
      const t = textsIn(prepared.language);
      const url = `${deps.publicUrl}/reset-password?token=${prepared.token}&invite=1`;
      let refused = false;
      let undelivered = false;
      let down = false;
      if (prepared.invitation.channel === 'sms') {
        try {
          if (!deps.sms || !prepared.phone) throw new Error('no sms provider or phone');
          await deps.sms.send(prepared.phone, t('clientImport.invitation.sms', { firm, link: url }));
          undelivered = deps.sms.kind !== 'twilio';
        } catch (err) {
          refused = true;
          deps.log.warn(
            { invitation_id: id, err: (err as { code?: unknown }).code ?? 'send failed' },
            'invitation text refused',
          );
        }
      } else {
        await deps.mailer.send(
          {
            to: prepared.email,
            subject: t('clientImport.invitation.subject', { firm }),
            text: [
              t('mail.hello', { name: prepared.full_name }),
              '',
              t('clientImport.invitation.body', { firm }),
              t('clientImport.invitation.link'),
              url,
              '',
              t('clientImport.invitation.ignore', { firm }),
            ].join('\n'),
            secrets: [prepared.token],
          },
          {
            onRefused: async () => {
              refused = true;
            },
            onUndelivered: async () => {
              undelivered = true;
            },
            onUnreachable: async () => {
              down = true;
            },
          },
        );
      }
      const now = new Date();
      if (down) {
        unreachable++;
        await repo.updateInvitation(deps.db, id, { state: 'not_sent', not_sent_reason: repo.MAIL_UNREACHABLE });
        deps.log.warn({ invitation_id: id }, 'client invitation not sent: mail server unreachable');
        continue;
      }
      const state = refused ? 'bounced' : undelivered ? 'not_sent' : 'sent';
      await repo.updateInvitation(deps.db, id, {
        state,
        sent_at: now,
        not_sent_reason: null,
        ...(refused ? { bounced_at: now } : {}),
        sends: prepared.invitation.sends + 1,
      });
      deps.log.info({ invitation_id: id, state }, 'client invitation sent');
    }
    // The job runner retries the batch later: only the invitations still not sent for this reason are sent then.
    if (unreachable) throw new Error(`mail server unreachable (${unreachable} invitations)`);
  };
}

/** The client import's background work: sending invitations. */
export function createClientImportJobRunner(deps: ClientImportDeps, opts: { pollMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    log: deps.log,
    handlers: { [INVITATION_JOB]: sendInvitationsHandler(deps) },
    pollMs: opts.pollMs ?? 15_000,
  });
}
