import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is written to the outbox table. With SMTP_URL set it is also
 * sent through nodemailer. The log gets recipient and subject only: bodies
 * carry reset links and must not reach logs.
 */
export function createMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  // nodemailer is loaded only when SMTP is configured.
  const { smtpUrl } = deps;
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : null;
  transport?.catch(() => {}); // reported by the first send
  return {
    async send(message) {
      const id = randomUUID();
      await deps.db.insert(outbox).values({
        id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        transport: transport ? 'smtp' : 'outbox',
        sent_at: transport ? null : new Date(),
      });
      deps.log.info({ mail_id: id }, 'mail queued');
      if (transport) {
        try {
          await (await transport).sendMail({ from: deps.from, ...message });
          await deps.db.update(outbox).set({ sent_at: new Date() }).where(eqId(id));
        } catch (err) {
          deps.log.error({ mail_id: id, err: (err as Error).message }, 'smtp send failed');
        }
      }
    },
  };
}

const eqId = (id: string) => eq(outbox.id, id);
