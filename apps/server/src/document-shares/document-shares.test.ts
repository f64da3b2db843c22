import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THIRD_PARTY_MESSAGES as M } from '@taxportal/contract';
import { auditLog, documentShares, documentTypes, outbox } from '../platform/db/schema.ts';
import { textsIn } from '../platform/i18n.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';
import { revokeConsentRow, signedConsent } from '../test/consent-fixtures.ts';

const DAY = 86_400_000;
const LENDER = 'loans@lender.example';
let clock = Date.now();
let t: TestApp;
let smtp: SmtpCapture;
let dataDir: string;
const logLines: string[] = [];
let customer: Agent;
let other: Agent;
let staff: Agent;
let customerId: string;
let ticketId: string;
let otherTicketId: string;
let typeId: string;

const upload = async (agent: Agent, ticket: string, name = 'return.pdf') => {
  const res = await agent.request({
    method: 'POST',
    url: '/api/v1/documents',
    ...multipart({ document_type: typeId, ticket_id: ticket }, [{ name, data: pdf(`MARK-${name}`) }]),
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().items[0] as { id: string; file_name: string };
};
const share = (agent: Agent, body: Record<string, unknown>, ticket = ticketId) =>
  agent.post(`/api/v1/tickets/${ticket}/shares`, body);
const anon = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const linkIn = (text: string) => /http:\/\/portal\.test\/shared\/(\S+)/.exec(text)![1]!;

/** A share made with a fresh consent; the link's token read from the recipient's mail. */
async function madeShare(opts: { days?: number; consentDays?: number; recipient?: string; consentEndsAt?: Date } = {}) {
  const recipient = opts.recipient ?? `lender.${randomUUID().slice(0, 8)}@bank.example`;
  const consentId = await signedConsent(t, {
    customerId,
    kind: 'disclose',
    recipientEmail: recipient,
    recipientName: 'First Bank',
    // `consentEndsAt`: a stated last day, which ends at the next 00:00 UTC (decision 0034).
    expiresAt: opts.consentEndsAt
      ? new Date(opts.consentEndsAt.getTime() + DAY)
      : new Date(clock + (opts.consentDays ?? 365) * DAY),
  });
  const doc = await upload(customer, ticketId);
  const res = await share(staff, { document_ids: [doc.id], recipient_email: recipient, days: opts.days });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.waitFor(recipient, /\/shared\//);
  return { consentId, doc, share: res.json(), token: linkIn(mail.text), recipient, mail };
}

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-shares-${randomUUID()}`);
  smtp = await startSmtpCapture();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  t = await createTestApp(
    { DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    { now: () => new Date(clock), logStream },
  );
  const c = await createCustomer(t, { full_name: 'Jamie Borrower' });
  customerId = c.id;
  customer = await signIn(t, c.email);
  other = await signIn(t, (await createCustomer(t)).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  ticketId = (await openTicket(t, customer)).id;
  otherTicketId = (await openTicket(t, other)).id;
  typeId = (await t.database.db.select().from(documentTypes).limit(1))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sharing documents with a third party', () => {
  it('is refused with 409 without an active consent to disclose naming the recipient, in the reader’s language', async () => {
    const doc = await upload(customer, ticketId);
    const body = { document_ids: [doc.id], recipient_email: LENDER };
    const none = await share(staff, body);
    expect(none.statusCode).toBe(409);
    expect(none.headers['content-type']).toContain('application/problem+json');
    expect(none.json().detail).toBe(
      `Jamie Borrower has no active consent to disclose tax return information to ${LENDER}.`,
    );
    const es = await staff.post(`/api/v1/tickets/${ticketId}/shares`, body, { headers: { 'accept-language': 'es' } });
    expect(es.json().detail).toBe(
      textsIn('es')('thirdParty.refusals.noDisclosureConsent', { client: 'Jamie Borrower', recipient: LENDER }),
    );
    // A consent to use, one naming someone else, an expired one and a revoked one allow nothing.
    await signedConsent(t, { customerId, kind: 'use', expiresAt: new Date(clock + 100 * DAY) });
    await signedConsent(t, {
      customerId,
      kind: 'disclose',
      recipientEmail: 'someone@else.example',
      expiresAt: new Date(clock + 100 * DAY),
    });
    await signedConsent(t, { customerId, kind: 'disclose', recipientEmail: LENDER, expiresAt: new Date(clock - 1) });
    const revoked = await signedConsent(t, {
      customerId,
      kind: 'disclose',
      recipientEmail: LENDER,
      expiresAt: new Date(clock + 100 * DAY),
    });
    await revokeConsentRow(t, revoked, new Date(clock));
    expect((await share(staff, body)).statusCode).toBe(409);
    const check = await staff.get(`/api/v1/tickets/${ticketId}/shares/consent?recipient_email=${LENDER}`);
    expect(check.json()).toEqual({ consent: null, reason: none.json().detail });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, LENDER))).toHaveLength(0);
  });

  it('with the consent, mails the recipient a link (token redacted in the outbox) that lists and downloads the files', async () => {
    const { share: made, token, recipient, doc, mail } = await madeShare();
    expect(made).toMatchObject({
      recipient_email: recipient,
      recipient_name: 'First Bank',
      purpose: 'Mortgage application',
      state: 'active',
      documents: [{ id: doc.id, file_name: doc.file_name }],
      opens: 0,
    });
    // 14 days by default.
    expect(Date.parse(made.expires_at)).toBe(Math.floor((clock + 14 * DAY) / 1000) * 1000);
    expect(mail.text).toContain('Jamie Borrower');
    expect(mail.text).toContain('Mortgage application');
    const [kept] = await t.database.db.select().from(outbox).where(eq(outbox.to, recipient));
    expect(kept!.text).not.toContain(token);

    const page = await anon(`/api/v1/shared-documents/${token}`, { 'user-agent': 'LenderBrowser/1.0' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({
      client_name: 'Jamie Borrower',
      purpose: 'Mortgage application',
      files: [{ file_name: doc.file_name }],
    });
    // The link names its files its own way: the vault's ids never reach the recipient.
    const fileId = page.json().files[0].id as string;
    expect(page.body).not.toContain(doc.id);
    expect(page.body).not.toContain(ticketId);
    const file = await anon(`/api/v1/shared-documents/${token}/files/${fileId}`, { 'user-agent': 'LenderBrowser/1.0' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.toString('latin1')).toContain(`MARK-${doc.file_name}`);

    // Every open and download is recorded: staff see where from, the client when and what.
    const staffView = (await staff.get(`/api/v1/tickets/${ticketId}/shares`))
      .json()
      .items.find((s: { id: string }) => s.id === made.id);
    expect(staffView).toMatchObject({ opens: 1, downloads: 1 });
    expect(staffView.events[0]).toMatchObject({
      kind: 'download',
      file_name: doc.file_name,
      user_agent: 'LenderBrowser/1.0',
    });
    expect(staffView.events[0].ip).toBeTruthy();
    const clientView = (await customer.get(`/api/v1/tickets/${ticketId}/shares`))
      .json()
      .items.find((s: { id: string }) => s.id === made.id);
    expect(clientView).toMatchObject({ opens: 1, downloads: 1, recipient_email: recipient });
    expect(
      clientView.events.every((e: { ip: unknown; user_agent: unknown }) => e.ip === null && e.user_agent === null),
    ).toBe(true);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'document_share.open'));
    expect(
      audited.some((a) => (a.meta as { link?: string }).link === made.id && a.user_agent === 'LenderBrowser/1.0'),
    ).toBe(true);
    // The token never reaches the log (which has the request, its path cut) or the audit trail.
    expect(logLines.join('')).toContain('/api/v1/shared-documents/');
    expect(logLines.join('')).not.toContain(token);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(token);
  });

  it('dies at once when the client revokes the consent', async () => {
    const { token, consentId, share: made } = await madeShare();
    const open = await anon(`/api/v1/shared-documents/${token}`);
    expect(open.statusCode).toBe(200);
    const fileUrl = `/api/v1/shared-documents/${token}/files/${open.json().files[0].id}`;
    expect((await anon(fileUrl)).statusCode).toBe(200);
    await revokeConsentRow(t, consentId, new Date(clock));
    const dead = await anon(`/api/v1/shared-documents/${token}`);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().detail).toBe(M.refusals.linkUnavailable);
    expect((await anon(fileUrl)).statusCode).toBe(404);
    const listed = (await staff.get(`/api/v1/tickets/${ticketId}/shares`))
      .json()
      .items.find((s: { id: string }) => s.id === made.id);
    expect(listed.state).toBe('consent_ended');
  });

  it('audits a refused open of a dead link (who, from where, why; never the token)', async () => {
    const { token, share: made } = await madeShare();
    expect((await staff.delete(`/api/v1/tickets/${ticketId}/shares/${made.id}`)).statusCode).toBe(204);
    const res = await anon(`/api/v1/shared-documents/${token}`, { 'user-agent': 'DeadLink/1.0' });
    expect(res.statusCode).toBe(404);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'document_share.refused'));
    const mine = rows.find((r) => (r.meta as { link?: string }).link === made.id);
    expect(mine).toMatchObject({ entity_type: 'ticket', entity_id: ticketId, user_agent: 'DeadLink/1.0' });
    expect(mine!.ip).toBeTruthy();
    expect(mine!.meta).toMatchObject({ state: 'revoked', asked: 'open' });
    expect(JSON.stringify(mine)).not.toContain(token);
    // A forged token is no link at all: refused, not audited.
    const before = rows.length;
    await anon(`/api/v1/shared-documents/${token.slice(0, -2)}xx`);
    expect(
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'document_share.refused'))).length,
    ).toBe(before);
  });

  it("names the consent's last day in the mail when the link ends with it (not the next day)", async () => {
    const lastDay = new Date(clock + 20 * DAY).toISOString().slice(0, 10);
    const { mail } = await madeShare({ days: 30, consentEndsAt: new Date(`${lastDay}T00:00:00Z`) });
    expect(mail.text).toContain(`${lastDay} 23:59 UTC`);
  });

  it("dies when the client revokes the consent in the portal (the consents' own revocation)", async () => {
    const { token, consentId, share: made } = await madeShare();
    const res = await customer.post(`/api/v1/consents/${consentId}/revoke`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await anon(`/api/v1/shared-documents/${token}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(documentShares).where(eq(documentShares.id, made.id));
    // Marked ended at once by the revocation's event, beside the gate at each open.
    expect(row!.consent_ended_at).not.toBeNull();
    // Another customer cannot end this client's consent.
    const second = await madeShare();
    expect((await other.post(`/api/v1/consents/${second.consentId}/revoke`, {})).statusCode).toBe(404);
    expect((await anon(`/api/v1/shared-documents/${second.token}`)).statusCode).toBe(200);
  });

  it('on a joint return needs each spouse’s consent to disclose; dies when either revokes', async () => {
    const taxpayer = await createCustomer(t, { full_name: 'Terry Joint' });
    const spouse = await createCustomer(t, { full_name: 'Sasha Joint' });
    const taxpayerAgent = await signIn(t, taxpayer.email);
    const spouseAgent = await signIn(t, spouse.email);
    const sent = (
      await taxpayerAgent.post('/api/v1/household/invitations', { full_name: spouse.full_name, email: spouse.email })
    ).json() as { sent: { id: string }[] };
    expect((await spouseAgent.post(`/api/v1/household/invitations/${sent.sent[0]!.id}/accept`)).statusCode).toBe(200);
    const joint = (await openTicket(t, taxpayerAgent, { joint: true })).id;
    const doc = await upload(taxpayerAgent, joint);
    const consentOf = (customer: string, recipient: string, days = 365) =>
      signedConsent(t, {
        customerId: customer,
        kind: 'disclose',
        recipientEmail: recipient,
        recipientName: 'First Bank',
        expiresAt: new Date(clock + days * DAY),
      });
    const recipient = `joint.${randomUUID().slice(0, 8)}@bank.example`;

    // Only the taxpayer's consent: refused, naming the spouse whose consent is missing.
    await consentOf(taxpayer.id, recipient);
    const refused = await share(staff, { document_ids: [doc.id], recipient_email: recipient }, joint);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toBe(
      `Sasha Joint has no active consent to disclose tax return information to ${recipient}.`,
    );
    const check = await staff.get(`/api/v1/tickets/${joint}/shares/consent?recipient_email=${recipient}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ consent: null, reason: refused.json().detail });
    // Only the spouse's (another recipient's for the taxpayer): refused too, naming the taxpayer.
    const other = `other.${randomUUID().slice(0, 8)}@bank.example`;
    await consentOf(spouse.id, other);
    const onlySpouse = await share(staff, { document_ids: [doc.id], recipient_email: other }, joint);
    expect(onlySpouse.statusCode).toBe(409);
    expect(onlySpouse.json().detail).toContain('Terry Joint');

    // Both: allowed, and the link lasts no longer than the consent that ends first.
    const spouseConsent = await consentOf(spouse.id, recipient, 20);
    const made = await share(staff, { document_ids: [doc.id], recipient_email: recipient }, joint);
    expect(made.statusCode, made.body).toBe(201);
    expect(Date.parse(made.json().expires_at)).toBeLessThanOrEqual(clock + 20 * DAY);
    const token = linkIn((await smtp.waitFor(recipient, /\/shared\//)).text);
    expect((await anon(`/api/v1/shared-documents/${token}`)).statusCode).toBe(200);

    // The spouse revokes theirs in the portal: dead at once, and marked so in the list.
    expect((await spouseAgent.post(`/api/v1/consents/${spouseConsent}/revoke`, {})).statusCode).toBe(200);
    expect((await anon(`/api/v1/shared-documents/${token}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(documentShares).where(eq(documentShares.id, made.json().id));
    expect(row!.consent_ended_at).not.toBeNull();

    // Both again (another recipient), then the taxpayer's consent ends (the gate alone, no event): dead too.
    const second = `second.${randomUUID().slice(0, 8)}@bank.example`;
    const taxpayerSecond = await consentOf(taxpayer.id, second);
    await consentOf(spouse.id, second);
    const again = await share(staff, { document_ids: [doc.id], recipient_email: second }, joint);
    expect(again.statusCode, again.body).toBe(201);
    const token2 = linkIn((await smtp.waitFor(second, /\/shared\//)).text);
    expect((await anon(`/api/v1/shared-documents/${token2}`)).statusCode).toBe(200);
    await revokeConsentRow(t, taxpayerSecond, new Date(clock));
    expect((await anon(`/api/v1/shared-documents/${token2}`)).statusCode).toBe(404);
  });

  it('never outlives its consent, and dies when the consent expires (the injected clock)', async () => {
    const { token, share: made } = await madeShare({ consentDays: 5, days: 30 });
    expect(Date.parse(made.expires_at)).toBeLessThanOrEqual(clock + 5 * DAY);
    const start = clock;
    try {
      clock = start + 4 * DAY;
      expect((await anon(`/api/v1/shared-documents/${token}`)).statusCode).toBe(200);
      clock = start + 5 * DAY + 1000;
      expect((await anon(`/api/v1/shared-documents/${token}`)).statusCode).toBe(404);
    } finally {
      clock = start;
    }
  });

  it('dies at its own expiry and when staff revoke it', async () => {
    const a = await madeShare({ days: 2 });
    const start = clock;
    try {
      clock = start + 2 * DAY + 1000;
      expect((await anon(`/api/v1/shared-documents/${a.token}`)).statusCode).toBe(404);
    } finally {
      clock = start;
    }
    const b = await madeShare();
    expect((await anon(`/api/v1/shared-documents/${b.token}`)).statusCode).toBe(200);
    expect((await customer.delete(`/api/v1/tickets/${ticketId}/shares/${b.share.id}`)).statusCode).toBe(403);
    expect((await staff.delete(`/api/v1/tickets/${otherTicketId}/shares/${b.share.id}`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/v1/tickets/${ticketId}/shares/${b.share.id}`)).statusCode).toBe(204);
    expect((await anon(`/api/v1/shared-documents/${b.token}`)).statusCode).toBe(404);
  });

  it("holds only this ticket's documents; a deleted one is gone; a forged or altered token opens nothing", async () => {
    const recipient = 'docs@lender.example';
    await signedConsent(t, {
      customerId,
      kind: 'disclose',
      recipientEmail: recipient,
      expiresAt: new Date(clock + 90 * DAY),
    });
    const mine = await upload(customer, ticketId, 'mine.pdf');
    const theirs = await upload(other, otherTicketId, 'theirs.pdf');
    const refused = await share(staff, { document_ids: [mine.id, theirs.id], recipient_email: recipient });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(M.refusals.documentNotOnTicket);
    expect((await share(staff, { document_ids: [randomUUID()], recipient_email: recipient })).statusCode).toBe(422);

    const { token, doc } = await madeShare();
    const fileId = (await anon(`/api/v1/shared-documents/${token}`)).json().files[0].id as string;
    // Another ticket's file, or any vault id, through this link: 404.
    expect((await anon(`/api/v1/shared-documents/${token}/files/${theirs.id}`)).statusCode).toBe(404);
    expect((await anon(`/api/v1/shared-documents/${token}/files/${mine.id}`)).statusCode).toBe(404);
    const [id, exp, sig] = token.split('.') as [string, string, string];
    for (const forged of [
      `${id}.${Number(exp) + 86_400}.${sig}`,
      `${id}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${randomUUID().replace(/-/g, '')}.${exp}.${sig}`,
      'not-a-token',
    ])
      expect((await anon(`/api/v1/shared-documents/${encodeURIComponent(forged)}`)).statusCode, forged).toBe(404);

    // The client deletes the file from their vault: it is gone from the link.
    expect((await customer.delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    const page = await anon(`/api/v1/shared-documents/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().files).toEqual([]);
    expect((await anon(`/api/v1/shared-documents/${token}/files/${fileId}`)).statusCode).toBe(404);
  });

  it('is for staff: customers get 403 on sends and checks, another customer 404 on the list', async () => {
    const doc = await upload(customer, ticketId);
    expect((await share(customer, { document_ids: [doc.id], recipient_email: LENDER })).statusCode).toBe(403);
    expect(
      (await customer.get(`/api/v1/tickets/${ticketId}/shares/consent?recipient_email=${LENDER}`)).statusCode,
    ).toBe(403);
    expect((await other.get(`/api/v1/tickets/${ticketId}/shares`)).statusCode).toBe(404);
    expect((await customer.get(`/api/v1/tickets/${ticketId}/shares`)).statusCode).toBe(200);
  });

  it('answers hostile input with problem+json, never a 5xx', async () => {
    const doc = await upload(customer, ticketId);
    for (const body of [
      { document_ids: [doc.id], recipient_email: `lender\u202e@bank.example` },
      { document_ids: [doc.id], recipient_email: 'x\u0000@bank.example' },
      { document_ids: [doc.id], recipient_email: `${'😀'.repeat(300)}@bank.example` },
      { document_ids: [doc.id], recipient_email: '$&$1@bank.example', days: 0 },
      { document_ids: [doc.id], recipient_email: LENDER, days: 91 },
      { document_ids: [], recipient_email: LENDER },
      { document_ids: Array.from({ length: 21 }, () => doc.id), recipient_email: LENDER },
      { document_ids: ['$1$&'], recipient_email: LENDER },
    ]) {
      const res = await share(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await anon(`/api/v1/shared-documents/${'a'.repeat(301)}`)).statusCode).toBeLessThan(500);
    expect((await anon(`/api/v1/shared-documents/%E2%80%AEabc`)).statusCode).toBeLessThan(500);
  });
});
