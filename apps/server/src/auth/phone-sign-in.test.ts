import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '@taxportal/contract';
import { outbox, phoneCodes, userPhones } from '../platform/db/schema.ts';
import { saveLanguage } from '../platform/users.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  enrollTestTotp,
  signIn,
  type TestApp,
} from '../test/helper.ts';
import { startTwilioFake, type TwilioFake } from '../test/twilio-fake.ts';

let t: TestApp;
let sms: TwilioFake;
beforeAll(async () => {
  sms = await startTwilioFake();
  t = await createTestApp(sms.env);
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

let n = 1000;
/** A fresh valid US number per test, so cooldowns and limits of one test do not reach another. */
const newPhone = () => `+1202555${String(++n).slice(-4)}`;
/** Each call from its own client address (the per-IP limit is tested on its own). */
let ip = 0;
const fromNewIp = () => ({ remoteAddress: `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });

/** Moves a number's codes into the past, as if `seconds` had gone by. */
async function age(phone: string, seconds: number) {
  await t.database.db
    .update(phoneCodes)
    .set({
      created_at: sql`${phoneCodes.created_at} - make_interval(secs => ${seconds})`,
      expires_at: sql`${phoneCodes.expires_at} - make_interval(secs => ${seconds})`,
    })
    .where(eq(phoneCodes.phone, phone));
}

/** A customer whose phone is verified (through the API: start, the texted code, verify). */
async function customerWithVerifiedPhone(phone = newPhone()) {
  const c = await createCustomer(t, { phone });
  const agent = await signIn(t, c.email);
  const before = sms.messages.length;
  expect((await agent.post('/api/v1/auth/phone/verification/start', { phone })).statusCode).toBe(202);
  const code = await sms.codeFor(phone, before);
  const res = await agent.post('/api/v1/auth/phone/verification/verify', { phone, code });
  expect(res.statusCode).toBe(200);
  await age(phone, 3601); // past the resend cooldown and the hourly count
  return { ...c, phone, agent };
}

const start = (phone: string, agent = new Agent(t.app)) =>
  agent.request({ method: 'POST', url: '/api/v1/auth/phone/start', payload: { phone }, ...fromNewIp() });
const verify = (phone: string, code: string, agent = new Agent(t.app)) =>
  agent.request({ method: 'POST', url: '/api/v1/auth/phone/verify', payload: { phone, code }, ...fromNewIp() });

describe('phone sign-in', () => {
  it("signs its texts with the firm's published name, not the product's (issue 29)", async () => {
    const c = await customerWithVerifiedPhone();
    let before = sms.messages.length;
    expect((await start(c.phone)).statusCode).toBe(202);
    expect((await sms.waitFor(c.phone, before)).body).toMatch(/^Your Tax Portal code is \d{6}\. It expires in/);
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const saved = await admin.put('/api/v1/admin/site/settings', {
      data: { ...(await admin.get('/api/v1/site')).json().settings, firm_name: 'Harbor Tax $& Accounting' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
    const other = await customerWithVerifiedPhone(); // a resend to the first would wait out its cooldown
    before = sms.messages.length;
    expect((await start(other.phone)).statusCode).toBe(202);
    expect((await sms.waitFor(other.phone, before)).body).toMatch(/^Your Harbor Tax \$& Accounting code is \d{6}\./);
  });

  it("texts the code in the customer's saved language", async () => {
    const c = await customerWithVerifiedPhone();
    await saveLanguage(t.database.db, c.id, 'es');
    let before = sms.messages.length;
    expect((await start(c.phone)).statusCode).toBe(202);
    const text = await sms.waitFor(c.phone, before);
    expect(text.body).toMatch(/^Su código de .+ es \d{6}\. Vence en 10 minutos\. No lo comparta\.$/);
    // A new number to verify, asked by the same Spanish reader: the same language.
    const next = newPhone();
    before = sms.messages.length;
    expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone: next })).statusCode).toBe(202);
    expect((await sms.waitFor(next, before)).body).toMatch(/^Su código de .+ es \d{6}\./);
    await age(next, 3601); // out of the client address's hourly count
    // Someone who never chose a language gets the firm's (English).
    const other = await customerWithVerifiedPhone();
    before = sms.messages.length;
    expect((await start(other.phone)).statusCode).toBe(202);
    expect((await sms.waitFor(other.phone, before)).body).toMatch(
      /^Your .+ code is \d{6}\. It expires in 10 minutes\. Do not share it\.$/,
    );
  });

  it('texts a code through Twilio to a verified phone and signs its customer in', async () => {
    const c = await customerWithVerifiedPhone();
    const before = sms.messages.length;
    const res = await start(c.phone.replace('+1', '+1 '));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PHONE_MESSAGES.codeSent, resend_after_s: 60 });
    const text = await sms.waitFor(c.phone, before);
    expect(text.from).toBe(sms.env.TWILIO_FROM);
    const code = /(\d{6})/.exec(text.body)![1]!;
    const agent = new Agent(t.app);
    const signed = await verify(c.phone, `${code.slice(0, 3)} ${code.slice(3)}`, agent);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().user.id).toBe(c.id);
    expect((await agent.get('/api/v1/auth/session')).json().user.email).toBe(c.email);
    // Only the code's HMAC is stored, and nothing of it reaches the outbox.
    const rows = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, c.phone));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(await t.database.db.select().from(outbox))).not.toContain(code);
  });

  it('answers the same for a known number, an unknown one and an unverified one, and texts only the first', async () => {
    const known = await customerWithVerifiedPhone();
    const unverified = newPhone();
    await createCustomer(t, { phone: unverified });
    const unknown = newPhone();
    const before = sms.messages.length;
    const answers = await Promise.all([start(known.phone), start(unknown), start(unverified)]);
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.body).toBe(answers[0]!.body);
    }
    await sms.waitFor(known.phone, before);
    await new Promise((r) => setTimeout(r, 100));
    expect(sms.messages.slice(before).map((m) => m.to)).toEqual([known.phone]);
    // And the same refusal for a code tried on either.
    const a = await verify(unknown, '123456');
    const b = await verify(known.phone, '000000');
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(a.json().detail).toBe(b.json().detail);
  });

  it('stops a brute force after 5 tries: even the right code then fails', async () => {
    const c = await customerWithVerifiedPhone();
    const before = sms.messages.length;
    await start(c.phone);
    const code = await sms.codeFor(c.phone, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(c.phone, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(PHONE_MESSAGES.codeInvalid);
    }
    const right = await verify(c.phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.cookies.find((k) => k.name === '__Host-tp_session')).toBeUndefined();
  });

  it('refuses an expired code, a used code and a code of another number', async () => {
    const a = await customerWithVerifiedPhone();
    const b = await customerWithVerifiedPhone();
    let before = sms.messages.length;
    await start(a.phone);
    const codeA = await sms.codeFor(a.phone, before);
    // Another number's code.
    before = sms.messages.length;
    await start(b.phone);
    await sms.codeFor(b.phone, before);
    expect((await verify(b.phone, codeA)).statusCode).toBe(400);
    // Used once, then refused.
    expect((await verify(a.phone, codeA)).statusCode).toBe(200);
    expect((await verify(a.phone, codeA)).statusCode).toBe(400);
    // Expired: ten minutes later.
    await age(a.phone, 120);
    before = sms.messages.length;
    await start(a.phone);
    const late = await sms.codeFor(a.phone, before);
    await age(a.phone, 10 * 60 + 1);
    expect((await verify(a.phone, late)).statusCode).toBe(400);
  });

  it('a new code replaces the previous one', async () => {
    const c = await customerWithVerifiedPhone();
    let before = sms.messages.length;
    await start(c.phone);
    const first = await sms.codeFor(c.phone, before);
    await age(c.phone, 61);
    before = sms.messages.length;
    await start(c.phone);
    const second = await sms.codeFor(c.phone, before);
    if (first !== second) expect((await verify(c.phone, first)).statusCode).toBe(400);
    expect((await verify(c.phone, second)).statusCode).toBe(200);
  });

  it('keeps a resend cooldown and an hourly limit per number, for known and unknown numbers alike', async () => {
    const c = await customerWithVerifiedPhone();
    const unknown = newPhone();
    for (const phone of [c.phone, unknown]) {
      expect((await start(phone)).statusCode).toBe(202);
      const again = await start(phone);
      expect(again.statusCode).toBe(429);
      expect(again.json().detail).toBe(PHONE_MESSAGES.wait);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 4; i++) {
        await age(phone, 61);
        expect((await start(phone)).statusCode).toBe(202);
      }
      await age(phone, 61);
      const sixth = await start(phone);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().detail).toBe(PHONE_MESSAGES.tooManyCodes);
    }
  });

  it('limits the codes one client address may ask for', async () => {
    const remoteAddress = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await new Agent(t.app).request({
        method: 'POST',
        url: '/api/v1/auth/phone/start',
        payload: { phone: newPhone() },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses staff after the code, with a clear message', async () => {
    const staff = await createStaff(t, 'Tax Preparer');
    const phone = newPhone();
    await t.database.db.execute(sql`update users set phone = ${phone} where id = ${staff.id}`);
    await t.database.db.insert(userPhones).values({ user_id: staff.id, phone });
    const before = sms.messages.length;
    await start(phone);
    const code = await sms.codeFor(phone, before);
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(PHONE_MESSAGES.staffRefused);
  });

  it('refuses a customer who turned on a second factor, after the code: password and code it is', async () => {
    const c = await customerWithVerifiedPhone();
    await enrollTestTotp(t, c);
    const before = sms.messages.length;
    await start(c.phone);
    const code = await sms.codeFor(c.phone, before);
    const agent = new Agent(t.app);
    const res = await verify(c.phone, code, agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(PHONE_MESSAGES.factorRefused);
    expect((await agent.get('/api/v1/auth/session')).statusCode).toBe(401);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(phoneCodes))[0]!.n;
    const before = await count();
    for (const phone of ['12345', '+1 555', 'not a phone', '+999999999999999999']) {
      expect((await start(phone)).statusCode).toBe(422);
    }
    expect((await verify('+12025550100', '12345')).statusCode).toBe(422);
    expect((await verify('+12025550100', 'abcdef')).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('phone verification of a signed-in account', () => {
  it('verifies a new number: it becomes the phone, and moves from an account that had it verified', async () => {
    const old = await customerWithVerifiedPhone();
    const c = await createCustomer(t, { phone: newPhone() });
    const agent = await signIn(t, c.email);
    const before = sms.messages.length;
    expect((await agent.post('/api/v1/auth/phone/verification/start', { phone: old.phone })).statusCode).toBe(202);
    const code = await sms.codeFor(old.phone, before);
    // The code is the caller's: another signed-in person cannot use it.
    const other = await signIn(t, (await createCustomer(t)).email);
    expect((await other.post('/api/v1/auth/phone/verification/verify', { phone: old.phone, code })).statusCode).toBe(
      400,
    );
    const res = await agent.post('/api/v1/auth/phone/verification/verify', { phone: old.phone, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone_verified: true, user: { id: c.id, phone: old.phone } });
    const rows = await t.database.db.select().from(userPhones).where(eq(userPhones.phone, old.phone));
    expect(rows.map((r) => r.user_id)).toEqual([c.id]);
  });

  it('a phone change keeps the old number, and phone sign-in with it, until the new one is verified', async () => {
    const c = await customerWithVerifiedPhone();
    const next = newPhone();
    let before = sms.messages.length;
    expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone: next })).statusCode).toBe(202);
    const code = await sms.codeFor(next, before);
    // Asked for, not proved: the profile still shows the old, verified number.
    expect((await c.agent.get('/api/v1/profile')).json()).toMatchObject({ phone: c.phone, phone_verified: true });
    // The old number signs in; the new one is texted nothing and its sign-in fails.
    before = sms.messages.length;
    expect((await start(c.phone)).statusCode).toBe(202);
    const oldCode = await sms.codeFor(c.phone, before);
    expect((await verify(c.phone, oldCode)).statusCode).toBe(200);
    const sent = sms.messages.length;
    expect((await start(next)).statusCode).toBe(202);
    expect((await verify(next, code)).statusCode).toBe(400);
    expect(sms.messages.slice(sent).filter((m) => m.to === next)).toEqual([]);

    // Proved: the new number is the phone, the old one no longer signs in.
    const res = await c.agent.post('/api/v1/auth/phone/verification/verify', { phone: next, code });
    expect(res.statusCode).toBe(200);
    expect((await c.agent.get('/api/v1/profile')).json()).toMatchObject({ phone: next, phone_verified: true });
    await age(c.phone, 61);
    const beforeOld = sms.messages.length;
    expect((await start(c.phone)).statusCode).toBe(202);
    expect((await verify(c.phone, oldCode)).statusCode).toBe(400);
    await age(next, 61);
    before = sms.messages.length;
    expect((await start(next)).statusCode).toBe(202);
    const nextCode = await sms.codeFor(next, before);
    expect(sms.messages.slice(beforeOld).filter((m) => m.to === c.phone)).toEqual([]);
    const signed = await verify(next, nextCode);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().user.id).toBe(c.id);
  });

  it('a verification code stops after 5 wrong tries, and fits only its number: the phone stays', async () => {
    const c = await customerWithVerifiedPhone();
    const next = newPhone();
    const other = newPhone();
    let before = sms.messages.length;
    await c.agent.post('/api/v1/auth/phone/verification/start', { phone: next });
    const code = await sms.codeFor(next, before);
    before = sms.messages.length;
    await c.agent.post('/api/v1/auth/phone/verification/start', { phone: other });
    await sms.codeFor(other, before);
    // Another number's code.
    expect((await c.agent.post('/api/v1/auth/phone/verification/verify', { phone: other, code })).statusCode).toBe(400);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await c.agent.post('/api/v1/auth/phone/verification/verify', { phone: next, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(PHONE_MESSAGES.codeInvalid);
    }
    expect((await c.agent.post('/api/v1/auth/phone/verification/verify', { phone: next, code })).statusCode).toBe(400);
    expect((await c.agent.get('/api/v1/profile')).json()).toMatchObject({ phone: c.phone, phone_verified: true });
    // Bad input: 422, nothing changed.
    expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone: '12345' })).statusCode).toBe(422);
    expect(
      (await c.agent.post('/api/v1/auth/phone/verification/verify', { phone: next, code: 'abc' })).statusCode,
    ).toBe(422);
  });

  it('keeps a cooldown per purpose: a sign-in code may follow a verification code at once', async () => {
    const c = await customerWithVerifiedPhone();
    let before = sms.messages.length;
    expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone: c.phone })).statusCode).toBe(202);
    await sms.codeFor(c.phone, before);
    expect((await c.agent.post('/api/v1/auth/phone/verification/start', { phone: c.phone })).statusCode).toBe(429);
    before = sms.messages.length;
    expect((await start(c.phone)).statusCode).toBe(202);
    const code = await sms.codeFor(c.phone, before);
    expect((await start(c.phone)).statusCode).toBe(429);
    expect((await verify(c.phone, code)).statusCode).toBe(200);
  });

  it('an unverified phone (changed by another path) is shown as such', async () => {
    const c = await customerWithVerifiedPhone();
    await t.database.db.execute(sql`update users set phone = ${newPhone()} where id = ${c.id}`);
    expect((await c.agent.get('/api/v1/profile')).json()).toMatchObject({ phone_verified: false });
  });

  it('needs a signed-in caller', async () => {
    const res = await new Agent(t.app).post('/api/v1/auth/phone/verification/start', { phone: newPhone() });
    expect(res.statusCode).toBe(401);
  });
});

describe('without an SMS provider in production', () => {
  it('phone sign-in is off: the methods say so and the endpoints answer 404', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PUBLIC_URL: 'https://portal.test',
    });
    try {
      const methods = await prod.app.inject({ method: 'GET', url: '/api/v1/auth/methods' });
      expect(methods.json()).toEqual({ phone: false, oidc: [] });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/auth/phone/start',
        payload: { phone: '+12025550100' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(PHONE_MESSAGES.phoneOff);
    } finally {
      await prod.close();
    }
  });
});
