/**
 * A local SMTP server for tests: it speaks enough of RFC 5321 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT)
 * for nodemailer, the real client the mailer uses, and keeps what it receives, decoded to plain text. Mail is
 * the one way a secret (a reset link, a signing code) reaches its recipient, so tests read it here, never from
 * the database. Run as a program (`tsx smtp-capture.ts --port N --dir D`) it writes each message to D as JSON
 * (the e2e run's mailbox).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpCapture {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** The newest mail to `to` whose text matches, waiting for it a few seconds. */
  waitFor(to: string, match?: RegExp): Promise<CapturedMail>;
  close(): Promise<void>;
}

const unfold = (head: string) => head.replace(/\r\n[ \t]+/g, ' ');
const header = (head: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfold(head))?.[1]?.trim() ?? '';

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A single-part text message, as the mailer sends; multipart bodies are kept as they came. */
export function parseMessage(raw: string, from: string, to: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { from, to, subject: decodeWords(header(head, 'Subject')), text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpCapture(opts: { port?: number; dir?: string } = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const keep = (mail: CapturedMail) => {
    mails.push(mail);
    if (opts.dir) {
      fs.mkdirSync(opts.dir, { recursive: true });
      const file = path.join(opts.dir, `${Date.now()}-${randomUUID()}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
      fs.renameSync(`${file}.tmp`, file);
    }
  };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let from = '';
    let rcpt: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-capture ready');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          keep(parseMessage(raw, from, rcpt));
          reply('250 OK: queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-smtp-capture\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 smtp-capture');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          rcpt = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          const to = (/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase();
          // A mailbox that does not exist, for tests of a bounce: refused for good.
          if (to.startsWith('no-such-mailbox')) reply('550 5.1.1 No such user');
          else {
            rcpt.push(to);
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(to, match) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mails.findLast((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.text)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}${match ? ` matching ${match}` : ''}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// As a program: the e2e run's mail server (e2e/playwright.config.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
  const capture = await startSmtpCapture({ port: Number(arg('--port')), dir: arg('--dir') });
  process.stdout.write(`smtp-capture listening on ${capture.url}\n`);
}
