/**
 * A local server speaking Twilio's Messages API, for tests: `POST /2010-04-01/Accounts/{sid}/Messages.json` with
 * HTTP basic auth (the account SID and auth token) and form fields To, From, Body, answered as Twilio answers
 * (201 with the message resource, or Twilio's error JSON). The app reaches it through the real `twilio` SDK
 * (platform/sms.ts, TWILIO_API_URL). A text is the one way a phone code reaches its owner, so tests read codes
 * here. Run as a program (`tsx twilio-fake.ts --port N --dir D`) it writes each message to D as JSON (the e2e
 * run's phone).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const FAKE_TWILIO_SID = `AC${'0'.repeat(31)}1`;
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token-0001';
export const FAKE_TWILIO_FROM = '+15005550006';

export interface Sms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioFake {
  url: string;
  port: number;
  messages: Sms[];
  /** The app's environment pointing the SDK here. */
  env: Record<string, string>;
  /** Make the next sends fail with Twilio's error (e.g. 21211 invalid 'To'); 0 = succeed. */
  failNext: number;
  /** The newest text to `to`, waiting for it a few seconds. */
  waitFor(to: string, after?: number): Promise<Sms>;
  /** The 6-digit code in the newest text to `to`. */
  codeFor(to: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

const twilioError = (res: http.ServerResponse, status: number, code: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
};

export async function startTwilioFake(opts: { port?: number; dir?: string } = {}): Promise<TwilioFake> {
  const messages: Sms[] = [];
  const fake = { failNext: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (!m || req.method !== 'POST') return twilioError(res, 404, 20404, 'The requested resource was not found');
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [user, pass] = Buffer.from(auth ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (user !== m[1] || user !== FAKE_TWILIO_SID || pass !== FAKE_TWILIO_TOKEN) {
        return twilioError(res, 401, 20003, 'Authenticate');
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not valid.`);
      if (!from) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
      if (fake.failNext > 0) {
        fake.failNext--;
        return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const sms = { sid, to, from, body };
      messages.push(sms);
      if (opts.dir) {
        fs.mkdirSync(opts.dir, { recursive: true });
        const file = path.join(opts.dir, `${Date.now()}-${randomUUID()}.json`);
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(sms));
        fs.renameSync(`${file}.tmp`, file);
      }
      const now = new Date().toUTCString();
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid,
          account_sid: m[1],
          to,
          from,
          body,
          status: 'queued',
          direction: 'outbound-api',
          num_segments: '1',
          date_created: now,
          date_updated: now,
          date_sent: null,
          price: null,
          error_code: null,
          error_message: null,
          api_version: '2010-04-01',
          uri: `/2010-04-01/Accounts/${m[1]}/Messages/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const waitFor = async (to: string, after = 0) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = messages.slice(after).findLast((s) => s.to === to);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no text to ${to}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    url,
    port,
    messages,
    env: {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_FROM: FAKE_TWILIO_FROM,
      TWILIO_API_URL: url,
    },
    get failNext() {
      return fake.failNext;
    },
    set failNext(n: number) {
      fake.failNext = n;
    },
    waitFor,
    async codeFor(to, after) {
      const sms = await waitFor(to, after);
      return /\b(\d{6})\b/.exec(sms.body)![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// As a program: the e2e run's SMS provider (e2e/playwright.config.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
  const fake = await startTwilioFake({ port: Number(arg('--port')), dir: arg('--dir') });
  process.stdout.write(`twilio-fake listening on ${fake.url}\n`);
}
