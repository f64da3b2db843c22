import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmCountry, firmName } from '../site/index.ts';
import { createMailer } from '../platform/mail/mail.ts';
import { twilioSms } from '../platform/sms.ts';
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

/** One pass of the invitations' background runner, as the app's own would make, through `smtpUrl`. */
async function sendQueued(smtpUrl = smtp.url) {
  const runner = createClientImportJobRunner({
    db: t.database.db,
    config: t.config,
    files: undefined as never,
    sessionSecret: t.secrets.sessionSecret,
    publicUrl: t.config.PUBLIC_URL,
    mailer: createMailer({ db: t.database.db, log: t.app.log, smtpUrl, from: 'portal@portal.test' }),
    sms: twilioSms({
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
const invitationsOf = async (id: string, state?: string) =>
  (await admin.get(`${BASE}/${id}/invitations${state ? `?state=${state}` : ''}`)).json();

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
    expect((await anon.post('/api/v1/client-invitations/open', { token: 'nonsense' })).json()).toEqual({
      valid: false,
    });
    expect((await anon.post('/api/v1/client-invitations/open', { token })).json()).toEqual({ valid: true });
    expect((await invitationsOf(id, 'opened')).items.map((i: { email: string }) => i.email)).toEqual([en]);

    const set = await anon.post('/api/v1/auth/password-reset/confirm', { token, new_password: 'a-new-password-1234' });
    expect(set.statusCode, set.body).toBe(200);
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

  it('a resend makes a new link and kills the old one', async () => {
    const a = uniqueEmail('resend');
    const id = await committedImport([`Res End,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    await sendQueued();
    const old = tokenIn((await smtp.waitFor(a, /token=/)).text);
    const [inv] = (await invitationsOf(id)).items;
    const res = await admin.post(`${BASE}/${id}/invitations/${inv.id}/resend`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().state).toBe('queued');
    const anon = new Agent(t.app);
    expect((await anon.post('/api/v1/client-invitations/open', { token: old })).json()).toEqual({ valid: false });
    await sendQueued();
    const fresh = tokenIn((await smtp.waitFor(a, new RegExp(`token=(?!${old})`))).text);
    expect(fresh).not.toBe(old);
    expect((await anon.post('/api/v1/client-invitations/open', { token: fresh })).json()).toEqual({ valid: true });
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
    const again = await admin.post(`${BASE}/${id}/invitations/resend-unopened`);
    expect(again.json()).toEqual({ queued: 2, skipped: 0 });
    await sendQueued();
    expect((await invitationsOf(id)).counts).toMatchObject({ sent: 2, bounced: 0 });
  });

  it('a mail the SMTP server refuses is bounced', async () => {
    const a = uniqueEmail('bounce');
    const id = await committedImport([`Bo Unce,${a},,`]);
    await admin.post(`${BASE}/${id}/invitations`, { channel: 'email' });
    await sendQueued('smtp://127.0.0.1:1');
    expect((await invitationsOf(id)).items[0].state).toBe('bounced');
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
