import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmCountry, firmName } from '../site/index.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { createMailer } from '../platform/mail/mail.ts';
import { type SmsProvider, twilioSms } from '../platform/sms.ts';
import { Agent, createStaff, signIn, uniqueEmail, type TestApp, createTestApp } from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  startTwilioFake,
  type TwilioFake,
} from '../test/twilio-fake.ts';
import { BASE, checked } from './client-import.test-helpers.ts';
import { resendChannel } from './client-invitations.service.ts';
import { createClientImportJobRunner } from './index.ts';

let t: TestApp;
let smtp: SmtpCapture;
let sms: TwilioFake;
let admin: Agent;
let staff: Agent;
const log: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture();
  sms = await startTwilioFake();
  const logStream = new Writable({
    write(chunk, _enc, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info', ...sms.env }, { logStream });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  staff = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
});

/**
 * One pass of the invitations' background runner, as the app's own would make, through `smtpUrl` (none: the outbox
 * only) and the fake Twilio (or `texts`: another provider).
 */
async function sendQueued(opts: { smtpUrl?: string | null; texts?: SmsProvider } = {}) {
  const smtpUrl = opts.smtpUrl === undefined ? smtp.url : (opts.smtpUrl ?? undefined);
  const runner = createClientImportJobRunner({
    db: t.database.db,
    config: t.config,
    files: undefined as never,
    sessionSecret: t.secrets.sessionSecret,
    publicUrl: t.config.PUBLIC_URL,
    mailer: createMailer({ db: t.database.db, log: t.app.log, smtpUrl, from: 'portal@portal.test' }),
    sms:
      opts.texts ??
      twilioSms({
        accountSid: FAKE_TWILIO_SID,
        authToken: FAKE_TWILIO_TOKEN,
        from: FAKE_TWILIO_FROM,
        apiUrl: sms.url,
      }),
    log: t.app.log,
    firmName,
    firmCountry,
  });
  return runner.tick();
}

const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)![1]!;
const open = async (token: string) =>
  (await new Agent(t.app).post('/api/v1/client-invitations/open', { token })).json();
/** The invitations of an import as if their last send were `seconds` ago. */
const sentAgo = (id: string, seconds: number) =>
  t.database.db.execute(
    sql`update client_invitations set sent_at = now() - make_interval(secs => ${seconds}) where import_id = ${id}`,
  );
const invitationsOf = async (id: string, state?: string) =>
  (await admin.get(`${BASE}/${id}/invitations${state ? `?state=${state}` : ''}`)).json();

const userIdOf = async (email: string) =>
  (await rows(t.database.db, rowSchema({ id: col.text() }), sql`select id from users where email = ${email}`))[0]!.id;

async function committedImport(rows: string[]) {
  const { id } = await checked(admin, ['Name,Email,Phone,Language', ...rows].join('\n'));
  expect((await admin.post(`${BASE}/${id}/commit`)).statusCode).toBe(200);
  return id;
}

describe('invitations', () => {
  it('cannot invite before the commit, and only Admins may', async () => {
    const { id } = await checked(admin, `Name,Email\nA,${uniqueEmail('pre')}\n`);
    expect((await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' })).statusCode).toBe(409);
    expect((await staff.post(`${BASE}/${id}/invitations`, { channel: 'email' })).statusCode).toBe(403);
    expect((await staff.get(`${BASE}/${id}/invitations`)).statusCode).toBe(403);
  });

  it('sends by e-mail in the client’s language; opened, then joined when the password is set', async () => {
    const [en, es] = [uniqueEmail('inv-en'), uniqueEmail('inv-es')];
    const id = await committedImport([`Ann En,${en},,English`, `Eva Es,${es},,Español`]);
    const res = await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: 2, skipped: 0 });
    expect((await invitationsOf(id)).counts.queued).toBe(2);
    await sendQueued();
    const mail = await smtp.waitFor(en, /reset-password\?token=/);
    expect(mail.subject).toMatch(/client portal/);
    const spanish = await smtp.waitFor(es, /reset-password\?token=/);
    expect(spanish.subject).toMatch(/portal de clientes/);
    expect((await invitationsOf(id)).counts).toMatchObject({ sent: 2, queued: 0 });

    const token = tokenIn(mail.text);
    const anon = new Agent(t.app);
    expect(await open('nonsense')).toEqual({ valid: false, joined: false });
    expect(await open(token)).toEqual({ valid: true, joined: false });
    // Checking a link does not use it up.
    expect(await open(token)).toEqual({ valid: true, joined: false });
    expect((await invitationsOf(id, 'opened')).items.map((i: { email: string }) => i.email)).toEqual([en]);

    const set = await anon.post('/api/v1/auth/password-reset/confirm', { token, new_password: 'a-new-password-1234' });
    expect(set.statusCode, set.body).toBe(200);
    // Joining is not a reset: the text welcomes them.
    expect(set.json().message).toBe('Your account is ready. Welcome! Please sign in with your new password.');
    // The used link says so at once: the client has joined, and is to sign in.
    expect(await open(token)).toEqual({ valid: false, joined: true });
    const joined = await invitationsOf(id, 'joined');
    expect(joined.items.map((i: { email: string }) => i.email)).toEqual([en]);
    expect(joined.counts).toMatchObject({ joined: 1, sent: 1 });
    // A second invitation of the same people is left out.
    expect((await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' })).json()).toEqual({
      queued: 0,
      skipped: 2,
    });
    // Joined: no resend.
    expect((await admin.post(`${BASE}/${id}/invitations/${joined.items[0].id}/resend`)).statusCode).toBe(409);
  });

  it('a resend makes a new link and kills the old one; within a minute of a send it changes nothing', async () => {
    const a = uniqueEmail('resend');
    const id = await committedImport([`Res End,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    const [queued] = (await invitationsOf(id)).items;
    // Still being sent: a resend changes nothing.
    const early = await admin.post(`${BASE}/${id}/invitations/${queued.id}/resend`);
    expect(early.statusCode, early.body).toBe(202);
    expect(early.json()).toMatchObject({ state: 'queued', sends: 0 });
    await sendQueued();
    const old = tokenIn((await smtp.waitFor(a, /token=/)).text);
    const mailsTo = () => smtp.mails.filter((m) => m.to.includes(a)).length;
    expect(mailsTo()).toBe(1);
    const [inv] = (await invitationsOf(id)).items;
    // Just sent (a double click, or two Admins): nothing changes, the link mailed still works.
    for (const again of await Promise.all([1, 2].map(() => admin.post(`${BASE}/${id}/invitations/${inv.id}/resend`)))) {
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toMatchObject({ state: 'sent', sends: 1 });
    }
    await sendQueued();
    expect(mailsTo()).toBe(1);
    expect(await open(old)).toEqual({ valid: true, joined: false });

    // A minute later: a new link, the old one dead at once; two clicks at once still send one mail.
    await sentAgo(id, 61);
    const [res, twice] = await Promise.all([1, 2].map(() => admin.post(`${BASE}/${id}/invitations/${inv.id}/resend`)));
    expect(res!.statusCode, res!.body).toBe(202);
    expect(twice!.statusCode, twice!.body).toBe(202);
    expect([res!.json().state, twice!.json().state]).toEqual(['queued', 'queued']);
    const anon = new Agent(t.app);
    expect(await open(old)).toEqual({ valid: false, joined: false });
    await sendQueued();
    expect(mailsTo()).toBe(2);
    const fresh = tokenIn((await smtp.waitFor(a, new RegExp(`token=(?!${old})`))).text);
    expect(fresh).not.toBe(old);
    expect(await open(fresh)).toEqual({ valid: true, joined: false });
    const set = await anon.post('/api/v1/auth/password-reset/confirm', {
      token: old,
      new_password: 'a-new-password-1234',
    });
    expect(set.statusCode).toBe(400);
    expect((await invitationsOf(id)).items[0]).toMatchObject({ state: 'opened', sends: 2 });
    // Another Admin's import and another import's invitation: 404.
    const other = await signIn(t, (await createStaff(t, 'Admin')).email);
    expect((await other.post(`${BASE}/${id}/invitations/${inv.id}/resend`)).statusCode).toBe(404);
  });

  it('by text: only clients with a phone; a refused text is bounced; resend all unopened', async () => {
    const [a, b, c] = [uniqueEmail('sa'), uniqueEmail('sb'), uniqueEmail('sc')];
    const id = await committedImport([`Sa,${a},202-555-0111,`, `Sb,${b},,`, `Sc,${c},202-555-0113,`]);
    const res = await admin.post(`${BASE}/${id}/invitations`, { channel: 'sms' });
    expect(res.json()).toEqual({ queued: 2, skipped: 1 });
    sms.failNext = 1;
    await sendQueued();
    const counts = (await invitationsOf(id)).counts;
    expect(counts).toMatchObject({ sent: 1, bounced: 1 });
    const text = sms.messages.findLast((m) => m.to === '+12025550111' || m.to === '+12025550113')!;
    expect(text.body).toMatch(/reset-password\?token=/);
    // The one just delivered is left as it is (its link works); the bounced one goes again.
    const again = await admin.post(`${BASE}/${id}/invitations/resend-unopened`);
    expect(again.json()).toEqual({ queued: 1, skipped: 1 });
    await sendQueued();
    expect((await invitationsOf(id)).counts).toMatchObject({ sent: 2, bounced: 0 });
    await sentAgo(id, 61);
    expect((await admin.post(`${BASE}/${id}/invitations/resend-unopened`)).json()).toEqual({ queued: 2, skipped: 0 });
  });

  it('a mail the SMTP server refuses (5xx to RCPT) is bounced', async () => {
    const a = uniqueEmail('no-such-mailbox');
    const id = await committedImport([`Bo Unce,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    await sendQueued();
    expect((await invitationsOf(id)).items[0]).toMatchObject({ state: 'bounced', not_sent_reason: null });
  });

  it('our mail server down: not sent (mail server unreachable), never bounced, and the job retries it', async () => {
    const a = uniqueEmail('down');
    const id = await committedImport([`Dow N,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    const tick = await sendQueued({ smtpUrl: 'smtp://127.0.0.1:1' });
    expect(tick).toMatchObject({ failed: 1 });
    expect((await invitationsOf(id)).items[0]).toMatchObject({
      state: 'not_sent',
      not_sent_reason: 'mail_unreachable',
    });
    // The retry, once due, with the server back: delivered. Only this invitation's job is made due (a minute back:
    // the database's now() has microseconds the runner's millisecond clock may not yet have reached); jobs left
    // waiting by the tests before it would come first in the runner's batch (they are older).
    const invitationId = (await invitationsOf(id)).items[0]!.id;
    await t.database.db.execute(
      sql`update jobs set run_at = now() - interval '1 minute' where kind = 'client_invitations_send' and done_at is null
          and jsonb_exists(payload->'invitation_ids', ${invitationId})`,
    );
    await sendQueued();
    expect((await invitationsOf(id)).items[0]).toMatchObject({ state: 'sent', not_sent_reason: null });
    await smtp.waitFor(a, /token=/);
  });

  it('a text never sent (no Twilio) goes by e-mail: "Invite by e-mail" includes it, a resend takes the channel there is', async () => {
    const [a, b] = [uniqueEmail('txt-a'), uniqueEmail('txt-b')];
    const id = await committedImport([`Txt A,${a},202-555-0141,`, `Txt B,${b},202-555-0142,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'sms' });
    const terminal: SmsProvider = { kind: 'terminal', send: async () => {} };
    await sendQueued({ texts: terminal });
    expect((await invitationsOf(id)).counts).toMatchObject({ not_sent: 2 });
    // By e-mail, for one of them: queued again by e-mail.
    const byMail = await admin.post(`${BASE}/${id}/invitations`, { channel: 'email', user_ids: [await userIdOf(a)] });
    expect(byMail.json()).toEqual({ queued: 1, skipped: 0 });
    await sendQueued({ texts: terminal });
    await smtp.waitFor(a, /token=/);
    // The other, resent by e-mail as asked (without asking: its own channel while it delivers, else the other).
    const other = (await invitationsOf(id)).items.find((i: { email: string }) => i.email === b);
    const res = await admin.post(`${BASE}/${id}/invitations/${other.id}/resend`, { channel: 'email' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ channel: 'email', state: 'queued' });
    await sendQueued({ texts: terminal });
    await smtp.waitFor(b, /token=/);
    expect((await invitationsOf(id)).counts).toMatchObject({ sent: 2, not_sent: 0 });
  });

  it('without SMTP or Twilio nothing is delivered: not sent, never "sent"; a resend once set up sends it', async () => {
    const [a, b] = [uniqueEmail('nomail'), uniqueEmail('notext')];
    const id = await committedImport([`No Mail,${a},,`, `No Text,${b},202-555-0131,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email', user_ids: [await userIdOf(a)] });
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'sms', user_ids: [await userIdOf(b)] });
    const terminal: SmsProvider = { kind: 'terminal', send: async () => {} };
    await sendQueued({ smtpUrl: null, texts: terminal });
    const list = await invitationsOf(id);
    expect(list.counts).toMatchObject({ not_sent: 2, sent: 0, queued: 0 });
    expect(list.items.map((i: { channel: string; state: string }) => [i.channel, i.state]).sort()).toEqual([
      ['email', 'not_sent'],
      ['sms', 'not_sent'],
    ]);
    expect(smtp.mails.some((m) => m.to.includes(a))).toBe(false);
    // This portal has both set up.
    expect(list.delivery).toEqual({ email: true, sms: true });
    // Not sent counts as unopened: sent again (no minute to wait), now delivered.
    expect((await admin.post(`${BASE}/${id}/invitations/resend-unopened`)).json()).toEqual({ queued: 2, skipped: 0 });
    await sendQueued();
    expect((await invitationsOf(id)).counts).toMatchObject({ sent: 2, not_sent: 0 });
    await smtp.waitFor(a, /token=/);
  });

  it('never shows a token to staff or writes one to the log', async () => {
    const a = uniqueEmail('secret');
    const id = await committedImport([`Sec Ret,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    await sendQueued();
    const token = tokenIn((await smtp.waitFor(a, /token=/)).text);
    const list = await admin.get(`${BASE}/${id}/invitations`);
    expect(list.body).not.toContain(token);
    expect(list.body).not.toMatch(/token/i);
    await new Agent(t.app).post('/api/v1/client-invitations/open', { token });
    expect(log.join('')).not.toContain(token);
    const outbox = await admin.get('/api/v1/admin/outbox');
    expect(outbox.body).not.toContain(token);
  });
});

describe('the channel of a resend', () => {
  const deps = (smtp: boolean, texts: 'twilio' | 'terminal' | null) =>
    ({
      config: { SMTP_URL: smtp ? 'smtp://x' : undefined },
      sms: texts ? { kind: texts, send: async () => {} } : null,
    }) as unknown as Parameters<typeof resendChannel>[0];
  it.each([
    ['a text on a portal without Twilio goes by e-mail', deps(true, 'terminal'), 'sms', '+12025550101', 'email'],
    ['a text stays a text where Twilio is set up', deps(true, 'twilio'), 'sms', '+12025550101', 'sms'],
    ['an e-mail without SMTP goes by text to a client with a phone', deps(false, 'twilio'), 'email', '+1202555', 'sms'],
    ['an e-mail without SMTP stays one for a client without a phone', deps(false, 'twilio'), 'email', null, 'email'],
    ['nothing set up: its own channel', deps(false, null), 'sms', '+12025550101', 'sms'],
  ] as const)('%s', (_what, d, channel, phone, expected) => {
    expect(resendChannel(d, { channel, phone })).toBe(expected);
    expect(resendChannel(d, { channel, phone }, 'email')).toBe('email');
  });
});
