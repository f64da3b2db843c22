import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The parts of `text` only its recipient may read: a reset link's token, a one-time code. They go out in the
   * mail and nowhere else: the outbox keeps the text with each replaced by `[redacted]` (docs/decisions/0011).
   */
  secrets?: string[];
}
/**
 * What a sender may want to learn of one message: the server refused its recipient (a 5xx to RCPT TO: the client
 * import's bounced state), there is no transport (no SMTP_URL): it is only in the outbox, and nobody received it
 * (not_sent), or our own server could not take it (down, unreachable, a 4xx, any other failure): worth a retry,
 * never the recipient's fault.
 */
export interface MailSendOptions {
  onRefused?: () => Promise<void>;
  onUndelivered?: () => Promise<void>;
  onUnreachable?: () => Promise<void>;
}

/** A nodemailer error that is the server refusing the recipient for good (5xx to RCPT TO), not a failure of ours. */
export function isRecipientRefused(err: unknown): boolean {
  const e = err as { responseCode?: unknown; command?: unknown; code?: unknown } | null;
  if (!e || typeof e.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599) return false;
  return e.command === 'RCPT TO' || e.code === 'EENVELOPE';
}
export interface Mailer {
  send(message: MailMessage, opts?: MailSendOptions): Promise<void>;
}

export const REDACTED = '[redacted]';
/** A link's secret-looking query value is redacted even when its sender forgot to declare it. */
const SECRET_QUERY = /([?&](?:token|code|key|secret|otp)=)[^&\s]+/gi;

/** The text as the outbox keeps it: declared secrets and secret-looking link parameters replaced. */
export function redactMail(message: MailMessage): string {
  let text = message.text;
  for (const secret of message.secrets ?? []) if (secret) text = text.split(secret).join(REDACTED);
  return text.replace(SECRET_QUERY, (_match, name: string) => `${name}${REDACTED}`);
}

/**
 * Every message is recorded in the outbox table, with its secrets redacted (so staff reading the outbox never
 * see a reset link or a signing code). With SMTP_URL set it is sent through nodemailer, whole. Without it
 * (development), `printSecrets` prints the whole message to the terminal, the only place the demo's reset
 * link or code can then be read; it is never on in production or tests. The log gets the mail's id only.
 */
export function createMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
  printSecrets?: boolean;
}): Mailer {
  // nodemailer is loaded only when SMTP is configured.
  const { smtpUrl } = deps;
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : null;
  transport?.catch(() => {}); // reported by the first send
  return {
    async send(message, opts) {
      const id = randomUUID();
      const { secrets: _secrets, ...mail } = message;
      await deps.db.insert(outbox).values({
        id,
        to: mail.to,
        subject: mail.subject,
        text: redactMail(message),
        transport: transport ? 'smtp' : 'outbox',
        sent_at: transport ? null : new Date(),
      });
      deps.log.info({ mail_id: id }, 'mail queued');
      if (!transport) {
        if (deps.printSecrets && message.secrets?.length) {
          // For the person at the development terminal, not the structured log (docs/decisions/0011).
          process.stdout.write(`\n--- mail to ${mail.to} (development: no SMTP_URL) ---\n${mail.text}\n---\n\n`);
        }
        await opts?.onUndelivered?.();
        return;
      }
      try {
        await (await transport).sendMail({ from: deps.from, ...mail });
        await deps.db.update(outbox).set({ sent_at: new Date() }).where(eqId(id));
      } catch (err) {
        const refused = isRecipientRefused(err);
        deps.log.error({ mail_id: id, err: (err as Error).message, refused }, 'smtp send failed');
        await (refused ? opts?.onRefused?.() : opts?.onUnreachable?.());
      }
    },
  };
}

const eqId = (id: string) => eq(outbox.id, id);
