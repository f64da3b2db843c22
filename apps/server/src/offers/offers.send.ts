import { z } from 'zod';
import { createJobRunner, type JobHandler, type JobRunner } from '../platform/jobs.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import type { OffersDeps } from './offers.deps.ts';
import * as repo from './offers.repository.ts';
import { mayReceiveOffers, OFFER_JOB } from './offers.service.ts';

const payloadSchema = z.object({ recipient_ids: z.array(z.string().max(64)).max(1000) });

/**
 * Sends a batch of an offer's queued recipients, one by one: the client's consent to use is asked at this moment
 * (revoked since the preview: skipped), then the mail, with the unsubscribe line (a link to revoke that consent) in
 * the client's language. A mail the server refuses or cannot take: failed. A recipient no longer queued (sent by an
 * earlier try) is left alone, so a retried job never sends twice.
 */
export function sendOffersHandler(deps: OffersDeps): JobHandler {
  return async (payload, ctx) => {
    const { recipient_ids: ids } = payloadSchema.parse(payload);
    const firm = await deps.firmName(deps.db);
    for (const id of ids) {
      const row = await repo.claimQueued(deps.db, id);
      if (!row) continue;
      if (!(await mayReceiveOffers(deps.db, row.customer_id, ctx.now))) {
        await repo.setRecipientState(deps.db, id, 'skipped', null);
        continue;
      }
      const t = textsIn(recipientLanguage(await savedLanguage(deps.db, row.customer_id)));
      let failed = false;
      const fail = async () => {
        failed = true;
      };
      try {
        await deps.mailer.send(
          {
            to: row.email,
            subject: row.subject,
            text: [
              row.body,
              '',
              '--',
              t('thirdParty.offerMail.unsubscribe', { firm, link: `${deps.publicUrl}/consents` }),
            ].join('\n'),
          },
          { onRefused: fail, onUnreachable: fail },
        );
      } catch {
        failed = true;
      }
      await repo.setRecipientState(deps.db, id, failed ? 'failed' : 'sent', failed ? null : ctx.now);
      if (failed) deps.log.warn({ offer_recipient_id: id }, 'offer mail not sent');
    }
  };
}

/** Offers' background work: sending them. */
export function createOffersJobRunner(deps: OffersDeps, opts: { pollMs?: number } = {}): JobRunner {
  return createJobRunner({
    db: deps.db,
    log: deps.log,
    now: deps.now,
    handlers: { [OFFER_JOB]: sendOffersHandler(deps) },
    pollMs: opts.pollMs ?? 15_000,
  });
}
