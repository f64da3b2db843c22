import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createCustomer, createTestApp, PASSWORD, signIn, type TestApp } from '../test/helper.ts';
import { documents, documentTypes } from './db/schema.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';

/** Issue 13's holes 3–7, each as it was found; the property suite (no-5xx.test.ts) covers the rest. */
let t: TestApp;
const log: string[] = [];
let customer: Agent;
let ticketId: string;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug' },
    { logStream: new Writable({ write: (c, _e, cb) => (log.push(String(c)), cb()) }) },
  );
  const c = await createCustomer(t);
  customer = await signIn(t, c.email, PASSWORD);
  ticketId = (await openTicket(t, customer)).id;
});
afterAll(async () => t.close());

const MARK = 'Zq7Marker';
const isProblem = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type']).startsWith('application/problem+json');

describe('a NUL byte (hole 3)', () => {
  it('is refused with 422, never a 500, wherever text goes in, and the log carries none of it', async () => {
    const nul = `${MARK}a\u0000b`;
    const answers = [
      await customer.post(`/api/v1/tickets/${ticketId}/messages`, { body: nul }),
      await customer.post('/api/v1/tickets', { service_id: nul, year: 2023 }),
      await customer.put(`/api/v1/tickets/${ticketId}/profile/tax_payer`, { first_name: nul }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { full_name: nul, email: 'nul@example.test', phone: '+12025550199', password: PASSWORD },
      }),
      await customer.get('/api/v1/tickets/%00'),
      await customer.get(`/api/v1/tickets?q=${MARK}%00`),
      await customer.get(`/api/v1/contacts?q=${MARK}%00`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(isProblem(res)).toBe(true);
    }
    expect(log.join('').includes(MARK), 'a marker reached the log').toBe(false);
  });
});

describe('malformed multipart (hole 4)', () => {
  it('answers 400 problem+json, without a closing boundary or without a boundary', async () => {
    const { payload, headers } = multipart({ document_type: 'W-2' }, [{ name: 'a.pdf', data: pdf() }]);
    const cut = payload.subarray(0, payload.length - 40);
    for (const [body, type] of [
      [cut, headers['content-type']],
      [payload, 'multipart/form-data'],
    ] as const) {
      const res = await customer.request({
        method: 'POST',
        url: '/api/v1/documents',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(isProblem(res)).toBe(true);
    }
  });
});

describe('private answers (hole 5)', () => {
  it('carry Cache-Control: no-store', async () => {
    for (const url of ['/api/v1/auth/session', `/api/v1/tickets/${ticketId}/profile`, '/api/v1/tickets/nope']) {
      const res = await customer.get(url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('junk (hole 6)', () => {
  it('refuses an impossible date of birth', async () => {
    const res = await customer.put(`/api/v1/tickets/${ticketId}/profile/tax_payer`, {
      date_of_birth: '2024-02-30',
    });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('refuses a message or a full name made only of overrides, zero-width or control characters', async () => {
    for (const junk of ['\u202e\u202e', '\u200b\u200c\u200d', '\u0007\u0008', '\u2066\ufeff\u2069']) {
      const msg = await customer.post(`/api/v1/tickets/${ticketId}/messages`, { body: junk });
      expect(msg.statusCode, JSON.stringify(junk)).toBe(422);
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { full_name: junk, email: 'junk@example.test', phone: '+12025550199', password: PASSWORD },
      });
      expect(reg.statusCode, JSON.stringify(junk)).toBe(422);
    }
  });

  it('refuses a right-to-left override inside a name', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { full_name: 'Ann \u202eeoD', email: 'rlo@example.test', phone: '+12025550199', password: PASSWORD },
    });
    expect(reg.statusCode, reg.body).toBe(422);
  });
});

describe("the framework's own errors (hole 7)", () => {
  it('answer problem+json that never echoes the input', async () => {
    const long = `${MARK}${'x'.repeat(5000)}`;
    const answers = [
      await customer.get(`/api/v1/tickets/${long}`),
      await customer.get(`/api/v1/no-such-route-${MARK}`),
      await customer.request({
        method: 'POST',
        url: `/api/v1/tickets/${ticketId}/messages`,
        payload: `{"body": "${MARK}`,
        headers: { 'content-type': 'application/json' },
      }),
      await customer.request({
        method: 'POST',
        url: `/api/v1/tickets/${ticketId}/messages`,
        payload: MARK,
        headers: { 'content-type': `text/${MARK}` },
      }),
      await customer.request({
        method: 'POST',
        url: `/api/v1/tickets/${ticketId}/messages`,
        payload: JSON.stringify({ body: MARK.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(isProblem(res), res.body).toBe(true);
      expect(res.body.includes(MARK), res.body.slice(0, 200)).toBe(false);
    }
  });
});

/** A PDF whose catalog carries `entries` (pdf-lib writes them inside a compressed object stream). */
async function pdfWith(entries: (doc: PDFDocument) => void): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  entries(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('active PDFs (hole 8)', () => {
  const upload = async (data: Buffer) => {
    const [type] = await t.database.db.select({ id: documentTypes.id }).from(documentTypes).limit(1);
    const { payload, headers } = multipart({ document_type: type?.id ?? '' }, [{ name: 'x.pdf', data }]);
    return customer.request({ method: 'POST', url: '/api/v1/documents', payload, headers });
  };
  const rows = async () => (await t.database.db.select({ n: count() }).from(documents))[0]?.n ?? 0;

  it('refuses scripts, launch actions, automatic actions and attached files, and stores nothing', async () => {
    const js = (d: PDFDocument) => d.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    const bad: [string, Buffer][] = [
      ['OpenAction JavaScript', await pdfWith((d) => d.catalog.set(PDFName.of('OpenAction'), js(d)))],
      ['catalog AA', await pdfWith((d) => d.catalog.set(PDFName.of('AA'), d.context.obj({ O: js(d) })))],
      [
        'Launch',
        await pdfWith((d) =>
          d.catalog.set(PDFName.of('OpenAction'), d.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') })),
        ),
      ],
      [
        'EmbeddedFiles',
        await pdfWith((d) =>
          d.catalog.set(PDFName.of('Names'), d.context.obj({ EmbeddedFiles: d.context.obj({ Names: [] }) })),
        ),
      ],
      // Not readable by pdf-lib, the name hidden by #-escapes: the byte scan finds it.
      ['escaped /JavaScript', Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /J#61vaScript >> >>\n%%EOF\n')],
    ];
    const before = await rows();
    for (const [what, data] of bad) {
      const res = await upload(data);
      expect(res.statusCode, what).toBe(422);
      expect(res.json().detail, what).toMatch(/scripts, actions or attached files/);
    }
    expect(await rows()).toBe(before);
  });

  it('keeps a plain PDF, and serves it inline in a sandbox', async () => {
    const res = await upload(await pdfWith(() => {}));
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().items[0] as { file_url: string };
    const inline = await customer.get(`${doc.file_url}?disposition=inline`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['content-security-policy']).toMatch(/; sandbox$/);
  });
});
