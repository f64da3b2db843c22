import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningState } from '@taxportal/contract';
import { auditLog, documents, outbox, signatures, signingRequests } from '../platform/db/schema.ts';
import {
  createCustomer,
  createStaff,
  createTestApp,
  enrollTestTotp,
  signIn,
  totpCode,
  type Agent,
  type TestApp,
} from '../test/helper.ts';
import { SoftAuthenticator } from '../test/soft-authenticator.ts';
import { startTwilioFake, type TwilioFake } from '../test/twilio-fake.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { multipart, png } from '../test/upload-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { saveLanguage } from '../platform/users.ts';
import { retainedUntil } from './signing.repository.ts';

let t: TestApp;
let smtp: SmtpCapture;
let sms: TwilioFake;
let dataDir: string;
/** The customer's passkey (test/soft-authenticator.ts): confirms them as often as the tests need. */
let passkey: SoftAuthenticator;
let totpSecret: string;
let customer: Agent;
let other: Agent;
let staff: Agent;
let customerName: string;
const UA = 'Mozilla/5.0 (SigningTest) Chromium/130';

const base = (id: string) => `/api/v1/tickets/${id}/signing`;
const withUa = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': UA } });

async function readyTicket(body: Record<string, unknown> = {}) {
  const ticket = await openTicket(t, customer);
  await forceStatus(t, ticket.id, 'Ready For IRS Filing');
  const prepared = await staff.post(base(ticket.id), body);
  expect(prepared.statusCode, prepared.body).toBe(201);
  return { ticket, state: prepared.json() as SigningState };
}
/** The taxpayer's passkey answering the signing challenge (options for this ticket, bound to the signer). */
async function passkeyAnswer(agent: Agent, ticketId: string, key = passkey) {
  const options = await agent.post(`${base(ticketId)}/passkey-options`);
  expect(options.statusCode, options.body).toBe(200);
  return { signer: 'taxpayer', factor: 'passkey', response: key.authenticate(options.json()) };
}
async function confirm(agent: Agent, ticketId: string, body?: Record<string, unknown>) {
  const res = await agent.post(`${base(ticketId)}/confirm`, body ?? (await passkeyAnswer(agent, ticketId)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().confirmation as string;
}
const drawn = async () => `data:image/png;base64,${(await png(400, 120)).toString('base64')}`;
async function fileOf(agent: Agent, id: string): Promise<Buffer> {
  const res = await agent.get(`/api/v1/documents/${id}/file`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}
const pages = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-signing-${randomUUID()}`);
  smtp = await startSmtpCapture();
  sms = await startTwilioFake();
  t = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...sms.env });
  const c = await createCustomer(t, { full_name: 'Dana Taxpayer' });
  customerName = c.full_name;
  customer = await signIn(t, c.email);
  // Dana has a passkey and an authenticator app (enrolled after signing in: this session is already open).
  passkey = new SoftAuthenticator('portal.test', 'http://portal.test');
  const options = (await customer.post('/api/v1/auth/passkeys/register/options')).json();
  const added = await customer.post('/api/v1/auth/passkeys/register/verify', { response: passkey.register(options) });
  expect(added.statusCode, added.body).toBe(201);
  totpSecret = await enrollTestTotp(t, c);
  other = await signIn(t, (await createCustomer(t)).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the taxpayer signs Form 8879', () => {
  it('makes a signed PDF with one more page and an audit page naming signer, UTC time, IP and sha256', async () => {
    const { ticket, state } = await readyTicket();
    const notes = (await customer.get('/api/v1/notifications')).json().items as {
      ticket_id: string;
      title: string;
      kind: string;
    }[];
    expect(notes.find((n) => n.ticket_id === ticket.id && n.title.includes('Form 8879 is ready'))?.kind).toBe(
      'signing',
    );
    const unsigned = await fileOf(customer, state.request!.document_id);
    expect(createHash('sha256').update(unsigned).digest('hex')).toBe(state.request!.unsigned_sha256);
    expect(pdfText(unsigned)).toContain('Form 8879');
    expect(pdfText(unsigned)).toContain(customerName);

    const confirmation = await confirm(customer, ticket.id);
    const res = await withUa(customer, `${base(ticket.id)}/sign`, {
      signer: 'taxpayer',
      confirmation,
      signer_name: 'dana  taxpayer',
      method: 'drawn',
      signature_image: await drawn(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json() as SigningState;
    expect(after.request!.status).toBe('completed');
    const signer = after.request!.signers[0]!;
    expect(signer).toMatchObject({
      role: 'taxpayer',
      method: 'drawn',
      confirmation: 'passkey',
      confirmation_phone: null,
      stricter_check_off: false,
    });

    // Staff see who signed and when, and download the signed PDF through the vault's file route.
    const staffView = (await staff.get(base(ticket.id))).json() as SigningState;
    expect(staffView.request!.signers[0]!.signed_at).toBe(signer.signed_at);
    expect(staffView.request!.signers[0]!.ip).toBe('127.0.0.1');
    const signed = await fileOf(staff, staffView.request!.signed_document_id!);
    expect(await pages(signed)).toBe((await pages(unsigned)) + 1);
    const text = pdfText(signed);
    const signedAt = new Date(signer.signed_at!);
    expect(text).toContain('Electronic signature audit trail');
    // The name matched but for case and spacing: the audit page spells it as the form does.
    expect(text).toContain(`Taxpayer: ${customerName}`);
    expect(text).toContain(`Signed at (UTC): ${signedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`);
    expect(text).toContain('IP address: 127.0.0.1');
    expect(text).toContain(`User agent: ${UA}`);
    expect(text).toContain('Method: drawn signature');
    expect(text).toContain('Identity confirmed by: passkey (WebAuthn)');
    expect(text).toContain(state.request!.unsigned_sha256);

    const [doc] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, staffView.request!.signed_document_id!));
    expect(doc).toMatchObject({ kind: 'signed_8879', visibility: 'private', ticket_id: ticket.id });
    // Kept 3 years: the retention date is stored, and deletion is refused (a signed record: 409).
    const until = await retainedUntil(t.database.db, doc!.id);
    expect(until!.getUTCFullYear()).toBe(signedAt.getUTCFullYear() + 3);
    expect((await staff.delete(`/api/v1/documents/${doc!.id}`)).statusCode).toBe(409);
    expect((await t.database.db.select().from(documents).where(eq(documents.id, doc!.id))).length).toBe(1);

    // A second signature by the same signer is a conflict.
    const again = await withUa(customer, `${base(ticket.id)}/sign`, {
      signer: 'taxpayer',
      confirmation,
      signer_name: customerName,
      method: 'typed',
      typed_signature: customerName,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await customer.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code: '123456' }))
        .statusCode,
    ).toBe(409);
  });

  it('asks for the signature once signing opens, and waits on the customer only until they have signed', async () => {
    const ticket = await openTicket(t, customer);
    expect((await staff.post(base(ticket.id), {})).statusCode).toBe(201);
    const titles = async () =>
      ((await customer.get('/api/v1/notifications')).json().items as { ticket_id: string; title: string }[])
        .filter((n) => n.ticket_id === ticket.id)
        .map((n) => n.title);
    // Prepared while signing is not open yet: nothing asks the customer to sign what they cannot.
    expect(await titles()).toEqual([]);
    await forceStatus(t, ticket.id, 'Payment Collected');
    const reviewer = await signIn(t, (await createStaff(t, 'Reviewer')).email);
    const moved = await reviewer.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Ready For IRS Filing' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await titles()).toEqual([`${ticket.name} is now: Sign your Form 8879`]);
    const view = async () => (await customer.get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(await view()).toMatchObject({ status_label: 'Sign your Form 8879', status_category: 'waiting_on_customer' });
    const waiting = async () =>
      ((await customer.get('/api/v1/dashboard')).json().waiting_on_you as { id: string }[]).some(
        (w) => w.id === ticket.id,
      );
    expect(await waiting()).toBe(true);

    const signed = await withUa(customer, `${base(ticket.id)}/sign`, {
      signer: 'taxpayer',
      confirmation: await confirm(customer, ticket.id),
      signer_name: customerName.toLowerCase(),
      method: 'typed',
      // Typed in odd case and spacing: signed as the form spells the name (an outside tester's find).
      typed_signature: `  ${customerName.toUpperCase().split(' ').join('   ')} `,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const signedText = pdfText(await fileOf(customer, (signed.json() as SigningState).request!.signed_document_id!));
    expect(signedText).toContain(`Taxpayer: ${customerName}`);
    expect(signedText).not.toContain(customerName.toUpperCase());
    expect(signedText).not.toContain(customerName.toLowerCase());
    // Signed (and paid): the firm's turn to file; nothing waits on the customer any more.
    expect(await view()).toMatchObject({ status_label: 'Ready to file', status_category: 'open' });
    expect(await waiting()).toBe(false);
    expect((await reviewer.get(`/api/v1/tickets/${ticket.id}`)).json().status_label).toBe('Ready For IRS Filing');
  });

  it('refuses signing unless the ticket is Ready For IRS Filing, and another customer or staff', async () => {
    const ticket = await openTicket(t, customer);
    expect((await staff.post(base(ticket.id), {})).statusCode).toBe(201);
    const tryConfirm = (a: Agent) =>
      a.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', factor: 'totp', code: '123456' });
    expect((await tryConfirm(customer)).statusCode).toBe(409);
    await forceStatus(t, ticket.id, 'Ready For IRS Filing');
    const confirmation = await confirm(customer, ticket.id);
    await forceStatus(t, ticket.id, 'Payment Collected');
    const body = {
      signer: 'taxpayer',
      confirmation,
      signer_name: customerName,
      method: 'typed',
      typed_signature: customerName,
    };
    expect((await customer.post(`${base(ticket.id)}/sign`, body)).statusCode).toBe(409);
    await forceStatus(t, ticket.id, 'Ready For IRS Filing');
    expect((await other.post(`${base(ticket.id)}/sign`, body)).statusCode).toBe(404);
    expect((await tryConfirm(other)).statusCode).toBe(404);
    expect((await other.get(base(ticket.id))).statusCode).toBe(404);
    expect((await other.post(`${base(ticket.id)}/passkey-options`)).statusCode).toBe(404);
    expect((await other.post(`${base(ticket.id)}/sms-code`)).statusCode).toBe(404);
    expect((await staff.post(`${base(ticket.id)}/passkey-options`)).statusCode).toBe(403);
    expect((await staff.post(`${base(ticket.id)}/sign`, body)).statusCode).toBe(403);
    expect((await customer.post(base(ticket.id), {})).statusCode).toBe(403);
    expect((await other.post(base(ticket.id), {})).statusCode).toBe(403);
    const [req] = await t.database.db.select().from(signingRequests).where(eq(signingRequests.ticket_id, ticket.id));
    expect(
      await t.database.db.select().from(signatures).where(eq(signatures.signing_request_id, req!.id)),
    ).toHaveLength(0);
    const ok = await customer.post(`${base(ticket.id)}/sign`, body);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('counts a wrong code (422) and locks after five, even for the right factor; bad name and drawing are 422', async () => {
    const { ticket } = await readyTicket();
    // A code of no step near now: wrong, whatever the clock.
    const now = Math.floor(Date.now() / 1000);
    const near = new Set([-1, 0, 1].map((k) => totpCode(totpSecret, now + k * 30)));
    let wrongCode = '000000';
    while (near.has(wrongCode)) wrongCode = String(Number(wrongCode) + 1).padStart(6, '0');
    const attempts: [Record<string, unknown>, string][] = [
      [{ factor: 'totp', code: wrongCode }, 'code'],
      [{ factor: 'totp', code: 'aaaaa-bbbbb' }, 'code'],
      [{ factor: 'totp', code: wrongCode }, 'code'],
      [{ factor: 'totp', code: wrongCode }, 'code'],
    ];
    for (const [b, field] of attempts) {
      const res = await customer.post(`${base(ticket.id)}/confirm`, { signer: 'taxpayer', ...b });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].field).toBe(field);
    }
    // Another person's passkey answering Dana's challenge is a wrong answer too (the fifth).
    const stranger = new SoftAuthenticator('portal.test', 'http://portal.test');
    const foreign = await customer.post(
      `${base(ticket.id)}/confirm`,
      await passkeyAnswer(customer, ticket.id, stranger),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].field).toBe('response');
    const [row] = await t.database.db.select().from(signingRequests).where(eq(signingRequests.ticket_id, ticket.id));
    expect(row!.taxpayer_failures).toBe(5);
    // Locked: the right passkey no longer helps, and no options are handed out.
    expect((await customer.post(`${base(ticket.id)}/passkey-options`)).statusCode).toBe(429);
    const locked = await customer.post(`${base(ticket.id)}/confirm`, {
      signer: 'taxpayer',
      factor: 'totp',
      code: totpCode(totpSecret),
    });
    expect(locked.statusCode).toBe(429);

    const fresh = await readyTicket();
    const id = fresh.ticket.id;
    const confirmation = await confirm(customer, id);
    const sign = (b: Record<string, unknown>) =>
      customer.post(`${base(id)}/sign`, {
        signer: 'taxpayer',
        confirmation,
        signer_name: customerName,
        method: 'typed',
        typed_signature: 'D.T.',
        ...b,
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ confirmation: `${Date.now() + 60_000}.deadbeef` }, 'confirmation'],
      [{ signer_name: 'Someone Else' }, 'signer_name'],
      [{ method: 'drawn', typed_signature: undefined, signature_image: 'data:image/png;base64,AAAA' }, 'signature'],
      [{ method: 'drawn', typed_signature: undefined }, 'signature'],
      [
        {
          method: 'drawn',
          typed_signature: undefined,
          signature_image: `data:image/png;base64,${Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(200, 7)]).toString('base64')}`,
        },
        'signature',
      ],
      [{ signer: 'spouse' }, 'signer'],
    ];
    for (const [b, field] of cases) {
      const res = await sign(b);
      expect(res.statusCode, JSON.stringify(b)).toBe(422);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect(
      (await t.database.db.select().from(signatures)).filter((s) => s.signer_name === 'Someone Else'),
    ).toHaveLength(0);
    const ok = await sign({});
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a joint return', () => {
  it('the spouse confirms with a single-use code texted to their phone; the final PDF lists both signers', async () => {
    const spousePhone = '+12025550147';
    const { ticket, state } = await readyTicket({
      joint: true,
      spouse_name: 'Sam Spouse',
      spouse_email: 'sam.spouse@example.test',
      spouse_phone: '(202) 555-0147',
    });
    expect(state.request!.signers.map((s) => s.role)).toEqual(['taxpayer', 'spouse']);
    const [stored] = await t.database.db.select().from(signingRequests).where(eq(signingRequests.ticket_id, ticket.id));
    expect(stored!.spouse_phone).toBe(spousePhone);
    const unsigned = await fileOf(customer, state.request!.document_id);
    expect(pdfText(unsigned)).toContain('Sam Spouse');
    const mine = (await customer.get(base(ticket.id))).json() as SigningState;
    expect(mine.factors).toMatchObject({ strict: true, spouse: ['sms_code'], spouse_phone: '••••0147' });
    expect(mine.factors!.taxpayer).toEqual(['passkey', 'totp']);
    expect(((await staff.get(base(ticket.id))).json() as SigningState).factors).toBeNull();

    const t1 = await confirm(customer, ticket.id);
    const first = await withUa(customer, `${base(ticket.id)}/sign`, {
      signer: 'taxpayer',
      confirmation: t1,
      signer_name: customerName,
      method: 'typed',
      typed_signature: customerName,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().request.status).toBe('pending');

    // Only the ticket's customer may have the spouse's code sent.
    expect((await other.post(`${base(ticket.id)}/spouse-code`)).statusCode).toBe(404);
    expect((await staff.post(`${base(ticket.id)}/spouse-code`)).statusCode).toBe(403);
    const before = sms.messages.length;
    const sent = await customer.post(`${base(ticket.id)}/spouse-code`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sent_to: '••••0147', channel: 'sms' });
    const text = await sms.waitFor(spousePhone, before);
    expect(text.body).toContain('Form 8879');
    const code = /\b(\d{6})\b/.exec(text.body)![1]!;
    // The code reaches the spouse's phone only: not the outbox, not the log of the request, not the audit log.
    expect(JSON.stringify(await t.database.db.select().from(outbox))).not.toContain(`code: ${code}`);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, ticket.id));
    expect(JSON.stringify(entries)).not.toContain(code);
    const wrong = await customer.post(`${base(ticket.id)}/confirm`, {
      signer: 'spouse',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].field).toBe('code');
    const t2 = await confirm(customer, ticket.id, { signer: 'spouse', code });
    // Single use: sent again it confirms nothing ("already confirmed", 409, not counted as a failure).
    expect((await customer.post(`${base(ticket.id)}/confirm`, { signer: 'spouse', code })).statusCode).toBe(409);
    // The taxpayer's confirmation does not sign for the spouse.
    const crossed = await customer.post(`${base(ticket.id)}/sign`, {
      signer: 'spouse',
      confirmation: t1,
      signer_name: 'Sam Spouse',
      method: 'typed',
      typed_signature: 'Sam Spouse',
    });
    expect(crossed.statusCode).toBe(422);
    const second = await withUa(customer, `${base(ticket.id)}/sign`, {
      signer: 'spouse',
      confirmation: t2,
      signer_name: 'Sam Spouse',
      method: 'drawn',
      signature_image: await drawn(),
    });
    expect(second.statusCode, second.body).toBe(201);
    const done = second.json() as SigningState;
    expect(done.request!.status).toBe('completed');
    expect(done.request!.signers.every((s) => s.signed_at)).toBe(true);
    expect(done.request!.signers[1]).toMatchObject({ confirmation: 'sms_code', confirmation_phone: '••••0147' });

    const signed = await fileOf(staff, done.request!.signed_document_id!);
    expect(await pages(signed)).toBe((await pages(unsigned)) + 1);
    const pdf = pdfText(signed).replace(/\x95/g, '•');
    expect(pdf).toContain(`Taxpayer: ${customerName}`);
    expect(pdf).toContain('Spouse: Sam Spouse');
    expect(pdf).toContain('Identity confirmed by: passkey (WebAuthn)');
    expect(pdf).toContain('Identity confirmed by: SMS code to ••••0147');
    const signedEntry = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, ticket.id))).filter(
      (e) => e.action === 'signing.signed',
    );
    expect(signedEntry.map((e) => e.meta)).toEqual([
      expect.objectContaining({ signer: 'taxpayer', factor: 'passkey', stricter_check_off: false }),
      expect.objectContaining({ signer: 'spouse', factor: 'sms_code', phone_last4: '0147' }),
    ]);
    // The taxpayer's own signed version stays, kept too.
    const taxpayerDoc = done.request!.signers[0]!.signed_document_id!;
    expect(taxpayerDoc).not.toBe(done.request!.signed_document_id);
    expect(await retainedUntil(t.database.db, taxpayerDoc)).not.toBeNull();
  });

  it('a joint return needs the spouse name, e-mail and phone; a single return has no spouse code', async () => {
    const ticket = await openTicket(t, customer);
    const res = await staff.post(base(ticket.id), { joint: true, spouse_name: 'Sam' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('spouse_email');
    const noPhone = await staff.post(base(ticket.id), {
      joint: true,
      spouse_name: 'Sam',
      spouse_email: 's@example.test',
    });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors[0].field).toBe('spouse_phone');
    const badPhone = await staff.post(base(ticket.id), {
      joint: true,
      spouse_name: 'Sam',
      spouse_email: 's@example.test',
      spouse_phone: '12345',
    });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors[0].field).toBe('spouse_phone');
    expect(await t.database.db.select().from(signingRequests).where(eq(signingRequests.ticket_id, ticket.id))).toEqual(
      [],
    );
    const { ticket: single } = await readyTicket();
    expect((await customer.post(`${base(single.id)}/spouse-code`)).statusCode).toBe(422);
  });
});

describe("the firm's own PDF", () => {
  it('uploads a PDF form, signs it with a stamp, one page more; replacing works until someone signs', async () => {
    const ticket = await openTicket(t, customer);
    const firm = await PDFDocument.create();
    firm.addPage([612, 792]);
    firm.addPage([612, 792]);
    const firmPdf = Buffer.from(await firm.save());
    const up = (fields: Record<string, string>, data = firmPdf) =>
      staff.request({
        method: 'POST',
        url: `${base(ticket.id)}/upload`,
        ...multipart(fields, [{ name: '8879.pdf', data }]),
      });
    expect((await up({}, await png())).statusCode).toBe(415);
    // Customers never replace the firm's form: their own ticket's (403) or another's (404, not told it exists).
    for (const [who, code] of [
      [customer, 403],
      [other, 403],
    ] as const) {
      const refused = await who.request({
        method: 'POST',
        url: `${base(ticket.id)}/upload`,
        ...multipart({}, [{ name: '8879.pdf', data: firmPdf }]),
      });
      expect(refused.statusCode).toBe(code);
    }
    expect(await t.database.db.select().from(signingRequests).where(eq(signingRequests.ticket_id, ticket.id))).toEqual(
      [],
    );
    const first = await up({});
    expect(first.statusCode, first.body).toBe(201);
    const second = await up({ joint: 'false' });
    expect(second.statusCode).toBe(201);
    const state = second.json() as SigningState;
    expect(state.request!.source).toBe('uploaded');
    expect(state.request!.id).not.toBe(first.json().request.id);
    const replaced = await t.database.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.id, first.json().request.id));
    expect(replaced[0]!.status).toBe('replaced');

    await forceStatus(t, ticket.id, 'Ready For IRS Filing');
    const confirmation = await confirm(customer, ticket.id);
    const res = await customer.post(`${base(ticket.id)}/sign`, {
      signer: 'taxpayer',
      confirmation,
      signer_name: customerName,
      method: 'typed',
      typed_signature: customerName,
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = await fileOf(customer, res.json().request.signed_document_id);
    expect(await pages(signed)).toBe(3);
    expect(pdfText(signed)).toContain("Taxpayer's signature (Form 8879)");
    // The unsigned form stays with its signatures: the vault refuses to delete it.
    expect((await staff.delete(`/api/v1/documents/${state.request!.document_id}`)).statusCode).toBe(409);
    expect((await up({})).statusCode).toBe(409);
    expect((await staff.post(base(ticket.id), {})).statusCode).toBe(409);
  });
});

describe('preparing the form again', () => {
  it('leaves one Form 8879 PDF on the ticket: the replaced one is deleted, row, stored file and all', async () => {
    const { ticket, state: first } = await readyTicket();
    const firstId = first.request!.document_id;
    const [firstRow] = await t.database.db.select().from(documents).where(eq(documents.id, firstId));
    const storedFile = path.join(dataDir, 'files', firstRow!.storage_key.slice(0, 2), firstRow!.storage_key);
    expect(fs.existsSync(storedFile)).toBe(true);

    const again = await staff.post(base(ticket.id), {});
    expect(again.statusCode, again.body).toBe(201);
    const current = (again.json() as SigningState).request!;
    expect(current.document_id).not.toBe(firstId);
    // The ticket's documents, as the customer and as staff see them: one 8879, the current one.
    for (const who of [customer, staff]) {
      const list = await who.get(`/api/v1/documents?ticket_id=${ticket.id}&limit=50`);
      expect(list.statusCode, list.body).toBe(200);
      const forms = (list.json().items as { id: string; file_name: string }[]).filter((d) =>
        d.file_name.startsWith('Form-8879'),
      );
      expect(forms.map((d) => d.id)).toEqual([current.document_id]);
      expect((await who.get(`/api/v1/documents/${firstId}/file`)).statusCode).toBe(404);
    }
    // The replaced request stays as history without its PDF; the row and the stored file are gone.
    const [replaced] = await t.database.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.id, first.request!.id));
    expect(replaced).toMatchObject({ status: 'replaced', document_id: null });
    expect(await t.database.db.select().from(documents).where(eq(documents.id, firstId))).toEqual([]);
    expect(fs.existsSync(storedFile)).toBe(false);
    const deleted = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, firstId))).filter(
      (e) => e.action === 'document.delete',
    );
    expect(deleted.map((e) => e.meta)).toEqual([expect.objectContaining({ reason: 'signing.replaced' })]);
    expect((await customer.get(base(ticket.id))).json().request.document_id).toBe(current.document_id);
  });
});

describe("the firm's name on the form", () => {
  it('asks a customer who chose Spanish for their signature in Spanish: the notification and the e-mail', async () => {
    const c = await createCustomer(t, { full_name: 'Sofía Contribuyente' });
    await saveLanguage(t.database.db, c.id, 'es');
    const agent = await signIn(t, c.email);
    const ticket = await openTicket(t, agent);
    await forceStatus(t, ticket.id, 'Ready For IRS Filing');
    expect((await staff.post(base(ticket.id), {})).statusCode).toBe(201);
    const title = `${ticket.name}: el Formulario 8879 está listo para su firma`;
    const notes = (await agent.get('/api/v1/notifications')).json().items as { kind: string; title: string }[];
    expect(notes.find((n) => n.kind === 'signing')).toMatchObject({ title });
    const mail = await smtp.waitFor(c.email, /Formulario 8879/);
    // The subject as sent (the SMTP capture's decoding splits encoded words with a space).
    const [stored] = await t.database.db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(stored!.subject).toBe(title);
    expect(mail.text).toContain('Hola, Sofía Contribuyente:\n\n');
    expect(mail.text).toContain(
      `Su autorización de firma electrónica del IRS (Formulario 8879) para el año tributario ${ticket.year} está lista.`,
    );
    expect(mail.text).toContain(`revisarla y firmarla:\nhttp://portal.test/form/message/${ticket.name}`);
    expect(mail.text).not.toMatch(/Hello|e-file authorisation|Open the ticket/);
  });

  it('is the name its website publishes, in the form and its texted codes (issue 29: "Tax Portal" was)', async () => {
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const saved = await admin.put('/api/v1/admin/site/settings', {
      data: { ...(await admin.get('/api/v1/site')).json().settings, firm_name: 'Harbor Tax & Accounting' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
    const { state } = await readyTicket();
    const text = pdfText(await fileOf(customer, state.request!.document_id));
    expect(text).toContain('Harbor Tax & Accounting');
    expect(text).not.toContain('Tax Portal');
  });

  it('prints a name in Cyrillic, Greek or with accents as typed: the form, its "Prepared by", the audit page', async () => {
    const firm = 'Налоговая Ωμέγα Ñandú';
    const spouse = 'Σοφία Ñúñez-Ковалёва';
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const saved = await admin.put('/api/v1/admin/site/settings', {
      data: { ...(await admin.get('/api/v1/site')).json().settings, firm_name: firm },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
    const spousePhone = '+12025550148';
    const { ticket, state } = await readyTicket({
      joint: true,
      spouse_name: spouse,
      spouse_email: 'sofia@example.test',
      spouse_phone: spousePhone,
    });
    const unsigned = await fileOf(customer, state.request!.document_id);
    const form = pdfText(unsigned);
    expect(form).toContain(firm);
    expect(form).toContain(`Prepared by ${firm} on `);
    expect(form).toContain(spouse);
    expect(form).not.toContain('?');
    // The document's information is Unicode too.
    const info = await PDFDocument.load(unsigned);
    expect(info.getAuthor()).toBe(firm);
    expect(info.getTitle()).toContain(customerName);

    // The spouse signs (first: the order is free; one confirmation, this file is near the route's rate limit).
    const before = sms.messages.length;
    expect((await customer.post(`${base(ticket.id)}/spouse-code`)).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await sms.waitFor(spousePhone, before)).body)![1]!;
    const done = await customer.post(`${base(ticket.id)}/sign`, {
      signer: 'spouse',
      confirmation: await confirm(customer, ticket.id, { signer: 'spouse', code }),
      signer_name: spouse,
      method: 'typed',
      // A letter DejaVu has no glyph for (CJK) is the one "?" left.
      typed_signature: `${spouse} 王`,
    });
    expect(done.statusCode, done.body).toBe(201);
    const signed = pdfText(await fileOf(staff, (done.json() as SigningState).request!.signed_document_id!));
    expect(signed).toContain(`Prepared by ${firm} on `);
    expect(signed).toContain(`ticket ${ticket.name}, ${firm}`);
    // The typed signature, the line under it and the audit page's signer.
    expect(signed).toContain(`${spouse} ?`);
    expect(signed).toContain(`Signed electronically by ${spouse} - `);
    expect(signed).toContain(`Spouse: ${spouse}`);
    expect(signed).toContain('Identity confirmed by: SMS code to ••••0148');
  });
});
