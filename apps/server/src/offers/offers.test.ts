import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THIRD_PARTY_MESSAGES as M } from '@taxportal/contract';
import { revokeConsentRow, signedConsent } from '../test/consent-fixtures.ts';
import { createMailer } from '../platform/mail/mail.ts';
import { outbox } from '../platform/db/schema.ts';
import { firmName } from '../site/index.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { activeConsents } from '../consents/index.ts';
import { createOffersJobRunner, mayReceiveOffers } from './index.ts';

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
let admin: Agent;
let preparer: Agent;
let customer: Agent;
let consenting: { id: string; email: string; full_name: string; consentId: string }[];
let withoutConsent: { id: string; email: string; full_name: string }[];

/** The offers' runner as the server would run it, on this app's database and clock. */
const runner = () =>
  createOffersJobRunner({
    db: t.database.db,
    config: t.config,
    mailer: createMailer({ db: t.database.db, log: t.app.log, from: 'Firm <firm@example.test>' }),
    publicUrl: 'http://portal.test',
    log: t.app.log,
    now: () => new Date(clock),
    firmName,
  });
const offer = (body: Record<string, unknown>) =>
  admin.post('/api/v1/admin/offers', {
    subject: 'Bookkeeping for your business',
    body: 'We now offer bookkeeping.',
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  consenting = [];
  withoutConsent = [];
  for (let i = 0; i < 3; i++) {
    const c = await createCustomer(t, { full_name: `Consenting ${i}` });
    const consentId = await signedConsent(t, { customerId: c.id, kind: 'use', expiresAt: new Date(clock + 200 * DAY) });
    consenting.push({ ...c, consentId });
  }
  for (let i = 0; i < 2; i++) {
    const c = await createCustomer(t, { full_name: `Silent ${i}` });
    // A consent to disclose is no consent to use.
    await signedConsent(t, {
      customerId: c.id,
      kind: 'disclose',
      recipientEmail: 'x@y.example',
      expiresAt: new Date(clock + 200 * DAY),
    });
    withoutConsent.push(c);
  }
  customer = await signIn(t, consenting[0]!.email);
});
afterAll(async () => t.close());

describe('offers beyond tax preparation', () => {
  it('preview lists the clients skipped for want of a consent to use, with the count', async () => {
    const ids = [...consenting, ...withoutConsent].map((c) => c.id);
    const res = await admin.post('/api/v1/admin/offers/preview', { audience: 'selected', customer_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eligible).toBe(3);
    expect(res.json().skipped).toBe(2);
    expect(
      res
        .json()
        .skipped_clients.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(withoutConsent.map((c) => c.id).sort());
    // The one gate, which push is to ask too.
    expect(await mayReceiveOffers(t.database.db, consenting[0]!.id, new Date(clock))).toBe(true);
    expect(await mayReceiveOffers(t.database.db, withoutConsent[0]!.id, new Date(clock))).toBe(false);
    const all = (await admin.post('/api/v1/admin/offers/preview', { audience: 'all' })).json();
    expect(all.skipped).toBeGreaterThanOrEqual(2);
    expect(all.eligible).toBe(3);
  });

  it('the preview asks the batch gate and answers as the one-client gate does, client by client', async () => {
    // Edge cases of the rule beside the plain ones: an expired and a revoked consent to use, and two active ones.
    const expired = await createCustomer(t, { full_name: 'Expired Consent' });
    await signedConsent(t, { customerId: expired.id, kind: 'use', expiresAt: new Date(clock - DAY) });
    const revoked = await createCustomer(t, { full_name: 'Revoked Consent' });
    await revokeConsentRow(
      t,
      await signedConsent(t, { customerId: revoked.id, kind: 'use', expiresAt: new Date(clock + DAY) }),
      new Date(clock),
    );
    const twice = await createCustomer(t, { full_name: 'Two Consents' });
    await signedConsent(t, { customerId: twice.id, kind: 'use', expiresAt: new Date(clock + DAY) });
    const longest = await signedConsent(t, { customerId: twice.id, kind: 'use', expiresAt: new Date(clock + 9 * DAY) });
    const everyone = [...consenting, ...withoutConsent, expired, revoked, twice];
    const now = new Date(clock);
    const one = new Map<string, boolean>();
    for (const c of everyone) one.set(c.id, await mayReceiveOffers(t.database.db, c.id, now));
    const res = await admin.post('/api/v1/admin/offers/preview', {
      audience: 'selected',
      customer_ids: everyone.map((c) => c.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const skipped = new Set(res.json().skipped_clients.map((c: { id: string }) => c.id));
    for (const c of everyone) expect(skipped.has(c.id), c.full_name).toBe(!one.get(c.id));
    expect(res.json()).toMatchObject({ eligible: 4, skipped: 4 });
    const batch = await activeConsents(t.database.db, { customerIds: everyone.map((c) => c.id), kind: 'use', now });
    expect([...batch.keys()].sort()).toEqual(
      everyone
        .filter((c) => one.get(c.id))
        .map((c) => c.id)
        .sort(),
    );
    expect(batch.get(twice.id)?.id).toBe(longest);
    expect(await activeConsents(t.database.db, { customerIds: [], kind: 'use', now })).toEqual(new Map());
  });

  it('sends in the background only to clients with the consent; the others are recorded skipped', async () => {
    const ids = [...consenting, ...withoutConsent].map((c) => c.id);
    const res = await offer({ audience: 'selected', customer_ids: ids });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().counts).toMatchObject({ queued: 5, sent: 0 });
    // One consent revoked between the send and the job: skipped too.
    const revokedClient = consenting[2]!;
    await revokeConsentRow(t, revokedClient.consentId, new Date(clock));
    await runner().tick();
    const after = (await admin.get(`/api/v1/admin/offers/${res.json().id}`)).json();
    expect(after.counts).toMatchObject({ queued: 0, sent: 2, skipped: 3, failed: 0 });
    const skipped = (await admin.get(`/api/v1/admin/offers/${res.json().id}/recipients?state=skipped`)).json();
    expect(skipped.items.map((r: { customer_id: string }) => r.customer_id).sort()).toEqual(
      [...withoutConsent.map((c) => c.id), revokedClient.id].sort(),
    );
    for (const c of withoutConsent)
      expect(await t.database.db.select().from(outbox).where(eq(outbox.to, c.email))).toHaveLength(0);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, consenting[0]!.email));
    expect(mail!.subject).toBe('Bookkeeping for your business');
    expect(mail!.text).toContain('We now offer bookkeeping.');
    expect(mail!.text).toContain('revoke that consent in the portal: http://portal.test/consents');
    // A second pass sends nothing again.
    await runner().tick();
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, consenting[0]!.email))).toHaveLength(1);
  });

  it('refuses with 409 a send to one chosen client without the consent, or to chosen clients none of whom has it', async () => {
    const one = await offer({ audience: 'selected', customer_ids: [withoutConsent[0]!.id] });
    expect(one.statusCode).toBe(409);
    expect(one.json().detail).toBe(
      `${withoutConsent[0]!.full_name} has no active consent to the use of tax return information for offers.`,
    );
    const none = await offer({ audience: 'selected', customer_ids: withoutConsent.map((c) => c.id) });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(M.refusals.noneConsented);
    // An expired consent is none: the injected clock past it.
    const start = clock;
    try {
      clock = start + 201 * DAY;
      expect((await offer({ audience: 'selected', customer_ids: [consenting[1]!.id] })).statusCode).toBe(409);
    } finally {
      clock = start;
    }
  });

  it('is for Admin only: other staff and customers get 403', async () => {
    for (const agent of [preparer, customer]) {
      expect((await agent.post('/api/v1/admin/offers/preview', { audience: 'all' })).statusCode).toBe(403);
      expect((await agent.get('/api/v1/admin/offers')).statusCode).toBe(403);
    }
    expect((await admin.get(`/api/v1/admin/offers/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('answers hostile input with problem+json, never a 5xx', async () => {
    for (const body of [
      { subject: '', body: 'x', audience: 'all' },
      { subject: 'x'.repeat(151), body: 'x', audience: 'all' },
      { subject: 'a\u0000b', body: 'x', audience: 'all' },
      { subject: 'bidi \u202e', body: 'x', audience: 'all' },
      { subject: 'ok', body: '😀'.repeat(5001), audience: 'all' },
      { subject: '$& $1', body: 'x', audience: 'selected' },
      { subject: 'ok', body: 'x', audience: 'selected', customer_ids: [randomUUID()] },
      { subject: 'ok', body: 'x', audience: 'everyone' },
    ]) {
      const res = await admin.post('/api/v1/admin/offers', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    // Emoji at the length limit (characters, as the contract's text rule counts them) pass; one more is refused.
    const full = await offer({ subject: '😀'.repeat(150), audience: 'selected', customer_ids: [consenting[0]!.id] });
    expect(full.statusCode, full.body).toBe(202);
    const over = await offer({ subject: '😀'.repeat(151), audience: 'selected', customer_ids: [consenting[0]!.id] });
    expect(over.statusCode).toBe(422);
    // `$` patterns are kept as typed.
    const kept = await offer({ subject: 'Save $& now $1', audience: 'selected', customer_ids: [consenting[0]!.id] });
    expect(kept.statusCode).toBe(202);
    expect(kept.json().subject).toBe('Save $& now $1');
  });
});
