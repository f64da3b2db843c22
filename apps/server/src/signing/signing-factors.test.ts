import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES, type SigningState } from '@taxportal/contract';
import { auditLog, outbox, phoneCodes, recoveryCodes } from '../platform/db/schema.ts';
import {
  createCustomer,
  createStaff,
  createTestApp,
  PASSWORD,
  signIn,
  totpCode,
  type Agent,
  type TestApp,
} from '../test/helper.ts';
import { pdfText } from '../test/pdf-text.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { startTwilioFake, type TwilioFake } from '../test/twilio-fake.ts';

/**
 * The second factor at signing (docs/decisions/0021-a): each factor a taxpayer may have, the replay and lock
 * rules, a customer without any, and the firm's switch back to password and e-mailed code.
 */
let t: TestApp;
let smtp: SmtpCapture;
let sms: TwilioFake;
let dataDir: string;
let staff: Agent;
let admin: Agent;
const base = (id: string) => `/api/v1/tickets/${id}/signing`;
const SETTINGS = '/api/v1/admin/signing-settings';

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-signing-factors-${randomUUID()}`);
  smtp = await startSmtpCapture();
  sms = await startTwilioFake();
  t = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...sms.env });
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function customer(name = 'Robin Filer') {
  const c = await createCustomer(t, { full_name: name });
  return { ...c, agent: await signIn(t, c.email) };
}
/** A customer who set up an authenticator app through the API: its secret and recovery codes. */
async function customerWithTotp() {
  const c = await customer();
  const setup = (await c.agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
  const enable = await c.agent.post('/api/v1/auth/mfa/enable', { code: totpCode(setup.secret) });
  expect(enable.statusCode, enable.body).toBe(200);
  return { ...c, secret: setup.secret, recoveryCodes: enable.json().recovery_codes as string[] };
}
let phoneSeq = 300;
async function customerWithPhone() {
  const phone = `+1202555${String(++phoneSeq).padStart(4, '0')}`;
  const c = await customer();
  const before = sms.messages.length;
  expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone })).statusCode).toBe(202);
  const code = await sms.codeFor(phone, before);
  expect((await c.agent.post('/api/v1/auth/phone/verification/verify', { phone, code })).statusCode).toBe(200);
  return { ...c, phone };
}
async function readyTicket(agent: Agent, body: Record<string, unknown> = {}) {
  const ticket = await openTicket(t, agent);
  const prepared = await staff.post(base(ticket.id), body);
  expect(prepared.statusCode, prepared.body).toBe(201);
  await forceStatus(t, ticket.id, 'Ready For IRS Filing');
  return ticket;
}
async function signTyped(agent: Agent, ticketId: string, confirmation: string, name: string, signer = 'taxpayer') {
  const res = await agent.post(`${base(ticketId)}/sign`, {
    signer,
    confirmation,
    signer_name: name,
    method: 'typed',
    typed_signature: name,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SigningState;
}
async function auditPage(agent: Agent, state: SigningState) {
  const res = await agent.get(`/api/v1/documents/${state.request!.signed_document_id}/file`);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload).replace(/\x95/g, '•');
}
const factorsOf = async (agent: Agent, ticketId: string) =>
  ((await agent.get(base(ticketId))).json() as SigningState).factors!;
const setStrict = async (strict: boolean) => {
  const res = await admin.request({ method: 'PUT', url: SETTINGS, payload: { strict_identity: strict } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the taxpayer confirms with a second factor', () => {
  it('signs with a TOTP code; the same code again (a double submit) is "already confirmed", not counted', async () => {
    const c = await customerWithTotp();
    const ticket = await readyTicket(c.agent);
    expect(await factorsOf(c.agent, ticket.id)).toEqual({
      strict: true,
      taxpayer: ['totp', 'recovery_code'],
      taxpayer_phone: null,
      spouse: [],
      spouse_phone: null,
    });
    // The set-up used the current step: the next step's code is the one an app would show now.
    const code = totpCode(c.secret, Math.floor(Date.now() / 1000) + 30);
    const ok = await c.agent.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code });
    expect(ok.statusCode, ok.body).toBe(200);
    // Sent again (a double submit): 409 "already confirmed", not a failure (the one counted below is the wrong code).
    for (let i = 0; i < 2; i++) {
      const replay = await c.agent.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code });
      expect(replay.statusCode, replay.body).toBe(409);
      expect(replay.json().detail).toBe('This code has just confirmed you: go on to sign.');
    }
    // A different wrong code still counts.
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await c.agent.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code: wrong });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('code');
    const done = await signTyped(c.agent, ticket.id, ok.json().confirmation, c.full_name);
    expect(done.request!.signers[0]).toMatchObject({ confirmation: 'totp', stricter_check_off: false });
    expect(await auditPage(c.agent, done)).toContain('Identity confirmed by: TOTP code from an authenticator app');
    const failures = await t.database.db.execute(
      sql`select taxpayer_failures from signing_requests where ticket_id = ${ticket.id}`,
    );
    expect(JSON.stringify(failures)).toContain('"taxpayer_failures":1');
  });

  it('signs with a recovery code, which is then used up', async () => {
    const c = await customerWithTotp();
    const ticket = await readyTicket(c.agent);
    const code = c.recoveryCodes[0]!;
    const ok = await c.agent.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code });
    expect(ok.statusCode, ok.body).toBe(200);
    const used = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, c.id));
    expect(used.filter((r) => r.used_at)).toHaveLength(1);
    const done = await signTyped(c.agent, ticket.id, ok.json().confirmation, c.full_name);
    expect(done.request!.signers[0]!.confirmation).toBe('recovery_code');
    expect(await auditPage(c.agent, done)).toContain('Identity confirmed by: recovery code');
  });

  it('signs with a code texted to the verified phone: hashed, never logged, under the resend cooldown', async () => {
    const c = await customerWithPhone();
    const ticket = await readyTicket(c.agent);
    const last4 = c.phone.slice(-4);
    expect(await factorsOf(c.agent, ticket.id)).toMatchObject({
      taxpayer: ['sms_code'],
      taxpayer_phone: `••••${last4}`,
    });
    const before = sms.messages.length;
    const sent = await c.agent.post(`${base(ticket.id)}/sms-code`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ sent_to: `••••${last4}`, resend_after_s: 60 });
    const code = await sms.codeFor(c.phone, before);
    // The phone-code rules: a second code within the cooldown is refused.
    expect((await c.agent.post(`${base(ticket.id)}/sms-code`)).statusCode).toBe(429);
    const rows = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, c.phone));
    expect(rows.find((r) => r.purpose === 'signing')).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = await c.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'sms_code',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await c.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'sms_code',
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = await signTyped(c.agent, ticket.id, ok.json().confirmation, c.full_name);
    expect(done.request!.signers[0]).toMatchObject({ confirmation: 'sms_code', confirmation_phone: `••••${last4}` });
    expect(await auditPage(c.agent, done)).toContain(`Identity confirmed by: SMS code to ••••${last4}`);
    const dump = JSON.stringify([
      await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, ticket.id)),
      await t.database.db.select().from(outbox),
    ]);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(c.phone);
  });

  it('tells a customer without a factor to set one up; a factor they lack is refused uncounted', async () => {
    const c = await customer();
    const ticket = await readyTicket(c.agent);
    expect((await factorsOf(c.agent, ticket.id)).taxpayer).toEqual([]);
    for (const body of [
      { signer: 'taxpayer', factor: 'password', password: PASSWORD },
      { signer: 'taxpayer', factor: 'totp', code: '123456' },
    ]) {
      const res = await c.agent.post(`${base(ticket.id)}/confirm`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(SIGNING_MESSAGES.noFactor);
    }
    expect((await c.agent.post(`${base(ticket.id)}/sms-code`)).json().detail).toBe(SIGNING_MESSAGES.noVerifiedPhone);
    expect((await c.agent.post(`${base(ticket.id)}/passkey-options`)).statusCode).toBe(409);

    // With a verified phone only, the factor offered is the texted code; a password is still not enough.
    const p = await customerWithPhone();
    const other = await readyTicket(p.agent);
    const refused = await p.agent.post(`${base(other.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'password',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ field: 'password', message: SIGNING_MESSAGES.passwordOff });
    const totp = await p.agent.post(`${base(other.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code: '1' });
    expect(totp.statusCode).toBe(422);
    // Bad input is a 4xx with nothing changed.
    for (const payload of [{ signer: 'taxpayer', factor: 'magic' }, { signer: 'spouse', code: 'abc' }, 'x']) {
      const res = await p.agent.request({ method: 'POST', url: `${base(other.id)}/confirm`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const failures = await t.database.db.execute(
      sql`select taxpayer_failures from signing_requests where ticket_id = ${other.id}`,
    );
    expect(JSON.stringify(failures)).toContain('"taxpayer_failures":0');
  });

  it('another customer gets 404 from every signing step of the ticket', async () => {
    const c = await customerWithTotp();
    const stranger = await customerWithPhone();
    const ticket = await readyTicket(c.agent);
    for (const step of ['confirm', 'sms-code', 'passkey-options', 'spouse-code']) {
      const res = await stranger.agent.post(`${base(ticket.id)}/${step}`, {
        signer: 'taxpayer',
        factor: 'sms_code',
        code: '123456',
      });
      expect(res.statusCode, step).toBe(404);
    }
    expect((await stranger.agent.get(base(ticket.id))).statusCode).toBe(404);
  });
});

describe("the firm's switch", () => {
  it("e-mails the spouse's code in the language of the request that asked for it (cookie tp_lang=es)", async () => {
    const c = await customer('Paz Plana');
    await setStrict(false);
    try {
      const ticket = await readyTicket(c.agent, {
        joint: true,
        spouse_name: 'Luz Plana',
        spouse_email: 'luz.plana@example.test',
      });
      c.agent.cookies.set('tp_lang', 'es');
      const sent = await c.agent.post(`${base(ticket.id)}/spouse-code`);
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await smtp.waitFor('luz.plana@example.test', /código de un solo uso: \d{6}/);
      // The subject as sent (the SMTP capture's decoding splits encoded words with a space).
      const [stored] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'luz.plana@example.test'));
      expect(stored!.subject).toBe(`Su código para firmar el Formulario 8879 (${ticket.name})`);
      expect(mail.text).toContain('Hola, Luz Plana:\n\nPaz Plana le pidió firmar con usted');
      expect(mail.text).toContain('Es válido por 15 minutos y se puede usar una sola vez.');
      expect(mail.text).not.toMatch(/Hello|one-time code|valid for/);
    } finally {
      await setStrict(true);
    }
  });

  it('is Admin-only; off, password and e-mailed code sign, and the audit page says the firm turned it off', async () => {
    expect((await admin.get(SETTINGS)).json()).toEqual({ strict_identity: true });
    const c = await customer('Pat Plain');
    for (const who of [staff, c.agent]) {
      const res = await who.request({ method: 'PUT', url: SETTINGS, payload: { strict_identity: false } });
      expect(res.statusCode).toBe(403);
    }
    expect((await admin.request({ method: 'PUT', url: SETTINGS, payload: { strict_identity: 'no' } })).statusCode).toBe(
      422,
    );
    expect((await admin.get(SETTINGS)).json()).toEqual({ strict_identity: true });
    await setStrict(false);
    try {
      const ticket = await readyTicket(c.agent, {
        joint: true,
        spouse_name: 'Lee Plain',
        spouse_email: 'lee.plain@example.test',
      });
      expect(await factorsOf(c.agent, ticket.id)).toMatchObject({
        strict: false,
        taxpayer: ['password'],
        spouse: ['email_code'],
      });
      const wrong = await c.agent.post(`${base(ticket.id)}/confirm`, {
        signer: 'taxpayer',
        factor: 'password',
        password: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(422);
      const ok = await c.agent.post(`${base(ticket.id)}/confirm`, {
        signer: 'taxpayer',
        factor: 'password',
        password: PASSWORD,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      await signTyped(c.agent, ticket.id, ok.json().confirmation, 'Pat Plain');

      const sent = await c.agent.post(`${base(ticket.id)}/spouse-code`);
      expect(sent.json()).toMatchObject({ sent_to: 'l***@example.test', channel: 'email' });
      const mail = await smtp.waitFor('lee.plain@example.test', /code: \d{6}/);
      const code = /code: (\d{6})/.exec(mail.text)![1]!;
      const stored = await t.database.db.select().from(outbox).where(eq(outbox.to, 'lee.plain@example.test'));
      expect(JSON.stringify(stored)).not.toContain(code);
      const spouse = await c.agent.post(`${base(ticket.id)}/confirm`, { signer: 'spouse', code });
      expect(spouse.statusCode, spouse.body).toBe(200);
      const done = await signTyped(c.agent, ticket.id, spouse.json().confirmation, 'Lee Plain', 'spouse');
      expect(done.request!.signers.map((s) => [s.confirmation, s.stricter_check_off])).toEqual([
        ['password', true],
        ['email_code', true],
      ]);
      const page = await auditPage(c.agent, done);
      expect(page).toContain(
        'Identity confirmed by: password - no second factor: the firm turned the stricter identity check off',
      );
      expect(page).toContain('Identity confirmed by: e-mailed one-time code - no second factor: the firm turned the');
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'signing.settings_updated'));
      expect(entries.at(-1)!.meta).toEqual({ strict_identity: false, before: true });
    } finally {
      await setStrict(true);
    }
    // Back on: the password no longer confirms, and a joint return without the spouse's phone cannot be prepared.
    const ticket = await readyTicket(c.agent);
    const res = await c.agent.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'password',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });
});
