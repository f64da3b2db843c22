import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PHONE_INVALID as MESSAGES_PHONE } from '@taxportal/contract';
import { buildApp } from '../app.ts';
import { outbox, sessions, users } from '../platform/db/schema.ts';
import { translate } from '../platform/i18n.ts';
import { saveLanguage } from '../platform/users.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  PASSWORD,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const registration = (over: Record<string, unknown> = {}) => ({
  full_name: 'Jamie Taxpayer',
  email: uniqueEmail('reg'),
  phone: '+1 202 555 0143',
  password: 'a-long-enough-pass',
  ...over,
});

describe('register', () => {
  it('creates a customer, signs them in and normalises e-mail and phone', async () => {
    const agent = new Agent(t.app);
    const email = uniqueEmail('Mixed.Case');
    const res = await agent.post('/api/v1/auth/register', registration({ email: `  ${email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user.email).toBe(email.toLowerCase());
    expect(body.user.phone).toBe('+12025550143');
    expect(body.roles).toEqual(['Customer']);
    expect(body.login_role).toBe('Customer');
    expect(body.currency).toBe('USD');
    expect(body.statuses.map((s: { name: string }) => s.name).slice(0, 12)).toContain('Ready For IRS Filing');
    // __Host-: Secure, Path=/ and no Domain, so no sibling subdomain or plain-http page can plant or replace it.
    const cookie = res.cookies.find((c) => c.name === '__Host-tp_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.secure).toBe(true);
    expect(cookie.path).toBe('/');
    expect(cookie.domain).toBeUndefined();
    expect(cookie.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'csrf_token')?.httpOnly).toBeFalsy();
    const session = await agent.get('/api/v1/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(email.toLowerCase());
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(session.json())).not.toMatch(/password|hash|secret/i);
  });

  it.each([
    ['full_name', { full_name: undefined }],
    ['full_name', { full_name: '   ' }],
    ['email', { email: 'not-an-email' }],
    ['phone', { phone: '5551234' }],
    ['phone', { phone: undefined }],
    ['password', { password: 'short' }],
    ['password', { password: 'x'.repeat(129) }],
  ])('refuses a bad %s with 422 naming the field and writes nothing', async (field, over) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await new Agent(t.app).post('/api/v1/auth/register', registration(over));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    const problem = res.json();
    expect(problem.status).toBe(422);
    expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(problem.detail).toContain(field);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("reads a number typed without + in the firm's country (US by default) and stores it in E.164", async () => {
    const res = await new Agent(t.app).post('/api/v1/auth/register', registration({ phone: '(217) 555-0188' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.phone).toBe('+12175550188');
    const bad = await new Agent(t.app).post('/api/v1/auth/register', registration({ phone: '(217) 555-01' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: 'phone', message: MESSAGES_PHONE }]);
  });

  it('answers 409 with a clear message for an e-mail already registered, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await new Agent(t.app).post('/api/v1/auth/register', registration({ email }))).statusCode).toBe(201);
    const res = await new Agent(t.app).post('/api/v1/auth/register', registration({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(MESSAGES.emailTaken);
  });

  it('tells whether an account exists', async () => {
    const c = await createCustomer(t);
    expect(
      (await t.app.inject(`/api/v1/auth/exists?email=${encodeURIComponent(c.email.toUpperCase())}`)).json(),
    ).toEqual({ exists: true });
    expect((await t.app.inject('/api/v1/auth/exists?email=nobody@example.test')).json()).toEqual({ exists: false });
  });
});

describe('login and logout', () => {
  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const c = await createCustomer(t);
    const wrong = await new Agent(t.app).post('/api/v1/auth/login', { email: c.email, password: 'wrong-password' });
    const unknown = await new Agent(t.app).post('/api/v1/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe(MESSAGES.invalidCredentials);
  });

  it('answers a successful sign-in with the session: user, roles, login role, currency, statuses', async () => {
    const c = await createCustomer(t);
    const res = await new Agent(t.app).post('/api/v1/auth/login', { email: c.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { email: c.email },
      roles: ['Customer'],
      login_role: 'Customer',
      currency: 'USD',
    });
    expect(res.json().statuses).toHaveLength(15);
  });

  describe('wrong passwords slow the client down, never lock the owner out (docs/decisions/0011)', () => {
    const attempt = (agent: Agent, email: string, password: string, ip: string) =>
      agent.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
    const backdate = (email: string, seconds: number) =>
      t.database.db.execute(
        sql`update login_failures set created_at = created_at - make_interval(secs => ${seconds}) where email = ${email}`,
      );

    it('five failures make that IP wait, doubling; the owner elsewhere signs in meanwhile', async () => {
      const c = await createCustomer(t);
      const attacker = new Agent(t.app);
      for (let i = 0; i < 5; i++)
        expect((await attempt(attacker, c.email, 'nope-nope', '203.0.113.9')).statusCode).toBe(401);
      const sixth = await attempt(attacker, c.email, 'nope-nope', '203.0.113.9');
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBe(30);
      // Even the right password waits, from that IP.
      expect((await attempt(attacker, c.email, PASSWORD, '203.0.113.9')).statusCode).toBe(429);
      // The owner, from their own address, is not held up.
      const owner = new Agent(t.app);
      expect((await attempt(owner, c.email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      // The wait doubles with each failure after it.
      await backdate(c.email, 31);
      expect((await attempt(attacker, c.email, 'nope-nope', '203.0.113.9')).statusCode).toBe(401);
      expect(Number((await attempt(attacker, c.email, 'nope-nope', '203.0.113.9')).headers['retry-after'])).toBe(60);
    });

    it("guessing from many IPs holds up new browsers; the owner's browser and a reset link get through", async () => {
      const c = await createCustomer(t);
      const owner = new Agent(t.app);
      expect((await attempt(owner, c.email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      expect(owner.cookies.get('__Host-tp_device')).toBeTruthy();
      for (let i = 0; i < 20; i++) {
        expect((await attempt(new Agent(t.app), c.email, 'guess', `203.0.113.${i + 10}`)).statusCode).toBe(401);
      }
      const fresh = await attempt(new Agent(t.app), c.email, PASSWORD, '192.0.2.55');
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(800);
      // The owner's own browser, from any address, still signs in.
      expect((await attempt(owner, c.email, PASSWORD, '192.0.2.99')).statusCode).toBe(200);
      // A device cookie is bound to its account: another account's cookie does not count.
      const stranger = new Agent(t.app);
      stranger.cookies.set('__Host-tp_device', owner.cookies.get('__Host-tp_device')!);
      const d = await createCustomer(t);
      expect((await attempt(stranger, d.email, PASSWORD, '192.0.2.56')).statusCode).toBe(200);
      // On a new browser, the e-mailed reset link proves the mailbox and lets that browser in.
      const laptop = new Agent(t.app);
      await laptop.post('/api/v1/auth/password-reset', { email: c.email });
      const token = /token=([\w-]+)/.exec((await smtp.waitFor(c.email, /token=/)).text)![1]!;
      const reset = await laptop.post('/api/v1/auth/password-reset/confirm', { token, new_password: 'fresh-pass-33' });
      expect(reset.statusCode).toBe(200);
      expect(laptop.cookies.get('__Host-tp_device')).toBeTruthy();
      expect((await attempt(laptop, c.email, 'fresh-pass-33', '192.0.2.55')).statusCode).toBe(200);
    });

    it('holds on every app server sharing the database', async () => {
      const second = await buildApp({ config: t.config, database: t.database, secrets: t.secrets, logger: false });
      try {
        const c = await createCustomer(t);
        for (let i = 0; i < 5; i++) await attempt(new Agent(t.app), c.email, 'nope-nope', '203.0.113.77');
        expect((await attempt(new Agent(second.app), c.email, PASSWORD, '203.0.113.77')).statusCode).toBe(429);
      } finally {
        await second.app.close();
      }
    });
  });

  it('rate-limits sign-in attempts per IP', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await new Agent(limited.app).post('/api/v1/auth/login', { email: uniqueEmail('ip'), password: 'x' }))
            .statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.app.close();
    }
  });

  it('issues a new session token at each login and ends the old one on logout', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const first = agent.cookies.get('__Host-tp_session');
    await agent.post('/api/v1/auth/login', { email: c.email, password: PASSWORD });
    expect(agent.cookies.get('__Host-tp_session')).not.toBe(first);
    const oldCookie = `__Host-tp_session=${first}`;
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: oldCookie } })).statusCode).toBe(401);

    const current = `__Host-tp_session=${agent.cookies.get('__Host-tp_session')}`;
    const out = await agent.post('/api/v1/auth/logout');
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: current } })).statusCode).toBe(401);
  });

  it('refuses a non-GET request made with a session cookie but no CSRF header', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const res = await agent.post('/api/v1/auth/tokens', { name: 'x' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    const wrong = await agent.post(
      '/api/v1/auth/tokens',
      { name: 'x' },
      { csrf: false, headers: { 'x-csrf-token': 'forged' } },
    );
    expect(wrong.statusCode).toBe(403);
    expect((await agent.post('/api/v1/auth/tokens', { name: 'x' })).statusCode).toBe(201);
  });

  it('expires a session after 8 idle hours and after 7 days in any case', async () => {
    const c = await createCustomer(t);
    const idle = await signIn(t, c.email);
    await t.database.db
      .update(sessions)
      .set({ last_seen_at: new Date(Date.now() - 8 * 3600_000 - 1000) })
      .where(eq(sessions.user_id, c.id));
    expect((await idle.get('/api/v1/auth/session')).statusCode).toBe(401);
    const old = await signIn(t, c.email);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, c.id));
    expect((await old.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('keeps the session token hashed in the database', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, c.id));
    expect(rows.map((r) => r.id)).not.toContain(agent.cookies.get('__Host-tp_session'));
    expect(agent.cookies.get('__Host-tp_session')!.length).toBeGreaterThanOrEqual(43); // 32 bytes base64url
  });
});

describe('change password', () => {
  const change = (agent: Agent, old_password: string, new_password: string, confirm_password: string) =>
    agent.post('/api/v1/auth/change-password', { old_password, new_password, confirm_password });

  it('runs SPEC §5 checks in order, with their texts', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    // 1: a wrong old password wins over everything else.
    let res = await change(agent, 'wrong-old-pass', 'new-pass-1', 'different');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Incorrect Old Password');
    // 2: then confirmation, even when new equals old.
    res = await change(agent, PASSWORD, PASSWORD, 'different');
    expect(res.json().detail).toBe("Password confirm password can't match..!");
    // 3: then new must differ from old.
    res = await change(agent, PASSWORD, PASSWORD, PASSWORD);
    expect(res.json().detail).toBe('Old password and new password must not be same..!');
    res = await change(agent, PASSWORD, 'short', 'short');
    expect(res.statusCode).toBe(422);
    expect((await signIn(t, c.email)).cookies.size).toBeGreaterThan(0); // unchanged
  });

  it('requires every field', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const res = await agent.post('/api/v1/auth/change-password', {
      old_password: '',
      new_password: '',
      confirm_password: '',
    });
    expect(res.statusCode).toBe(422);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(['Old Password is required', 'New password is required', 'Confirm password is required']);
  });

  it('changes the password and ends the other sessions only', async () => {
    const c = await createCustomer(t);
    const other = await signIn(t, c.email);
    const agent = await signIn(t, c.email);
    const res = await change(agent, PASSWORD, 'brand-new-pass', 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: MESSAGES.passwordUpdated });
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(200);
    expect((await other.get('/api/v1/auth/session')).statusCode).toBe(401);
    await signIn(t, c.email, 'brand-new-pass');
  });
});

describe('password reset by e-mail', () => {
  // The link reaches its recipient by mail (a local SMTP server here), and only there.
  const tokenFromMail = async (to: string) => /token=([\w-]+)/.exec((await smtp.waitFor(to, /token=/)).text)![1]!;

  it('keeps the reset link out of the outbox table and the admin outbox; the mailed link works', async () => {
    const victim = await createCustomer(t);
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: victim.email },
    });
    expect(res.statusCode).toBe(202);
    const token = await tokenFromMail(victim.email);
    const stored = await t.database.db.select().from(outbox).where(eq(outbox.to, victim.email));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.text).toContain('/reset-password?token=[redacted]');
    const listed = await admin.get(`/api/v1/admin/outbox?to=${encodeURIComponent(victim.email)}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toHaveLength(1);
    expect(listed.body).not.toContain(token);
    // What the admin can read does not reset the password; the recipient's link does.
    const redacted = /token=(\S+)/.exec(listed.json().items[0].text)![1]!;
    const payload = (tk: string) => ({ token: tk, new_password: 'taken-over-pass' });
    const url = '/api/v1/auth/password-reset/confirm';
    expect((await t.app.inject({ method: 'POST', url, payload: payload(redacted) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, payload: payload(token) })).statusCode).toBe(200);
    await signIn(t, victim.email, 'taken-over-pass');
  });

  it('answers 202 whether or not the account exists, and mails a single-use link', async () => {
    const c = await createCustomer(t);
    const other = await signIn(t, c.email);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset',
          payload: { email: 'ghost@example.test' },
        })
      ).statusCode,
    ).toBe(202);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: c.email } });
    expect(res.statusCode).toBe(202);
    const token = await tokenFromMail(c.email);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { token, new_password: 'after-reset-pass' },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(400);
    await signIn(t, c.email, 'after-reset-pass');
    expect((await other.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const c = await createCustomer(t);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: c.email } });
    const token = await tokenFromMail(c.email);
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, new_password: 'after-reset-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MESSAGES.resetInvalid);
  });

  it("writes the mail in the person's saved language, else the firm's (English); the page's language does not matter", async () => {
    const reset = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email },
        headers: { cookie: 'tp_lang=en' },
      });
    const lucia = await createCustomer(t, { full_name: 'Lucía Pérez' });
    await saveLanguage(t.database.db, lucia.id, 'es');
    expect((await reset(lucia.email)).statusCode).toBe(202);
    expect((await smtp.waitFor(lucia.email, /token=/)).text).toMatch(/\/reset-password\?token=[\w-]+/);
    // As sent (the outbox keeps it, the link redacted): the test SMTP server does not join a long subject's words.
    const [spanish] = await t.database.db.select().from(outbox).where(eq(outbox.to, lucia.email));
    expect(spanish!.subject).toBe('Restablezca su contraseña de Tax Portal');
    expect(spanish!.text).toBe(
      [
        'Hola, Lucía Pérez:',
        '',
        'Alguien pidió restablecer la contraseña de su cuenta de Tax Portal. Si fue usted, abra este enlace en los próximos 30 minutos:',
        'http://portal.test/reset-password?token=[redacted]',
        '',
        'Si no fue usted, ignore este mensaje: su contraseña seguirá igual.',
      ].join('\n'),
    );

    const jamie = await createCustomer(t, { full_name: 'Jamie Taxpayer' });
    expect((await reset(jamie.email)).statusCode).toBe(202);
    await smtp.waitFor(jamie.email, /token=/);
    const [english] = await t.database.db.select().from(outbox).where(eq(outbox.to, jamie.email));
    expect(english!.subject).toBe('Reset your Tax Portal password');
    expect(english!.text).toBe(
      [
        'Hello Jamie Taxpayer,',
        '',
        'Someone asked to reset the password of your Tax Portal account. If it was you, open this link within 30 minutes:',
        'http://portal.test/reset-password?token=[redacted]',
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ].join('\n'),
    );
  });

  it("answers the request in the reader's language (cookie tp_lang=es)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: 'ghost@example.test' },
      headers: { cookie: 'tp_lang=es' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).not.toBe(MESSAGES.resetRequested);
    expect(res.json().message).toBe(translate('es', MESSAGES.resetRequested));
  });
});

describe('API tokens', () => {
  const asToken = (key: string, secret: string) => ({ authorization: `token ${key}:${secret}` });

  it('authenticates with token KEY:SECRET until revoked; the secret is shown once and stored hashed', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const created = await agent.post('/api/v1/auth/tokens', { name: 'Bookkeeping sync', scope: 'write' });
    expect(created.statusCode).toBe(201);
    const { id, key, secret } = created.json();
    const list = await agent.get('/api/v1/auth/tokens');
    expect(JSON.stringify(list.json())).not.toContain(secret);
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from api_tokens`));
    expect(dump).not.toContain(secret);

    const auth = asToken(key, secret);
    const session = await t.app.inject({ url: '/api/v1/auth/session', headers: auth });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(c.email);
    // Token clients need no CSRF header.
    const other = (await agent.post('/api/v1/auth/tokens', { name: 'other' })).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/tokens/${other.id}`, headers: auth })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization: `token ${key}:wrong` } }))
        .statusCode,
    ).toBe(401);

    expect((await agent.delete(`/api/v1/auth/tokens/${id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: auth })).statusCode).toBe(401);
  });

  it('a token cannot mint tokens, whatever its scope', async () => {
    const agent = await signIn(t, (await createCustomer(t)).email);
    const { key, secret } = (await agent.post('/api/v1/auth/tokens', { name: 'wide', scope: 'write' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      headers: asToken(key, secret),
      payload: { name: 'child', scope: 'write', expires_in_days: 365 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MESSAGES.tokenCannotMintTokens);
    expect((await agent.get('/api/v1/auth/tokens')).json().items).toHaveLength(1);
  });

  it('is read-only and lives 30 days unless asked otherwise; at most 365 days; expired tokens are refused', async () => {
    const agent = await signIn(t, (await createCustomer(t)).email);
    const made = await agent.post('/api/v1/auth/tokens', { name: 'reader' });
    expect(made.statusCode).toBe(201);
    const token = made.json();
    expect(token.scope).toBe('read');
    const days = (Date.parse(token.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const auth = asToken(token.key, token.secret);
    expect((await t.app.inject({ url: '/api/v1/tickets', headers: auth })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/tokens/${token.id}`, headers: auth });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toBe(MESSAGES.tokenReadOnly);

    expect((await agent.post('/api/v1/auth/tokens', { name: 'long', expires_in_days: 366 })).statusCode).toBe(422);
    const year = (await agent.post('/api/v1/auth/tokens', { name: 'year', expires_in_days: 365 })).json();
    expect((Date.parse(year.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(364.9);

    await t.database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${token.id}`,
    );
    // A token edited behind the server's back reaches the principal cache over LISTEN/NOTIFY (docs/decisions/0017):
    // at once on PGlite, within moments on PostgreSQL; a token that simply runs out is dropped at its expiry.
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/v1/tickets', headers: auth })).statusCode, { timeout: 1000 })
      .toBe(401);
    expect((await agent.get('/api/v1/auth/tokens')).json().items.map((i: { id: string }) => i.id)).not.toContain(
      token.id,
    );
  });

  it('are revoked by a password change and by a password reset, as sessions are', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const mint = async () => {
      const { key, secret } = (await agent.post('/api/v1/auth/tokens', { name: 'sync' })).json();
      const headers = asToken(key, secret);
      expect((await t.app.inject({ url: '/api/v1/auth/session', headers })).statusCode).toBe(200);
      return headers;
    };
    const beforeChange = await mint();
    const changed = await agent.post('/api/v1/auth/change-password', {
      old_password: PASSWORD,
      new_password: 'changed-pass-1',
      confirm_password: 'changed-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: beforeChange })).statusCode).toBe(401);

    const beforeReset = await mint();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: c.email } });
    const token = /token=([\w-]+)/.exec((await smtp.waitFor(c.email, /token=/)).text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, new_password: 'reset-pass-22' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers: beforeReset })).statusCode).toBe(401);
  });

  it("cannot revoke another user's token", async () => {
    const a = await signIn(t, (await createCustomer(t)).email);
    const b = await signIn(t, (await createCustomer(t)).email);
    const { id } = (await a.post('/api/v1/auth/tokens', { name: 'mine' })).json();
    expect((await b.delete(`/api/v1/auth/tokens/${id}`)).statusCode).toBe(404);
    expect((await a.get('/api/v1/auth/tokens')).json().items).toHaveLength(1);
  });
});
