import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MFA_MESSAGES } from '@taxportal/contract';
import { auditLog, recoveryCodes, trustedDevices, userTotp } from '../platform/db/schema.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  enrollTestTotp,
  PASSWORD,
  signIn,
  type TestApp,
} from '../test/helper.ts';
import { SoftAuthenticator } from '../test/soft-authenticator.ts';
import { FREE_FAILURES } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LOGIN = '/api/v1/auth/login';
const now = () => Math.floor(Date.now() / 1000);
const code = (secret: string, offsetSteps = 0) => generateSync({ secret, epoch: now() + offsetSteps * 30 });
/** A fresh browser on its own address (the sign-in throttle counts per client). */
let ipSeq = 0;
const browser = () => {
  const agent = new Agent(t.app);
  const ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const request = agent.request.bind(agent);
  agent.request = (opts) => request({ ...opts, remoteAddress: ip });
  return agent;
};

/** A customer who set up TOTP through the API: their secret and recovery codes. */
async function customerWithTotp() {
  const c = await createCustomer(t);
  const agent = await signIn(t, c.email);
  const setup = await agent.post('/api/v1/auth/mfa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri, qr_data_url } = setup.json() as Record<string, string>;
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
  const enable = await agent.post('/api/v1/auth/mfa/enable', { code: code(secret!) });
  expect(enable.statusCode).toBe(200);
  const { recovery_codes } = enable.json() as { recovery_codes: string[] };
  return { ...c, agent, secret: secret!, recoveryCodes: recovery_codes };
}

describe('TOTP', () => {
  it('is set up with a code and gives ten one-time recovery codes; the secret is stored sealed', async () => {
    const c = await customerWithTotp();
    expect(c.recoveryCodes).toHaveLength(10);
    expect(new Set(c.recoveryCodes).size).toBe(10);
    const status = (await c.agent.get('/api/v1/auth/mfa')).json();
    expect(status).toMatchObject({ totp_enabled: true, recovery_codes_left: 10, passkeys: [], required: false });
    const dump = JSON.stringify([
      await t.database.db.select().from(userTotp),
      await t.database.db.select().from(recoveryCodes),
    ]);
    expect(dump).not.toContain(c.secret);
    for (const rc of c.recoveryCodes) expect(dump).not.toContain(rc);
    // A second set-up while one is on is refused.
    expect((await c.agent.post('/api/v1/auth/mfa/setup')).statusCode).toBe(409);
  });

  it('refuses a wrong first code at enable', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const { secret } = (await agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
    const wrong = code(secret, 5);
    const res = await agent.post('/api/v1/auth/mfa/enable', { code: wrong });
    expect(res.statusCode).toBe(422);
    expect((await agent.get('/api/v1/auth/mfa')).json()).toMatchObject({ totp_enabled: false });
  });

  it('asks for the code only once the password was right, and takes it in the same call', async () => {
    const c = await customerWithTotp();
    const wrongPassword = await browser().post(LOGIN, { email: c.email, password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().type).toMatch(/\/unauthenticated$/);
    const noCode = await browser().post(LOGIN, { email: c.email, password: PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ type: expect.stringMatching(/\/mfa-required$/), errors: [{ field: 'otp' }] });
    expect(noCode.cookies.some((k) => k.name.endsWith('tp_session'))).toBe(false);
    const ok = await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp: code(c.secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(c.email);
  });

  it('refuses a code replayed within the same time step', async () => {
    const c = await customerWithTotp();
    const otp = code(c.secret, 1);
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp })).statusCode).toBe(200);
    const replay = await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().type).toMatch(/\/mfa-required$/);
    // An earlier step's code is refused too once a later one was used.
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp: code(c.secret) })).statusCode).toBe(
      401,
    );
  });

  it('takes a recovery code once', async () => {
    const c = await customerWithTotp();
    const rc = c.recoveryCodes[3]!;
    const typed = rc.toUpperCase();
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp: typed })).statusCode).toBe(200);
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp: rc })).statusCode).toBe(401);
    expect((await c.agent.get('/api/v1/auth/mfa')).json().recovery_codes_left).toBe(9);
  });

  it('takes a recovery code typed with spaces for its dash, and around it, as its comment says', async () => {
    const c = await customerWithTotp();
    const typed = ` ${c.recoveryCodes[5]!.replace('-', ' ')} `;
    const res = await browser().post(LOGIN, { email: c.email, password: PASSWORD, otp: typed });
    expect(res.statusCode, res.body).toBe(200);
    // And an app's code typed in two groups.
    const d = await customerWithTotp();
    const grouped = code(d.secret, 1).replace(/^(\d{3})/, '$1 ');
    expect((await browser().post(LOGIN, { email: d.email, password: PASSWORD, otp: grouped })).statusCode).toBe(200);
    // Or with a dash between them, as some apps show it.
    const e = await customerWithTotp();
    const dashed = code(e.secret, 1).replace(/^(\d{3})/, '$1-');
    expect((await browser().post(LOGIN, { email: e.email, password: PASSWORD, otp: dashed })).statusCode).toBe(200);
  });

  it('counts wrong codes in the sign-in throttle', async () => {
    const c = await customerWithTotp();
    const b = browser();
    for (let i = 0; i < FREE_FAILURES; i++) {
      const res = await b.post(LOGIN, { email: c.email, password: PASSWORD, otp: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await b.post(LOGIN, { email: c.email, password: PASSWORD, otp: code(c.secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('trusts a device for 30 days when asked: no code there, a code elsewhere', async () => {
    const c = await customerWithTotp();
    const b = browser();
    const first = await b.post(LOGIN, {
      email: c.email,
      password: PASSWORD,
      otp: code(c.secret, 1),
      trust_device: true,
    });
    expect(first.statusCode).toBe(200);
    expect((await b.post(LOGIN, { email: c.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(trustedDevices).where(eq(trustedDevices.user_id, c.id));
    expect(Math.round((row!.expires_at.getTime() - Date.now()) / 86_400_000)).toBe(30);
  });

  it('is turned off with the password and a code; a customer may', async () => {
    const c = await customerWithTotp();
    const wrongPassword = await c.agent.post('/api/v1/auth/mfa/disable', {
      password: 'nope-nope',
      code: code(c.secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(422);
    const res = await c.agent.post('/api/v1/auth/mfa/disable', { password: PASSWORD, code: code(c.secret, 1) });
    expect(res.statusCode).toBe(200);
    expect((await browser().post(LOGIN, { email: c.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('is never turned off by staff with no other factor', async () => {
    const s = await createStaff(t, 'Tax Preparer', { factor: false });
    const agent = await signIn(t, s.email);
    const { secret } = (await agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
    expect((await agent.post('/api/v1/auth/mfa/enable', { code: code(secret) })).statusCode).toBe(200);
    const res = await agent.post('/api/v1/auth/mfa/disable', { password: PASSWORD, code: code(secret, 1) });
    expect(res.statusCode).toBe(403);
    expect((await agent.get('/api/v1/auth/mfa')).json()).toMatchObject({ totp_enabled: true, required: true });
  });
});

describe('staff without a second factor', () => {
  it('can call nothing but the session, sign-out and the set-up, until they set one up', async () => {
    const s = await createStaff(t, 'Admin', { factor: false });
    const agent = await signIn(t, s.email);
    const session = await agent.get('/api/v1/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().factor_setup_required).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/v1/tickets'],
      ['GET', '/api/v1/dashboard'],
      ['GET', '/api/v1/auth/tokens'],
      ['POST', '/api/v1/auth/change-password'],
      ['GET', '/api/v1/admin/audit-log'],
    ] as const) {
      const res = await agent.request({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().type, `${method} ${url}`).toMatch(/\/mfa-setup-required$/);
    }
    expect((await agent.get('/api/v1/auth/mfa')).statusCode).toBe(200);
    const { secret } = (await agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
    expect((await agent.post('/api/v1/auth/mfa/enable', { code: code(secret) })).statusCode).toBe(200);
    // At once (the principal cache drops the user when the factor is enabled).
    expect((await agent.get('/api/v1/tickets')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/auth/session')).json().factor_setup_required).toBe(false);
  });

  it('a customer without a factor is not asked for one', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    expect((await agent.get('/api/v1/tickets')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/auth/session')).json().factor_setup_required).toBe(false);
  });
});

describe('admin reset of factors', () => {
  it('removes the factors, ends the sessions and is audited; Admin only', async () => {
    const admin = await createStaff(t, 'Admin');
    const target = await createStaff(t, 'Reviewer');
    const targetAgent = await signIn(t, target.email);
    const care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
    const url = `/api/v1/admin/staff/${target.id}/factors`;
    expect((await care.delete(url)).statusCode).toBe(403);
    const adminAgent = await signIn(t, admin.email);
    expect((await adminAgent.delete('/api/v1/admin/staff/no-such-user/factors')).statusCode).toBe(404);
    expect((await adminAgent.delete(url)).statusCode).toBe(204);
    expect((await targetAgent.get('/api/v1/auth/session')).statusCode).toBe(401);
    const again = await browser().post(LOGIN, { email: target.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(again.json().factor_setup_required).toBe(true);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.factors_reset'), eq(auditLog.entity_id, target.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe(admin.id);
  });

  // The contact page's reset: a customer who lost their phone and their recovery codes asks the firm.
  it('also resets a customer’s factors, for an Admin only: other staff and customers are refused', async () => {
    const c = await customerWithTotp();
    const url = `/api/v1/admin/staff/${c.id}/factors`;
    for (const role of ['Customer Care Department', 'Tax Preparer', 'Reviewer'] as const) {
      const agent = await signIn(t, (await createStaff(t, role)).email);
      expect((await agent.delete(url)).statusCode, role).toBe(403);
    }
    expect((await c.agent.delete(url)).statusCode).toBe(403);
    const other = await signIn(t, (await createCustomer(t)).email);
    expect((await other.delete(url)).statusCode).toBe(403);
    expect((await new Agent(t.app).delete(url)).statusCode).toBe(401);
    // Refused, nothing changed: the customer's app still asks for its code.
    expect((await c.agent.get('/api/v1/auth/mfa')).json()).toMatchObject({ totp_enabled: true });

    const admin = await createStaff(t, 'Admin');
    expect((await (await signIn(t, admin.email)).delete(url)).statusCode).toBe(204);
    expect((await c.agent.get('/api/v1/auth/session')).statusCode).toBe(401);
    // The password alone signs in again, and a customer is not sent to set a factor up.
    const again = await browser().post(LOGIN, { email: c.email, password: PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().factor_setup_required).toBe(false);
    expect(await t.database.db.select().from(userTotp).where(eq(userTotp.user_id, c.id))).toHaveLength(0);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, c.id))).toHaveLength(0);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.factors_reset'), eq(auditLog.entity_id, c.id)));
    expect(entries.map((e) => e.actor_id)).toEqual([admin.id]);
  });
});

describe('passkeys', () => {
  const RP = 'portal.test';
  const ORIGIN = 'http://portal.test';

  async function register(agent: Agent, key: SoftAuthenticator) {
    const options = (await agent.post('/api/v1/auth/passkeys/register/options')).json();
    expect(options.rp.id).toBe(RP);
    const res = await agent.post('/api/v1/auth/passkeys/register/verify', {
      response: key.register(options),
      name: 'Laptop',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }

  it('registers a passkey and signs in with it alone; a challenge is good once', async () => {
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const key = new SoftAuthenticator(RP, ORIGIN);
    const created = await register(agent, key);
    expect((await agent.get('/api/v1/auth/mfa')).json().passkeys).toMatchObject([{ id: created.id, name: 'Laptop' }]);

    const b = browser();
    const options = (await b.post('/api/v1/auth/passkeys/login/options')).json();
    const assertion = key.authenticate(options);
    const ok = await b.post('/api/v1/auth/passkeys/login/verify', { response: assertion });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.email).toBe(c.email);
    expect((await b.get('/api/v1/auth/session')).statusCode).toBe(200);
    // The same answer again: its challenge was taken.
    const replay = await browser().post('/api/v1/auth/passkeys/login/verify', { response: assertion });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses an assertion without user verification, and a key it does not know', async () => {
    const c = await createCustomer(t);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await register(await signIn(t, c.email), key);
    const options = (await browser().post('/api/v1/auth/passkeys/login/options')).json();
    const noUv = await browser().post('/api/v1/auth/passkeys/login/verify', {
      response: key.authenticate(options, 0x01),
    });
    expect(noUv.statusCode).toBe(400);
    const stranger = new SoftAuthenticator(RP, ORIGIN);
    stranger.register({ challenge: 'x' });
    const opts2 = (await browser().post('/api/v1/auth/passkeys/login/options')).json();
    const unknown = await browser().post('/api/v1/auth/passkeys/login/verify', {
      response: stranger.authenticate(opts2),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is a second factor at a password sign-in: a passkey-only account is asked for it', async () => {
    const c = await createCustomer(t);
    await register(await signIn(t, c.email), new SoftAuthenticator(RP, ORIGIN));
    const s = await createStaff(t, 'Tax Preparer', { factor: false });
    await register(await signIn(t, s.email), new SoftAuthenticator(RP, ORIGIN));
    for (const email of [c.email, s.email]) {
      const res = await browser().post(LOGIN, { email, password: PASSWORD });
      expect(res.statusCode, email).toBe(401);
      expect(res.json().type, email).toMatch(/\/mfa-required$/);
      // Asked for the passkey it has, not for an app's code or recovery codes it does not have.
      expect(res.json().errors, email).toEqual([{ field: 'passkey', message: MFA_MESSAGES.passkeyRequired }]);
      // A code sent anyway is not "wrong" (it has no codes): still the passkey it is asked for.
      const coded = await browser().post(LOGIN, { email, password: PASSWORD, otp: '123456' });
      expect(coded.statusCode, email).toBe(401);
      expect(coded.json().errors, email).toEqual([{ field: 'passkey', message: MFA_MESSAGES.passkeyRequired }]);
    }
    // An account with an app is asked for its code.
    const withApp = await customerWithTotp();
    const res = await browser().post(LOGIN, { email: withApp.email, password: PASSWORD });
    expect(res.json().errors).toEqual([{ field: 'otp', message: MFA_MESSAGES.codeRequired }]);
  });

  it("refuses an assertion whose user handle is not the key's owner, or that names no one at a sign-in", async () => {
    const c = await createCustomer(t);
    const key = new SoftAuthenticator(RP, ORIGIN);
    await register(await signIn(t, c.email), key);
    const other = await createCustomer(t);
    const claims = async (userHandle: string | null) => {
      const options = (await browser().post('/api/v1/auth/passkeys/login/options')).json();
      const b = browser();
      const res = await b.post('/api/v1/auth/passkeys/login/verify', {
        response: key.authenticate(options, undefined, userHandle),
      });
      return { status: res.statusCode, signedIn: (await b.get('/api/v1/auth/session')).statusCode === 200 };
    };
    expect(await claims(Buffer.from(other.id).toString('base64url'))).toEqual({ status: 400, signedIn: false });
    expect(await claims(null)).toEqual({ status: 400, signedIn: false });
    expect(await claims(Buffer.from(c.id).toString('base64url'))).toEqual({ status: 200, signedIn: true });
  });

  it('refuses a registration answering another user’s challenge', async () => {
    const a = await signIn(t, (await createCustomer(t)).email);
    const b = await signIn(t, (await createCustomer(t)).email);
    const options = (await a.post('/api/v1/auth/passkeys/register/options')).json();
    const res = await b.post('/api/v1/auth/passkeys/register/verify', {
      response: new SoftAuthenticator(RP, ORIGIN).register(options),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is a second factor for staff: a passkey lifts the set-up requirement; the last one stays', async () => {
    const s = await createStaff(t, 'Tax Preparer', { factor: false });
    const agent = await signIn(t, s.email);
    expect((await agent.get('/api/v1/tickets')).statusCode).toBe(403);
    const created = await register(agent, new SoftAuthenticator(RP, ORIGIN));
    expect((await agent.get('/api/v1/tickets')).statusCode).toBe(200);
    expect(
      (await agent.request({ method: 'PATCH', url: `/api/v1/auth/passkeys/${created.id}`, payload: { name: 'Phone' } }))
        .statusCode,
    ).toBe(200);
    expect((await agent.delete(`/api/v1/auth/passkeys/${created.id}`)).statusCode).toBe(403);
    // With a TOTP app too, the passkey may go.
    await enrollTestTotp(t, s);
    expect((await agent.delete(`/api/v1/auth/passkeys/${created.id}`)).statusCode).toBe(204);
  });
});
