import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, MANDATORY_STATEMENTS, type ConsentDetail, type ConsentList } from '@taxportal/contract';
import { auditLog, notifications } from '../platform/db/schema.ts';
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
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { activeConsent, onConsentEnded, type ConsentEnded } from './index.ts';

/**
 * §7216 consents (docs/decisions/0034): staff prepare, the client signs, declines, revokes; staff withdraw; expiry on
 * the injected clock; the gate others call (activeConsent); the mandatory statements in every document.
 */
let t: TestApp;
let smtp: SmtpCapture;
let staff: Agent;
let admin: Agent;
let clock = new Date();
const BASE = '/api/v1/consents';
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: () => clock });
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  // Most signatures here use the password (the firm's stricter check off); the factor itself: 'the second factor'.
  const off = await admin.put('/api/v1/admin/signing-settings', { strict_identity: false });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function customer(name = 'Morgan Client') {
  const c = await createCustomer(t, { full_name: name });
  return { ...c, agent: await signIn(t, c.email) };
}

const disclose = (customer_id: string, extra: Record<string, unknown> = {}) => ({
  customer_id,
  kind: 'disclose',
  purpose: 'To support your mortgage application',
  information: 'Your 2025 Form 1040 as filed',
  recipient_name: 'First Lender Bank',
  recipient_email: 'Loans@FirstLender.example',
  recipient_in_us: true,
  ...extra,
});

async function prepare(body: Record<string, unknown>, by: Agent = staff) {
  const res = await by.post(BASE, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ConsentDetail;
}

const sign = (agent: Agent, id: string, name: string, extra: Record<string, unknown> = {}) =>
  agent.post(`${BASE}/${id}/sign`, { typed_name: name, factor: 'password', password: PASSWORD, agree: true, ...extra });

const active = (customerId: string, kind: 'use' | 'disclose', recipientEmail?: string, now = clock) =>
  activeConsent(t.database.db, { customerId, kind, now, ...(recipientEmail ? { recipientEmail } : {}) });

describe('the document', () => {
  it('carries each mandatory statement of its kind verbatim, and names preparer, taxpayer, recipient, purpose', async () => {
    const c = await customer('Dana Discloser');
    const d = await prepare(disclose(c.id));
    for (const s of [...MANDATORY_STATEMENTS.disclose, MANDATORY_STATEMENTS.tigta]) expect(d.body).toContain(s);
    expect(d.body).not.toContain(MANDATORY_STATEMENTS.use[0]);
    expect(d.body).toContain('Taxpayer: Dana Discloser');
    expect(d.body).toContain('First Lender Bank <loans@firstlender.example>');
    expect(d.body).toContain('valid for one year from the date of signature');
    expect(d.body).toContain('not a condition of our services');
    // The statements come first; the TIGTA statement closes it.
    expect(d.body.indexOf(MANDATORY_STATEMENTS.disclose[0])).toBeLessThan(d.body.indexOf('Recipient:'));
    expect(d.body.trimEnd().endsWith(MANDATORY_STATEMENTS.tigta)).toBe(true);

    const u = await prepare({ customer_id: c.id, kind: 'use', purpose: 'Newsletters', information: 'Name, e-mail' });
    for (const s of [...MANDATORY_STATEMENTS.use, MANDATORY_STATEMENTS.tigta]) expect(u.body).toContain(s);
    expect(u.body).not.toContain(MANDATORY_STATEMENTS.disclose[0]);
    expect(u.recipient_email).toBeNull();
  });

  it('refuses a disclosure without a US recipient and a use naming one (422)', async () => {
    const c = await customer();
    for (const body of [
      disclose(c.id, { recipient_email: undefined }),
      disclose(c.id, { recipient_name: undefined }),
      disclose(c.id, { recipient_in_us: false }),
      disclose(c.id, { recipient_in_us: undefined }),
      { customer_id: c.id, kind: 'use', purpose: 'x', information: 'y', recipient_name: 'Someone' },
      disclose(staffIdPlaceholder),
      disclose(c.id, { ends_on: new Date(clock.getTime() - DAY).toISOString().slice(0, 10) }),
      disclose(c.id, { include_spouse: true }),
    ]) {
      const res = await staff.post(BASE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const outside = await staff.post(BASE, disclose(c.id, { recipient_in_us: false }));
    expect(outside.json().detail ?? JSON.stringify(outside.json())).toContain('United States');
  });

  it('takes hostile text as text: problem+json or stored verbatim, never a 500', async () => {
    const c = await customer();
    const cases = [
      { purpose: "Pay $& and $1 and $$ to $'" },
      { purpose: 'a\u0000b' },
      { purpose: 'evil \u202e txt.exe' },
      { purpose: '😀'.repeat(500) },
      { purpose: '😀'.repeat(1001) },
      { recipient_name: '<script>alert(1)</script>' },
      { recipient_name: 'x'.repeat(141) },
      { recipient_email: 'not-an-email' },
      { information: '\u0007bell' },
    ];
    for (const extra of cases) {
      const res = await staff.post(BASE, disclose(c.id, extra));
      expect([201, 422], JSON.stringify(extra)).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const dollars = await prepare(disclose(c.id, { purpose: 'Pay $& and $1 and $$' }));
    expect(dollars.body).toContain('Purpose: Pay $& and $1 and $$');
  });
});

const staffIdPlaceholder = 'no-such-customer';

describe('sending', () => {
  it('notifies the client in the portal and by mail, saying it is optional, and audits', async () => {
    const c = await customer('Nico Notified');
    const d = await prepare(disclose(c.id));
    const mail = await smtp.waitFor(c.email, /consent/);
    expect(mail.text).toContain(`http://portal.test/consents/${d.id}`);
    expect(mail.text).toContain('never a condition');
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.user_id, c.id));
    expect(notes.map((n) => n.kind)).toContain('consent');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, d.id));
    expect(entries.map((e) => e.action)).toEqual(['consent.prepared']);
  });

  it('prepares one for each spouse of a household, each naming both', async () => {
    const a = await customer('Alex Primary');
    const b = await customer('Blair Spouse');
    const sent = await a.agent.post('/api/v1/household/invitations', { full_name: b.full_name, email: b.email });
    expect(sent.statusCode, sent.body).toBe(202);
    const accepted = await b.agent.post(`/api/v1/household/invitations/${sent.json().sent[0].id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const first = await prepare(disclose(a.id, { include_spouse: true }));
    expect(first.taxpayer_names).toEqual(['Alex Primary', 'Blair Spouse']);
    const hers = ((await b.agent.get(BASE)).json() as ConsentList).items;
    expect(hers).toHaveLength(1);
    const detail = (await b.agent.get(`${BASE}/${hers[0]!.id}`)).json() as ConsentDetail;
    expect(detail.body).toContain('I, Blair Spouse, authorize');
    // Each signs their own: Alex's signature does not make Blair's consent active.
    expect((await sign(a.agent, first.id, 'Alex Primary')).statusCode).toBe(200);
    expect(await active(a.id, 'disclose')).not.toBeNull();
    expect(await active(b.id, 'disclose')).toBeNull();
  });
});

describe('signing', () => {
  it('records who, when, IP, agent, factor and the SHA-256 of the text signed; the gate opens', async () => {
    const c = await customer('Sam Signer');
    const d = await prepare(disclose(c.id));
    expect(await active(c.id, 'disclose')).toBeNull();
    const res = await c.agent.post(
      `${BASE}/${d.id}/sign`,
      { typed_name: '  sam   SIGNER ', factor: 'password', password: PASSWORD, agree: true },
      { headers: { 'user-agent': 'ConsentTest/1.0' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json() as ConsentDetail;
    expect(signed.status).toBe('signed');
    expect(signed.signature).toMatchObject({ factor: 'password', user_agent: 'ConsentTest/1.0', ip: '127.0.0.1' });
    expect(signed.signature!.text_sha256).toBe(createHash('sha256').update(d.body).digest('hex'));
    expect(signed.body).toBe(d.body);
    const oneYear = new Date(signed.signed_at!);
    oneYear.setUTCFullYear(oneYear.getUTCFullYear() + 1);
    expect(signed.expires_at).toBe(oneYear.toISOString());
    // The gate: the named recipient (any case), not another; not a consent to use.
    expect(await active(c.id, 'disclose', 'loans@firstlender.EXAMPLE')).toMatchObject({
      id: d.id,
      purpose: 'To support your mortgage application',
      recipient_name: 'First Lender Bank',
      expires_at: signed.expires_at,
    });
    expect(await active(c.id, 'disclose', 'someone@else.example')).toBeNull();
    expect(await active(c.id, 'use')).toBeNull();
    // Signed is final: a second signature, a decline, a withdrawal are 409.
    expect((await sign(c.agent, d.id, 'Sam Signer')).statusCode).toBe(409);
    expect((await c.agent.post(`${BASE}/${d.id}/decline`)).statusCode).toBe(409);
    expect((await staff.post(`${BASE}/${d.id}/withdraw`)).statusCode).toBe(409);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, d.id));
    expect(entries.map((e) => e.action)).toEqual(['consent.prepared', 'consent.signed']);
  });

  it('is the client’s alone: staff 403, another client 404, a wrong name 422, a wrong password counted to a lock', async () => {
    const c = await customer('Owen Owner');
    const other = await customer('Pat Other');
    const d = await prepare(disclose(c.id));
    expect((await sign(staff, d.id, 'Owen Owner')).statusCode).toBe(403);
    expect((await sign(admin, d.id, 'Owen Owner')).statusCode).toBe(403);
    expect((await sign(other.agent, d.id, 'Pat Other')).statusCode).toBe(404);
    expect((await other.agent.get(`${BASE}/${d.id}`)).statusCode).toBe(404);
    expect((await other.agent.post(`${BASE}/${d.id}/decline`)).statusCode).toBe(404);
    const name = await sign(c.agent, d.id, 'Someone Else');
    expect(name.statusCode).toBe(422);
    expect(name.body).toContain(CONSENT_MESSAGES.nameMismatch);
    expect((await sign(c.agent, d.id, 'Owen Owner', { agree: false })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++)
      expect((await sign(c.agent, d.id, 'Owen Owner', { password: 'wrong-password-1' })).statusCode).toBe(422);
    const locked = await sign(c.agent, d.id, 'Owen Owner');
    expect(locked.statusCode).toBe(429);
    expect(await active(c.id, 'disclose')).toBeNull();
  });

  it('needs a second factor under the firm’s stricter check: the password is refused, an app code signs', async () => {
    const c = await customer('Tess Totp');
    const d = await prepare(disclose(c.id));
    expect((await admin.put('/api/v1/admin/signing-settings', { strict_identity: true })).statusCode).toBe(200);
    try {
      const view = (await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail;
      expect(view.sign_with).toEqual([]);
      const refused = await sign(c.agent, d.id, 'Tess Totp');
      expect(refused.statusCode).toBe(409);
    } finally {
      expect((await admin.put('/api/v1/admin/signing-settings', { strict_identity: false })).statusCode).toBe(200);
    }
    expect(((await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail).sign_with).toEqual(['password']);
  });

  it('signs with an authenticator app under the stricter check, recording the factor', async () => {
    const c = await customer('Tara Totp');
    const setup = (await c.agent.post('/api/v1/auth/mfa/setup')).json() as { secret: string };
    expect((await c.agent.post('/api/v1/auth/mfa/enable', { code: totpCode(setup.secret) })).statusCode).toBe(200);
    const d = await prepare({ customer_id: c.id, kind: 'use', purpose: 'Newsletters', information: 'Name, e-mail' });
    expect((await admin.put('/api/v1/admin/signing-settings', { strict_identity: true })).statusCode).toBe(200);
    try {
      const view = (await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail;
      expect(view.sign_with).toEqual(['totp', 'recovery_code']);
      const password = await sign(c.agent, d.id, 'Tara Totp');
      expect(password.statusCode).toBe(422);
      const wrong = await sign(c.agent, d.id, 'Tara Totp', { factor: 'totp', code: '000000', password: undefined });
      expect(wrong.statusCode).toBe(422);
      const code = totpCode(setup.secret, Math.floor(Date.now() / 1000) + 30);
      const ok = await sign(c.agent, d.id, 'Tara Totp', { factor: 'totp', code, password: undefined });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as ConsentDetail).signature!.factor).toBe('totp');
      expect(await active(c.id, 'use')).toMatchObject({ id: d.id, recipient_email: null });
    } finally {
      expect((await admin.put('/api/v1/admin/signing-settings', { strict_identity: false })).statusCode).toBe(200);
    }
  });
});

describe('declining, withdrawing, revoking', () => {
  it('declines: the consent ends, nothing else changes, the preparer is told', async () => {
    const c = await customer('Dee Decliner');
    const d = await prepare(disclose(c.id));
    const res = await c.agent.post(`${BASE}/${d.id}/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ConsentDetail).status).toBe('declined');
    expect((await sign(c.agent, d.id, 'Dee Decliner')).statusCode).toBe(409);
    expect(await active(c.id, 'disclose')).toBeNull();
    // The client keeps the portal as before: their tickets and profile answer as they did.
    expect((await c.agent.get('/api/v1/tickets')).statusCode).toBe(200);
  });

  it('withdraws (staff) before an answer; the withdrawn one cannot be signed (409)', async () => {
    const c = await customer('Wyn Withdrawn');
    const d = await prepare(disclose(c.id));
    expect((await c.agent.post(`${BASE}/${d.id}/withdraw`)).statusCode).toBe(403);
    const res = await staff.post(`${BASE}/${d.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ConsentDetail).status).toBe('withdrawn');
    expect((await sign(c.agent, d.id, 'Wyn Withdrawn')).statusCode).toBe(409);
  });

  it('revokes at once: the gate closes, listeners hear of it, a revoked one cannot be signed again', async () => {
    const c = await customer('Riley Revoker');
    const other = await customer('Quinn Other');
    const d = await prepare(disclose(c.id));
    expect((await sign(c.agent, d.id, 'Riley Revoker')).statusCode).toBe(200);
    expect(await active(c.id, 'disclose', 'loans@firstlender.example')).not.toBeNull();
    const heard: ConsentEnded[] = [];
    const stop = onConsentEnded((e) => void heard.push(e));
    try {
      expect((await staff.post(`${BASE}/${d.id}/revoke`)).statusCode).toBe(403);
      expect((await other.agent.post(`${BASE}/${d.id}/revoke`)).statusCode).toBe(404);
      const res = await c.agent.post(`${BASE}/${d.id}/revoke`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ConsentDetail).status).toBe('revoked');
    } finally {
      stop();
    }
    expect(heard).toEqual([
      {
        consentId: d.id,
        customerId: c.id,
        kind: 'disclose',
        recipientEmail: 'loans@firstlender.example',
        reason: 'revoked',
      },
    ]);
    expect(await active(c.id, 'disclose', 'loans@firstlender.example')).toBeNull();
    expect((await c.agent.post(`${BASE}/${d.id}/revoke`)).statusCode).toBe(409);
    expect((await sign(c.agent, d.id, 'Riley Revoker')).statusCode).toBe(409);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, d.id));
    expect(entries.map((e) => e.action)).toEqual(['consent.prepared', 'consent.signed', 'consent.revoked']);
  });
});

describe('expiry on the injected clock', () => {
  it('ends a year after signing, at once, and an expired one cannot be revoked or signed', async () => {
    const c = await customer('Eve Expiring');
    const d = await prepare(disclose(c.id));
    const signed = (await sign(c.agent, d.id, 'Eve Expiring')).json() as ConsentDetail;
    const end = new Date(signed.expires_at!);
    expect(await active(c.id, 'disclose', undefined, new Date(end.getTime() - 1000))).not.toBeNull();
    expect(await active(c.id, 'disclose', undefined, end)).toBeNull();
    const real = clock;
    clock = new Date(end.getTime() + 1000);
    try {
      const view = (await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail;
      expect(view.status).toBe('expired');
      const listed = ((await staff.get(`${BASE}?customer_id=${c.id}&status=expired`)).json() as ConsentList).items;
      expect(listed.map((i) => i.id)).toEqual([d.id]);
      const revoke = await c.agent.post(`${BASE}/${d.id}/revoke`);
      expect(revoke.statusCode).toBe(409);
      expect(revoke.body).toContain(CONSENT_MESSAGES.expired);
    } finally {
      clock = real;
    }
  });

  it('a stated end date: valid through that day; an unsigned one past it is expired and refuses signing', async () => {
    const c = await customer('Ed Enddate');
    const endsOn = new Date(clock.getTime() + 10 * DAY).toISOString().slice(0, 10);
    const d = await prepare(disclose(c.id, { ends_on: endsOn }));
    expect(d.body).toContain(`This consent is valid through ${endsOn}.`);
    const real = clock;
    clock = new Date(Date.parse(`${endsOn}T00:00:00Z`) + DAY + 1);
    try {
      expect(((await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail).status).toBe('expired');
      const late = await sign(c.agent, d.id, 'Ed Enddate');
      expect(late.statusCode).toBe(409);
    } finally {
      clock = real;
    }
    const e = await prepare(disclose(c.id, { ends_on: endsOn }));
    const signed = (await sign(c.agent, e.id, 'Ed Enddate')).json() as ConsentDetail;
    expect(signed.expires_at).toBe(new Date(Date.parse(`${endsOn}T00:00:00Z`) + DAY).toISOString());
  });
});

describe('lists', () => {
  it('a client sees their own; staff all or one client’s', async () => {
    const a = await customer('Lee Lister');
    const b = await customer('Mo Other');
    const da = await prepare(disclose(a.id));
    const db = await prepare(disclose(b.id));
    const mine = ((await a.agent.get(BASE)).json() as ConsentList).items.map((i) => i.id);
    expect(mine).toEqual([da.id]);
    // A client cannot widen their list to someone else's.
    const widened = ((await a.agent.get(`${BASE}?customer_id=${b.id}`)).json() as ConsentList).items.map((i) => i.id);
    expect(widened).toEqual([da.id]);
    const hers = ((await staff.get(`${BASE}?customer_id=${b.id}`)).json() as ConsentList).items.map((i) => i.id);
    expect(hers).toEqual([db.id]);
    const all = ((await staff.get(BASE)).json() as ConsentList).items.map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining([da.id, db.id]));
  });
});
