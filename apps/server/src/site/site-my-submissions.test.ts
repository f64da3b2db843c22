import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, formSubmissionFiles, formSubmissions, notifications } from '../platform/db/schema.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { pdf } from '../test/upload-fixtures.ts';
import { formInput } from './site.fixtures.ts';

let t: TestApp;
let admin: Agent;
let sender: Agent;
let other: Agent;
let formId: string;

const MINE = '/api/v1/my/form-submissions';
const good = { full_name: 'Sam Seeker', email: 'sam@seeker.example', season: '2027' };
let ip = 0;
/** Each call from its own address, so the per-IP limits of the forms never join in (but for the limit's own test). */
const as = (agent: Agent | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, from?: string) => {
  const opts = {
    method,
    url,
    remoteAddress: from ?? `198.51.100.${(ip++ % 250) + 1}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
  return agent ? agent.request(opts) : t.app.inject(opts);
};
async function send(agent: Agent, values = good, rows: unknown[] = [{ employer: 'Acme' }, { employer: 'Globex' }]) {
  const res = await as(agent, 'POST', '/api/v1/forms/apply-mine/submissions', {
    values,
    rows,
    started_at: Date.now() - 10_000,
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = await as(agent, 'GET', MINE);
  return list.json().items[0].id as string;
}
const stored = async (id: string) =>
  (await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  sender = await signIn(t, (await createCustomer(t)).email);
  other = await signIn(t, (await createCustomer(t)).email);
  const res = await admin.post('/api/v1/admin/site/forms', { data: formInput('apply-mine') });
  expect(res.statusCode, res.body).toBe(201);
  formId = res.json().id;
  await admin.post(`/api/v1/admin/site/forms/${formId}/publish`);
}, 120_000);
afterAll(async () => t.close());

describe('a signed-in visitor’s own web form submissions', () => {
  it('lists, reads and edits the sender’s own submission (two child rows become one)', async () => {
    const first = await send(sender);
    const second = await send(sender, { ...good, full_name: 'Sam Again' }, []);
    const list = await as(sender, 'GET', MINE);
    expect(list.statusCode).toBe(200);
    // Newest first, across forms, with the form's title and slug.
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([second, first]);
    expect(list.json().items[1]).toMatchObject({
      form: 'apply-mine',
      form_title: 'Seasonal preparer application',
      status: 'new',
      updated_at: null,
      editable: true,
    });

    const read = await as(sender, 'GET', `${MINE}/${first}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      values: good,
      rows: [{ employer: 'Acme' }, { employer: 'Globex' }],
      files: [],
    });

    const notified = (await t.database.db.select().from(notifications)).length;
    const edit = await as(sender, 'PUT', `${MINE}/${first}`, {
      values: { ...good, full_name: 'Samantha Seeker' },
      rows: [{ employer: 'Initech' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      values: { ...good, full_name: 'Samantha Seeker' },
      rows: [{ employer: 'Initech' }],
      status: 'new',
    });
    expect(edit.json().updated_at).not.toBeNull();
    const row = await stored(first);
    expect(row.rows).toEqual([{ employer: 'Initech' }]);
    expect(row.updated_at).not.toBeNull();
    // Staff hear of it as of a new submission; the audit names ids only.
    expect((await t.database.db.select().from(notifications)).length).toBeGreaterThan(notified);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, first));
    expect(audited.map((a) => a.action)).toContain('site.submission_edited');
    expect(JSON.stringify(audited)).not.toContain('Samantha');
    // Staff's inbox shows the edited answers.
    const inbox = await admin.get(`/api/v1/admin/site/submissions/${first}`);
    expect(inbox.json().rows).toEqual([{ employer: 'Initech' }]);
  });

  it('answers 404 to another customer and to staff, 401 to anonymous', async () => {
    const id = await send(sender);
    const body = { values: good, rows: [] };
    for (const agent of [other, admin]) {
      expect((await as(agent, 'GET', `${MINE}/${id}`)).statusCode).toBe(404);
      expect((await as(agent, 'PUT', `${MINE}/${id}`, body)).statusCode).toBe(404);
      expect((await as(agent, 'GET', MINE)).json().items).toEqual([]);
    }
    expect((await as(null, 'GET', MINE)).statusCode).toBe(401);
    expect((await as(null, 'GET', `${MINE}/${id}`)).statusCode).toBe(401);
    expect((await as(null, 'PUT', `${MINE}/${id}`, body)).statusCode).toBe(401);
    expect((await stored(id)).rows).toHaveLength(2);
  });

  it('refuses to edit a submission staff already handled (409), changing nothing', async () => {
    const id = await send(sender);
    expect((await admin.post(`/api/v1/admin/site/submissions/${id}/handled`)).statusCode).toBe(200);
    const listed = (await as(sender, 'GET', MINE)).json().items.find((i: { id: string }) => i.id === id);
    expect(listed).toMatchObject({ status: 'handled', editable: false });
    const res = await as(sender, 'PUT', `${MINE}/${id}`, { values: good, rows: [] });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toMatch(/already handled/);
    expect((await stored(id)).rows).toHaveLength(2);
  });

  it('refuses a bad edit with 422 naming the field, changing nothing', async () => {
    const id = await send(sender);
    const before = await stored(id);
    const cases: [Record<string, unknown>, unknown[], string][] = [
      [{ ...good, full_name: '' }, [], 'values.full_name'],
      [{ ...good, season: '1999' }, [], 'values.season'],
      [{ ...good, email: 'not-an-address' }, [], 'values.email'],
      [good, [{ employer: '' }], 'rows.0.employer'],
      [{ ...good, nickname: 'x' }, [], 'values.nickname'],
      [good, Array.from({ length: 6 }, () => ({ employer: 'E' })), 'rows'],
      // A file field's value must name a file of this submission (this form has none).
      [{ ...good, full_name: { nested: true } }, [], 'values.full_name'],
    ];
    for (const [values, rows, field] of cases) {
      const res = await as(sender, 'PUT', `${MINE}/${id}`, { values, rows });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].field, res.body).toBe(field);
    }
    // Hostile ids and bodies: never a 5xx.
    for (const bad of ['%00', 'x'.repeat(64), "' or 1=1 --"]) {
      expect((await as(sender, 'GET', `${MINE}/${encodeURIComponent(bad)}`)).statusCode).toBeLessThan(500);
    }
    expect((await as(sender, 'PUT', `${MINE}/${id}`, [])).statusCode).toBe(422);
    const after = await stored(id);
    expect(after).toEqual(before);
  });

  it('keeps the files an edit names, moved with their row, and drops the ones it leaves out', async () => {
    const form = formInput('apply-files');
    form.child_group.fields.push({
      name: 'reference',
      label: { en: 'Reference letter' },
      type: 'file',
      required: false,
      options: [],
    });
    const created = await admin.post('/api/v1/admin/site/forms', { data: form });
    await admin.post(`/api/v1/admin/site/forms/${created.json().id}/publish`);
    const boundary = '----mine';
    const part = (name: string, body: string | Buffer, file?: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n`,
        ),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([
      part(
        'payload',
        JSON.stringify({
          values: good,
          rows: [{ employer: 'Acme' }, { employer: 'Globex' }],
          started_at: Date.now() - 10_000,
        }),
      ),
      part('rows.0.reference', pdf('ACME-REF'), 'acme.pdf'),
      part('rows.1.reference', pdf('GLOBEX-REF'), 'globex.pdf'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await sender.request({
      method: 'POST',
      url: '/api/v1/forms/apply-files/submissions',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (await as(sender, 'GET', MINE)).json().items[0].id as string;
    const read = (await as(sender, 'GET', `${MINE}/${id}`)).json();
    const globex = read.files.find((f: { file_name: string }) => f.file_name === 'globex.pdf');
    // The sender downloads it through the existing route.
    expect((await as(sender, 'GET', globex.url)).statusCode).toBe(200);

    // Acme's row goes; Globex's row moves up and keeps its letter.
    const edit = await as(sender, 'PUT', `${MINE}/${id}`, {
      values: good,
      rows: [{ employer: 'Globex Corp', reference: globex.id }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().rows).toEqual([{ employer: 'Globex Corp', reference: 'globex.pdf' }]);
    expect(edit.json().files).toMatchObject([{ id: globex.id, field: 'rows.0.reference' }]);
    const files = await t.database.db
      .select()
      .from(formSubmissionFiles)
      .where(eq(formSubmissionFiles.submission_id, id));
    expect(files.map((f) => f.file_name)).toEqual(['globex.pdf']);

    // A file id that is not this submission's is refused at its field.
    const bad = await as(sender, 'PUT', `${MINE}/${id}`, {
      values: good,
      rows: [{ employer: 'G', reference: 'nope' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('rows.0.reference');
  });

  it('rate-limits edits per address', async () => {
    const id = await send(sender);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await as(sender, 'PUT', `${MINE}/${id}`, { values: good, rows: [] }, '192.0.2.77')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
