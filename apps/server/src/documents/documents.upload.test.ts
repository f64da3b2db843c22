import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MESSAGES, UPLOAD_MESSAGES } from '@taxportal/contract';
import { auditLog, documents, documentTypes } from '../platform/db/schema.ts';
import { textsIn } from '../platform/i18n.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { jpegWithGps, multipart, pdf, pdfOfSize, png, type Upload } from '../test/upload-fixtures.ts';

let t: TestApp;
let dataDir: string;
let customer: Agent;
let other: Agent;
let staff: Agent;
let customerId: string;
let ticketId: string;
let otherTicketId: string;
let typeId: string;

const filesDir = () => path.join(dataDir, 'files');
/** Every stored object on disk (final and unfinished). */
function storedFiles(): string[] {
  if (!fs.existsSync(filesDir())) return [];
  return fs.readdirSync(filesDir()).flatMap((shard) => fs.readdirSync(path.join(filesDir(), shard)));
}
const rowCount = async () => (await t.database.db.select({ id: documents.id }).from(documents)).length;

const upload = (agent: Agent, files: Upload[], fields: Record<string, string> = {}) =>
  agent.request({
    method: 'POST',
    url: '/api/v1/documents',
    ...multipart({ document_type: typeId, ...fields }, files),
  });

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `tp-docs-${randomUUID()}`);
  t = await createTestApp({ DATA_DIR: dataDir });
  const c = await createCustomer(t);
  customerId = c.id;
  customer = await signIn(t, c.email);
  other = await signIn(t, (await createCustomer(t)).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  ticketId = (await openTicket(t, customer)).id;
  otherTicketId = (await openTicket(t, other)).id;
  const [dt] = await t.database.db.select().from(documentTypes).limit(1);
  typeId = dt!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a good upload', () => {
  it('stores a photo encrypted, gives back the same bytes and a thumbnail without EXIF or GPS', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(customer, [{ name: 'w2 photo.jpg', data: photo, type: 'image/jpeg' }], {
      ticket_id: ticketId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = res.json().items;
    expect(doc).toMatchObject({
      customer_id: customerId,
      ticket_id: ticketId,
      kind: 'upload',
      visibility: 'shared',
      file_name: 'w2 photo.jpg',
      content_type: 'image/jpeg',
      size_bytes: photo.length,
      has_thumbnail: true,
      can_delete: true,
      document_type_id: typeId,
    });
    expect(doc.ticket_name).toMatch(/^TD\./);
    expect(doc.document_type_name).toEqual(expect.any(String));

    const file = await customer.get(doc.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(photo)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="w2 photo.jpg"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-security-policy']).toContain('sandbox');

    const thumb = await customer.get(doc.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
    expect(thumb.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('never writes the plaintext to disk, and downloads give back exactly what was sent', async () => {
    const marker = `VERY-SECRET-${randomUUID()}`;
    const body = pdf(marker);
    const res = await upload(customer, [{ name: 'return.pdf', data: body }]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().items[0];
    for (const shard of fs.readdirSync(filesDir())) {
      for (const f of fs.readdirSync(path.join(filesDir(), shard))) {
        const bytes = fs.readFileSync(path.join(filesDir(), shard, f));
        expect(bytes.includes(Buffer.from(marker))).toBe(false);
        expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
      }
    }
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.storage_key).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(body).digest('hex'));
    const file = await customer.get(doc.file_url);
    expect(file.rawPayload.equals(body)).toBe(true);
    const inline = await customer.get(`${doc.file_url}?disposition=inline`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['content-type']).toBe('application/pdf');
  });

  it('writes an audit row (who, what, when, IP) for each download', async () => {
    const doc = (await upload(customer, [{ name: 'a.pdf', data: pdf() }])).json().items[0];
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, doc.id), eq(auditLog.action, 'document.download')));
    expect(before).toHaveLength(0);
    await customer.get(doc.file_url);
    await staff.get(doc.file_url);
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, doc.id), eq(auditLog.action, 'document.download')));
    expect(after).toHaveLength(2);
    expect(after.map((a) => a.actor_id)).toContain(customerId);
    expect(after[0]!.ip).toBeTruthy();
    expect(after[0]!.created_at).toBeInstanceOf(Date);
  });

  it('takes several files at once, one row each', async () => {
    const res = await upload(customer, [
      { name: 'one.pdf', data: pdf('one') },
      { name: 'two.png', data: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.map((d: { file_name: string }) => d.file_name)).toEqual(['one.pdf', 'two.png']);
  });

  it('accepts WebP (with a thumbnail) and HEIC (stored; no thumbnail, the bundled decoder has no HEVC)', async () => {
    const webp = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
      .webp()
      .toBuffer();
    const w = await upload(customer, [{ name: 'scan.webp', data: webp }]);
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json().items[0]).toMatchObject({
      content_type: 'image/webp',
      file_name: 'scan.webp',
      has_thumbnail: true,
    });
    // An ISO-BMFF 'ftyp' box with the heic brand, as an iPhone writes it.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
    const h = await upload(customer, [{ name: 'IMG_0001.HEIC', data: heic }]);
    expect(h.statusCode, h.body).toBe(201);
    expect(h.json().items[0]).toMatchObject({
      content_type: 'image/heic',
      file_name: 'IMG_0001.heic',
      has_thumbnail: false,
    });
  });

  it('accepts exactly 10 MB', async () => {
    const res = await upload(customer, [{ name: 'big.pdf', data: pdfOfSize(MAX_UPLOAD_BYTES) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0].size_bytes).toBe(MAX_UPLOAD_BYTES);
  });
});

describe('bad input: a clear error, nothing stored', () => {
  async function refused(
    res: Awaited<ReturnType<typeof upload>>,
    status: number,
    rowsBefore: number,
    filesBefore: number,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
    return res.json();
  }
  const snapshot = async () => [await rowCount(), storedFiles().length] as const;

  it('10 MB + 1 byte: 413 with SPEC texts', async () => {
    const [r, f] = await snapshot();
    const body = await refused(
      await upload(customer, [{ name: 'big.pdf', data: pdfOfSize(MAX_UPLOAD_BYTES + 1) }]),
      413,
      r,
      f,
    );
    expect(body.detail).toBe(UPLOAD_MESSAGES.fileSizeExceeded);
    expect(body.errors).toEqual([{ field: 'file', message: UPLOAD_MESSAGES.fileSizeHint }]);
  });

  it('far over the limit: 413 too', async () => {
    const [r, f] = await snapshot();
    await refused(
      await upload(customer, [{ name: 'huge.pdf', data: pdfOfSize(MAX_UPLOAD_BYTES + 300_000) }]),
      413,
      r,
      f,
    );
  });

  it('zero bytes: 422', async () => {
    const [r, f] = await snapshot();
    const body = await refused(await upload(customer, [{ name: 'empty.jpg', data: Buffer.alloc(0) }]), 422, r, f);
    expect(body.errors[0]).toEqual({ field: 'file', message: UPLOAD_MESSAGES.emptyFile });
  });

  it('an .exe renamed .jpg: 415', async () => {
    const [r, f] = await snapshot();
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(400),
    ]);
    exe.write('PE\0\0', 0x80, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    const body = await refused(
      await upload(customer, [{ name: 'photo.jpg', data: exe, type: 'image/jpeg' }]),
      415,
      r,
      f,
    );
    expect(body.detail).toBe(UPLOAD_MESSAGES.unsupportedType);
  });

  it('HTML and SVG with script: 415', async () => {
    const [r, f] = await snapshot();
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await refused(await upload(customer, [{ name: 'scan.jpg', data: html, type: 'image/jpeg' }]), 415, r, f);
    await refused(await upload(customer, [{ name: 'logo.svg', data: svg, type: 'image/svg+xml' }]), 415, r, f);
    await refused(await upload(customer, [{ name: 'logo.png', data: svg, type: 'image/png' }]), 415, r, f);
  });

  it('a truncated image: 422', async () => {
    const [r, f] = await snapshot();
    const photo = await jpegWithGps();
    const cut = photo.subarray(0, Math.floor(photo.length * 0.6));
    const body = await refused(await upload(customer, [{ name: 'cut.jpg', data: cut }]), 422, r, f);
    expect(body.detail).toBe(UPLOAD_MESSAGES.damagedImage);
    const p = await png();
    await refused(await upload(customer, [{ name: 'cut.png', data: p.subarray(0, p.length - 30) }]), 422, r, f);
  });

  it('a missing document type: 422 naming the field', async () => {
    const [r, f] = await snapshot();
    const res = await customer.request({
      method: 'POST',
      url: '/api/v1/documents',
      ...multipart({}, [{ name: 'a.pdf', data: pdf() }]),
    });
    const body = await refused(res, 422, r, f);
    expect(body.errors[0]).toEqual({ field: 'document_type', message: UPLOAD_MESSAGES.documentTypeRequired });
  });

  it('an unknown document type: 422', async () => {
    const [r, f] = await snapshot();
    const body = await refused(
      await upload(customer, [{ name: 'a.pdf', data: pdf() }], { document_type: 'no-such-type' }),
      422,
      r,
      f,
    );
    expect(body.errors[0]).toEqual({ field: 'document_type', message: UPLOAD_MESSAGES.unknownDocumentType });
  });

  it('no file: 422', async () => {
    const [r, f] = await snapshot();
    const res = await customer.request({
      method: 'POST',
      url: '/api/v1/documents',
      ...multipart({ document_type: typeId }, []),
    });
    expect((await refused(res, 422, r, f)).errors[0].field).toBe('file');
  });

  it("a document for another customer's ticket: 404", async () => {
    const [r, f] = await snapshot();
    await refused(await upload(customer, [{ name: 'a.pdf', data: pdf() }], { ticket_id: otherTicketId }), 404, r, f);
    await refused(await upload(customer, [{ name: 'a.pdf', data: pdf() }], { ticket_id: 'no-such-ticket' }), 404, r, f);
  });

  it('a mixed batch with one bad file stores none of them', async () => {
    const [r, f] = await snapshot();
    const res = await upload(customer, [
      { name: 'good.pdf', data: pdf() },
      { name: 'bad.jpg', data: Buffer.from('<html><script>x</script></html>') },
    ]);
    await refused(res, 415, r, f);
  });

  it('JSON instead of multipart: 415', async () => {
    const res = await customer.post('/api/v1/documents', { document_type: typeId });
    expect(res.statusCode).toBe(415);
  });
});

describe("refusals in the reader's language (issue 31)", () => {
  // A launch action, written raw (the byte scan finds it when pdf-lib cannot read the file).
  const launching = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /Launch /F (calc.exe) >> >>\n%%EOF\n');

  it('names what a refused PDF carries in English, word for word, and in Spanish with cookie tp_lang=es', async () => {
    const english = await upload(customer, [{ name: 'a.pdf', data: launching }]);
    expect(english.statusCode).toBe(422);
    const said = `${UPLOAD_MESSAGES.activePdf} (a launch action)`;
    expect(english.json()).toMatchObject({ detail: said, errors: [{ field: 'file', message: said }] });

    customer.cookies.set('tp_lang', 'es');
    try {
      const spanish = await upload(customer, [{ name: 'a.pdf', data: launching }]);
      expect(spanish.statusCode).toBe(422);
      const dicho = `${textsIn('es')('uploads.activePdf')} (una acción que abre un programa)`;
      expect(dicho).not.toContain('This PDF');
      expect(spanish.json()).toMatchObject({ detail: dicho, errors: [{ field: 'file', message: dicho }] });
      const json = await customer.post('/api/v1/documents', { document_type: typeId });
      expect(json.statusCode).toBe(415);
      expect(json.json().detail).toBe(textsIn('es')('site.media.notMultipart'));
      expect(json.json().detail).not.toMatch(/Send the upload/);
    } finally {
      customer.cookies.delete('tp_lang');
    }
  });
});

describe('file names are cleaned and never used as paths', () => {
  const stored = async (name: string, data: Buffer = pdf()) => {
    const res = await upload(customer, [{ name, data }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().items[0].file_name as string;
  };

  it('a PDF with a JPEG name is accepted as a PDF with its name fixed', async () => {
    const res = await upload(customer, [{ name: 'scan.jpg', data: pdf(), type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().items[0]).toMatchObject({ file_name: 'scan.pdf', content_type: 'application/pdf' });
  });

  it('path parts, length, control characters, bidi overrides, reserved names', async () => {
    expect(await stored('../../etc/passwd')).toBe('passwd.pdf');
    expect(await stored('..\\..\\windows\\system32\\config.sys')).toBe('config.pdf');
    const long = await stored(`${'a'.repeat(300)}.pdf`);
    expect(long).toBe(`${'a'.repeat(120)}.pdf`);
    expect(await stored('inv\u0000oi\u0007ce\u001b[31m.pdf')).toBe('invoice[31m.pdf');
    expect(await stored('receipt\u202Efdp.exe')).toBe('receiptfdp.pdf');
    expect(await stored('\u2066w2\u2069\u200f.pdf')).toBe('w2.pdf');
    expect(await stored('CON.pdf')).toBe('_CON.pdf');
    expect(await stored('...')).toBe('document.pdf');
    expect(await stored('x.jpg.exe', await png())).toBe('x.jpg.png');
    // Nothing was written outside the store.
    expect(fs.existsSync(path.join(dataDir, 'etc'))).toBe(false);
    for (const f of storedFiles()) expect(f).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('a cancelled ticket', () => {
  it('takes no more documents (409, nothing stored); the vault still does', async () => {
    const cancelled = (await openTicket(t, customer)).id;
    await forceStatus(t, cancelled, 'Cancelled');
    const rows = await rowCount();
    const files = storedFiles().length;
    for (const agent of [customer, staff]) {
      const res = await upload(agent, [{ name: 'late.pdf', data: pdf() }], { ticket_id: cancelled });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe(MESSAGES.ticketCancelledNoUploads);
    }
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
    expect((await upload(customer, [{ name: 'vault.pdf', data: pdf() }])).statusCode).toBe(201);
  });
});
