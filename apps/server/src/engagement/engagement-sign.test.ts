import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES as M, type Letter } from '@taxportal/contract';
import { auditLog, documents, engagementLetterSigners } from '../platform/db/schema.ts';
import { createTestApp, type Agent, type TestApp } from '../test/helper.ts';
import { pdfText } from '../test/pdf-text.ts';
import { embedFonts } from '../signing/index.ts';
import { openTicket, pickService } from '../test/ticket-fixtures.ts';
import {
  clientWithLetter,
  confirmAndSign,
  jointLetter,
  LETTERS,
  people,
  sendLetter,
  TEMPLATES,
  withTotp,
} from './engagement.fixtures.ts';
import { typedLines } from './engagement.pdf.ts';

/**
 * Signing a letter with Form 8879's machinery (docs/decisions/0036): the signer's own factor, the typed name, the
 * signature; a joint letter's spouse signs their own part; the signed PDF with its certificate page on the ticket.
 */
let t: TestApp;
let admin: Agent;
let preparer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
}, 120_000);
afterAll(async () => t.close());

const UA = { 'user-agent': 'EngagementTest/1.0 (Phone)' };

describe('signing', () => {
  it('signs with TOTP and a typed signature; stores the signed PDF with its certificate page on the ticket', async () => {
    const { client, ticket, letter } = await clientWithLetter(t, preparer, admin, 'Sid Signer');
    const confirmed = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, {
      factor: 'totp',
      code: client.code(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { confirmation } = confirmed.json() as { confirmation: string };
    const res = await client.agent.request({
      method: 'POST',
      url: `${LETTERS}/${letter.id}/sign`,
      headers: UA,
      payload: { confirmation, signer_name: '  sid   SIGNER ', method: 'typed', typed_signature: 'Sid Signer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = res.json() as Letter;
    expect(signed).toMatchObject({ state: 'signed', signs_as: null, factors: null });
    expect(signed.signers).toEqual([
      expect.objectContaining({
        role: 'taxpayer',
        name: 'Sid Signer',
        factor: 'totp',
        method: 'typed',
        ip: '127.0.0.1',
      }),
    ]);
    // Never opened before: signing it implies reading it (viewed_at set, audited as viewed).
    expect(letter.viewed_at).toBeNull();
    expect(signed.viewed_at).not.toBeNull();
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, signed.signed_document_id!));
    expect(doc).toMatchObject({ ticket_id: ticket.id, kind: 'engagement_letter', customer_id: client.id });
    const file = await client.agent.get(`/api/v1/documents/${doc!.id}/file`);
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload, ' ');
    expect(text).toContain('Dear Sid Signer,');
    expect(text).toContain('Certificate of signature');
    expect(text).toContain('Client: Sid Signer');
    expect(text).toContain(`Document SHA-256: ${letter.sha256}`);
    expect(text).toContain('IP address: 127.0.0.1');
    expect(text).toContain('EngagementTest/1.0 (Phone)');
    expect(text).toMatch(/Identity confirmed by: .*authenticator/i);
    expect(text).toMatch(/Signed: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    // Staff see where it was signed from; the signature's image is not kept once in the PDF.
    const staffView = (await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(staffView.signers[0]!.ip).toBe('127.0.0.1');
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, letter.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['engagement.confirmed', 'engagement.viewed', 'engagement.signed']));
    // Signed: nothing more to sign, decline or void (409).
    expect((await client.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'late' })).statusCode).toBe(409);
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(409);
  });

  it('takes a drawn signature (PNG), and refuses one that is not', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Dora Drawn');
    const confirmed = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, {
      factor: 'totp',
      code: client.code(),
    });
    const { confirmation } = confirmed.json() as { confirmation: string };
    const sign = (image: string) =>
      client.agent.post(`${LETTERS}/${letter.id}/sign`, {
        confirmation,
        signer_name: 'Dora Drawn',
        method: 'drawn',
        signature_image: image,
      });
    expect((await sign('data:image/png;base64,AAAA')).statusCode).toBe(422);
    const res = await sign(`data:image/png;base64,${TINY_PNG}`);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Letter).signers[0]!.method).toBe('drawn');
  });

  it('refuses: staff (403), a wrong name (422), a confirmation of another letter (422); counts wrong codes and locks at 5', async () => {
    const a = await clientWithLetter(t, preparer, admin, 'Ana Refused');
    const b = await clientWithLetter(t, preparer, admin, 'Ben Other');
    expect(
      (await preparer.post(`${LETTERS}/${a.letter.id}/confirm`, { factor: 'totp', code: '123456' })).statusCode,
    ).toBe(403);
    expect(
      (
        await preparer.post(`${LETTERS}/${a.letter.id}/sign`, {
          confirmation: 'x',
          signer_name: 'Ana Refused',
          method: 'typed',
          typed_signature: 'A',
        })
      ).statusCode,
    ).toBe(403);
    const confirmed = await a.client.agent.post(`${LETTERS}/${a.letter.id}/confirm`, {
      factor: 'totp',
      code: a.client.code(),
    });
    const { confirmation } = confirmed.json() as { confirmation: string };
    const wrongName = await a.client.agent.post(`${LETTERS}/${a.letter.id}/sign`, {
      confirmation,
      signer_name: 'Someone Else',
      method: 'typed',
      typed_signature: 'S',
    });
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json().errors[0].field).toBe('signer_name');
    // B's letter with A's confirmation: not A's letter (404); B with A's token: invalid (422).
    const foreign = await b.client.agent.post(`${LETTERS}/${b.letter.id}/sign`, {
      confirmation,
      signer_name: 'Ben Other',
      method: 'typed',
      typed_signature: 'B',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].field).toBe('confirmation');
    for (let i = 0; i < 5; i++) {
      const wrong = await b.client.agent.post(`${LETTERS}/${b.letter.id}/confirm`, { factor: 'totp', code: '000000' });
      expect(wrong.statusCode).toBe(422);
    }
    expect(
      (await b.client.agent.post(`${LETTERS}/${b.letter.id}/confirm`, { factor: 'totp', code: b.client.code() }))
        .statusCode,
    ).toBe(429);
    const [row] = await t.database.db
      .select()
      .from(engagementLetterSigners)
      .where(eq(engagementLetterSigners.letter_id, b.letter.id));
    expect(row!.failures).toBe(5);
    // A factor the person lacks is refused uncounted (422 on the field); the password while the check is on too.
    expect(
      (await a.client.agent.post(`${LETTERS}/${a.letter.id}/confirm`, { factor: 'sms_code', code: '123456' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await a.client.agent.post(`${LETTERS}/${a.letter.id}/confirm`, { factor: 'password', password: 'x' }))
        .statusCode,
    ).toBe(422);
  });

  it('refuses signing a letter voided after the confirmation (409)', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Vince Late');
    const confirmed = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, {
      factor: 'totp',
      code: client.code(),
    });
    const { confirmation } = confirmed.json() as { confirmation: string };
    expect((await preparer.post(`${LETTERS}/${letter.id}/void`)).statusCode).toBe(200);
    const res = await client.agent.post(`${LETTERS}/${letter.id}/sign`, {
      confirmation,
      signer_name: 'Vince Late',
      method: 'typed',
      typed_signature: 'V',
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('the typed signature and the signed PDF (issue 33 findings)', () => {
  it('refuses a typed signature that is not the signer’s name (422 on typed_signature)', async () => {
    const { client, letter } = await clientWithLetter(t, preparer, admin, 'Priya Raman');
    const confirmed = await client.agent.post(`${LETTERS}/${letter.id}/confirm`, {
      factor: 'totp',
      code: client.code(),
    });
    const { confirmation } = confirmed.json() as { confirmation: string };
    const sign = (typed: string) =>
      client.agent.post(`${LETTERS}/${letter.id}/sign`, {
        confirmation,
        signer_name: 'Priya Raman',
        method: 'typed',
        typed_signature: typed,
      });
    const other = await sign('Someone Else');
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors[0]).toMatchObject({
      field: 'typed_signature',
      message: 'Type your full name as your signature, as it appears on the letter.',
    });
    // The same rule as the typed name: case and spacing aside, it is the name.
    const ok = await sign('  priya   RAMAN ');
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('keeps the letter’s structure and the page’s characters in the PDF, and a long typed name on the page', async () => {
    const { service_type_id } = await pickService(t);
    const tpl = await admin.post(TEMPLATES, {
      name: 'Structured letter',
      service_type_id,
      is_default: false,
      body:
        '<h2>Our engagement</h2><p>Dear {{client_names}},</p><p>We will:</p><ul><li><p>File your return</p></li>' +
        '<li><p>Answer &amp;#x202E; questions 🧾</p></li></ul>{{services}}<p>Kind regards</p>',
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const name = `Bartholomew ${'Montgomery-'.repeat(8)}Fitzgerald`;
    const client = await withTotp(t, name);
    const ticket = await openTicket(t, client.agent);
    const letter = await sendLetter(preparer, ticket.id, { template_id: (tpl.json() as { id: string }).id });
    const res = await confirmAndSign(client.agent, letter.id, client.code(), name);
    expect(res.statusCode, res.body).toBe(201);
    const file = await client.agent.get(`/api/v1/documents/${(res.json() as Letter).signed_document_id}/file`);
    const lines = pdfText(file.rawPayload, '\n').split('\n');
    expect(lines).toContain('Our engagement');
    expect(lines).toContain('We will:');
    expect(lines).toContain('• File your return');
    // The literal text the page shows ("&#x202E;"), and a character the font lacks as a visible "?".
    expect(lines).toContain('• Answer &#x202E; questions ?');
    expect(lines.some((l) => /^\S.* \.{3,} \$\d/.test(l))).toBe(true);
    expect(lines.some((l) => /^Total \.{3,} \$/.test(l))).toBe(true);
  });

  it('shrinks and wraps a long typed signature to the column', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const fonts = await embedFonts(doc);
    const script = await fonts.script();
    const short = typedLines('Ana Díaz', script, 468);
    expect(short).toEqual({ size: 20, lines: ['Ana Díaz'] });
    const long = typedLines(`Bartholomew ${'Montgomery-'.repeat(15)}Fitzgerald`, script, 468);
    expect(long.size).toBeLessThan(20);
    for (const line of long.lines) expect(script.widthOfTextAtSize(line, long.size)).toBeLessThanOrEqual(468);
  });
});

describe('a joint letter', () => {
  it('is signed when both spouses have, each with their own account; neither signs the other’s part', async () => {
    const { taxpayer, spouse, letter } = await jointLetter(t, preparer, admin);
    expect(letter.joint).toBe(true);
    expect(letter.signers.map((s) => s.role)).toEqual(['taxpayer', 'spouse']);
    const spouseView = (await spouse.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(spouseView.signs_as).toBe('spouse');
    const first = await confirmAndSign(taxpayer.agent, letter.id, taxpayer.code(), taxpayer.full_name);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ state: 'viewed', signed_document_id: null });
    // Again: the taxpayer has signed their part; their confirmation cannot sign the spouse's.
    expect(
      (await taxpayer.agent.post(`${LETTERS}/${letter.id}/confirm`, { factor: 'totp', code: taxpayer.code() }))
        .statusCode,
    ).toBe(409);
    // Having signed their part, the taxpayer cannot decline the letter (409); the letter is unchanged.
    const decline = await taxpayer.agent.post(`${LETTERS}/${letter.id}/decline`, { reason: 'changed my mind' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().detail).toBe(M.alreadySigned);
    expect(((await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter).state).toBe('viewed');
    const second = await confirmAndSign(spouse.agent, letter.id, spouse.code(), spouse.full_name);
    expect(second.statusCode, second.body).toBe(201);
    const done = second.json() as Letter;
    expect(done.state).toBe('signed');
    const file = await taxpayer.agent.get(`/api/v1/documents/${done.signed_document_id}/file`);
    const text = pdfText(file.rawPayload, ' ');
    expect(text).toContain('Client: Terry Joint');
    expect(text).toContain('Spouse: Sasha Joint');
    // Each sees where their own part was signed from; not the other spouse's (staff see both).
    const mine = (await taxpayer.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(mine.signers.map((s) => s.ip)).toEqual(['127.0.0.1', null]);
    const theirs = (await spouse.agent.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(theirs.signers.map((s) => s.ip)).toEqual([null, '127.0.0.1']);
    const staffView = (await preparer.get(`${LETTERS}/${letter.id}`)).json() as Letter;
    expect(staffView.signers.map((s) => s.ip)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

/** A 1×1 PNG. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
