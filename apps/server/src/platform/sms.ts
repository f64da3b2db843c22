import twilio from 'twilio';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

/**
 * Text messages go through one interface (docs/decisions/0019-b). Its callers hand it the whole text; no
 * provider writes it to the log, the outbox or the database: a code is readable only by the phone's owner.
 */
export interface SmsProvider {
  /** 'twilio' sends; 'terminal' is development's stand-in (prints to the terminal, or nothing in tests). */
  readonly kind: 'twilio' | 'terminal';
  send(to: string, body: string): Promise<void>;
}

/**
 * Twilio through its own SDK. `apiUrl` (TWILIO_API_URL) points the SDK at another origin speaking Twilio's
 * Messages API, the tests' local fake server (test/twilio-fake.ts); requests keep Twilio's paths and auth.
 */
export function twilioSms(opts: { accountSid: string; authToken: string; from: string; apiUrl?: string | undefined }) {
  const base = opts.apiUrl ? new URL(opts.apiUrl) : null;
  class Rebased extends twilio.RequestClient {
    override request<T>(req: Parameters<twilio.RequestClient['request']>[0]) {
      if (base) {
        const uri = new URL(req.uri);
        uri.protocol = base.protocol;
        uri.host = base.host;
        req = { ...req, uri: uri.href };
      }
      return super.request<T>(req as never);
    }
  }
  const client = twilio(opts.accountSid, opts.authToken, { httpClient: new Rebased(), autoRetry: false });
  return {
    kind: 'twilio',
    async send(to: string, body: string) {
      await client.messages.create({ to, from: opts.from, body });
    },
  } satisfies SmsProvider;
}

/**
 * The provider the configuration gives: Twilio when its three variables are set; otherwise, outside
 * production, the terminal (development prints the text for the person at the terminal, never the structured
 * log; tests print nothing); in production without Twilio, none: phone sign-in and verification are off.
 */
export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider | null {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    return twilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      apiUrl: config.TWILIO_API_URL,
    });
  }
  if (config.isProduction) return null;
  const print = config.NODE_ENV === 'development';
  return {
    kind: 'terminal',
    async send(to, body) {
      log.debug('sms printed to the terminal (development: no Twilio)');
      if (print) process.stdout.write(`\n--- SMS to ${to} (development: no TWILIO_*) ---\n${body}\n---\n\n`);
    },
  };
}
