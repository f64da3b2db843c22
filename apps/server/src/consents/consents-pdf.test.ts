import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, MANDATORY_STATEMENTS, type ConsentDetail } from '@taxportal/contract';
import {
  createCustomer,
  createStaff,
  createTestApp,
  PASSWORD,
  signIn,
  type Agent,
  type TestApp,
} from '../test/helper.ts';
import { saveLanguage } from '../platform/users.ts';
import { pdfText } from '../test/pdf-text.ts';
import { SoftAuthenticator } from '../test/soft-authenticator.ts';

/**
 * The signed consent's PDF (docs/decisions/0034): its text with each mandatory statement, and the certificate; and
 * a consent signed with a passkey (issue 33's loose ends).
 */
let t: TestApp;
let staff: Agent;
const BASE = '/api/v1/consents';

beforeAll(async () => {
  t = await createTestApp();
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  expect((await admin.put('/api/v1/admin/signing-settings', { strict_identity: false })).statusCode).toBe(200);
});
afterAll(async () => t.close());

async function customer(name: string) {
  const c = await createCustomer(t, { full_name: name });
  return { ...c, agent: await signIn(t, c.email) };
}

async function signedConsent(c: { id: string; agent: Agent; full_name: string }, body: Record<string, unknown>) {
  const made = await staff.post(BASE, { customer_id: c.id, ...body });
  expect(made.statusCode, made.body).toBe(201);
  const d = made.json() as ConsentDetail;
  const res = await c.agent.post(
    `${BASE}/${d.id}/sign`,
    { typed_name: c.full_name, factor: 'password', password: PASSWORD, agree: true },
    { headers: { 'user-agent': 'ConsentPdfTest/2.0 (Desk)' } },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConsentDetail;
}

/** The PDF's words with its line breaks undone (wrapping splits sentences across lines and pages). */
const words = (pdf: Buffer) => pdfText(pdf, ' ').replace(/\s+/g, ' ');
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('a signed consent as a PDF', () => {
  it('holds the text with each mandatory statement, who signed, when, IP, agent, factor and SHA-256', async () => {
    const c = await customer('Pat Pdf');
    for (const body of [
      {
        kind: 'disclose',
        purpose: 'To support your mortgage application',
        information: 'Your 2025 Form 1040 as filed',
        recipient_name: 'First Lender Bank',
        recipient_email: 'loans@firstlender.example',
        recipient_in_us: true,
      },
      { kind: 'use', purpose: 'Offers of bookkeeping', information: 'Name and e-mail' },
    ] as const) {
      const signed = await signedConsent(c, body);
      for (const agent of [c.agent, staff]) {
        const res = await agent.get(`${BASE}/${signed.id}/pdf`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="consent-${signed.id}.pdf"`);
        const text = words(res.rawPayload);
        for (const s of [...MANDATORY_STATEMENTS[body.kind], MANDATORY_STATEMENTS.tigta])
          expect(text).toContain(flat(s));
        expect(text).toContain(flat(signed.body.split('\n').find((l) => l.includes(body.purpose))!));
        expect(text).toContain('Certificate of signature');
        expect(text).toContain('Signed by: Pat Pdf');
        expect(text).toContain(`Account: Pat Pdf (${c.email})`);
        expect(text).toContain(`Signed: ${signed.signed_at!.slice(0, 19).replace('T', ' ')} UTC`);
        expect(text).toContain('IP address: 127.0.0.1');
        expect(text).toContain('ConsentPdfTest/2.0 (Desk)');
        expect(text).toMatch(/Identity confirmed by: password/);
        const sha = createHash('sha256').update(signed.body).digest('hex');
        expect(signed.signature!.text_sha256).toBe(sha);
        expect(text.replace(/ /g, '')).toContain(`SHA-256ofthetextsigned:${sha}`);
      }
    }
  }, 60_000);

  it('says when it was revoked; another client 404; an unsigned consent 409; API roles as the consent', async () => {
    const c = await customer('Rae Revoker');
    const other = await customer('Oli Other');
    const signed = await signedConsent(c, { kind: 'use', purpose: 'Newsletters', information: 'Name' });
    expect((await c.agent.post(`${BASE}/${signed.id}/revoke`, {})).statusCode).toBe(200);
    const revoked = await c.agent.get(`${BASE}/${signed.id}/pdf`);
    expect(revoked.statusCode).toBe(200);
    expect(words(revoked.rawPayload)).toMatch(/Revoked: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    const notTheirs = await other.agent.get(`${BASE}/${signed.id}/pdf`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.headers['content-type']).toContain('application/problem+json');
    const unsigned = (
      await staff.post(BASE, { customer_id: c.id, kind: 'use', purpose: 'x', information: 'y' })
    ).json();
    const refused = await c.agent.get(`${BASE}/${unsigned.id}/pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CONSENT_MESSAGES.noPdf);
    expect((await staff.get(`${BASE}/nope/pdf`)).statusCode).toBe(404);
  }, 60_000);

  it('signs with the signer’s own passkey (options bound to them), and the PDF names it', async () => {
    const c = await customer('Kay Passkey');
    const key = new SoftAuthenticator('portal.test', 'http://portal.test');
    const reg = (await c.agent.post('/api/v1/auth/passkeys/register/options')).json();
    expect(
      (await c.agent.post('/api/v1/auth/passkeys/register/verify', { response: key.register(reg) })).statusCode,
    ).toBe(201);
    const d = (
      await staff.post(BASE, { customer_id: c.id, kind: 'use', purpose: 'Offers', information: 'Name and e-mail' })
    ).json() as ConsentDetail;
    expect(((await c.agent.get(`${BASE}/${d.id}`)).json() as ConsentDetail).sign_with).toContain('passkey');
    // Staff are not the signer (403); another client does not see it (404).
    expect((await staff.post(`${BASE}/${d.id}/passkey-options`)).statusCode).toBe(403);
    const other = await customer('Nia Nosy');
    expect((await other.agent.post(`${BASE}/${d.id}/passkey-options`)).statusCode).toBe(404);
    // Another person's passkey answering Kay's challenge is a wrong answer (422, counted).
    const stranger = new SoftAuthenticator('portal.test', 'http://portal.test');
    const wrong = await c.agent.post(`${BASE}/${d.id}/sign`, {
      typed_name: c.full_name,
      factor: 'passkey',
      response: stranger.authenticate((await c.agent.post(`${BASE}/${d.id}/passkey-options`)).json()),
      agree: true,
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    const options = await c.agent.post(`${BASE}/${d.id}/passkey-options`);
    expect(options.statusCode, options.body).toBe(200);
    const res = await c.agent.post(`${BASE}/${d.id}/sign`, {
      typed_name: c.full_name,
      factor: 'passkey',
      response: key.authenticate(options.json()),
      agree: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ConsentDetail).signature).toMatchObject({ factor: 'passkey' });
    expect(words((await c.agent.get(`${BASE}/${d.id}/pdf`)).rawPayload)).toContain(
      'Identity confirmed by: passkey (WebAuthn)',
    );
    // Signed: no more options (409).
    expect((await c.agent.post(`${BASE}/${d.id}/passkey-options`)).statusCode).toBe(409);
  }, 60_000);

  it('draws hostile text without a 500: emoji, bidi controls, $ patterns, in Spanish too', async () => {
    const c = await customer('Zoë "$&" 😀');
    const signed = await signedConsent(c, {
      kind: 'use',
      purpose: `Pay $& and $1 ${'😀'.repeat(200)} \u202e txt.exe`,
      information: 'x'.repeat(1000),
    });
    await saveLanguage(t.database.db, c.id, 'es');
    const res = await staff.get(`${BASE}/${signed.id}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = words(res.rawPayload);
    expect(text).toContain('Certificado de firma');
    expect(text).toContain('Pay $& and $1');
    expect(text).not.toContain('\u202e');
  }, 60_000);
});
