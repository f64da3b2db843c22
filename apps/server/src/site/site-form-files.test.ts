import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissionFiles, formSubmissions } from '../platform/db/schema.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { pdf, type Upload } from '../test/upload-fixtures.ts';
import { formInput } from './site.fixtures.ts';

let t: TestApp;
let admin: Agent;
let care: Agent;
let applicant: Agent;
let other: Agent;

/** The application form with a required résumé and an optional certificate per previous employer. */
const withFiles = () => {
  const form = formInput('apply-with-resume');
  form.fields.push({ name: 'resume', label: { en: 'Résumé' }, type: 'file', required: true, options: [] });
  form.child_group.fields.push({
    name: 'reference',
    label: { en: 'Reference letter' },
    type: 'file',
    required: false,
    options: [],
  });
  return form;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  applicant = await signIn(t, (await createCustomer(t)).email);
  other = await signIn(t, (await createCustomer(t)).email);
  const res = await admin.post('/api/v1/admin/site/forms', { data: withFiles() });
  expect(res.statusCode, res.body).toBe(201);
  await admin.post(`/api/v1/admin/site/forms/${res.json().id}/publish`);
}, 120_000);
afterAll(async () => t.close());

const good = { full_name: 'Sam Seeker', email: 'sam@seeker.example', season: '2027' };

/** A browser's multipart submission: the answers as `payload`, then the files under their fields' paths. */
function body(payload: unknown, files: (Upload & { field: string })[]) {
  const boundary = '----tpformtest';
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(payload)}\r\n`,
    ),
  ];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const submit = (
  agent: Agent | null,
  values: Record<string, unknown>,
  rows: unknown[],
  files: (Upload & { field: string })[],
) => {
  const b = body({ values, rows, started_at: Date.now() - 10_000 }, files);
  const opts = {
    method: 'POST' as const,
    url: '/api/v1/forms/apply-with-resume/submissions',
    ...b,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200)}`,
  };
  return agent ? agent.request(opts) : t.app.inject(opts);
};
async function vaultFiles(): Promise<string[]> {
  const root = path.join(t.config.DATA_DIR, 'files');
  const shards = await fs.readdir(root).catch(() => [] as string[]);
  return (await Promise.all(shards.map((s) => fs.readdir(path.join(root, s))))).flat();
}
const resume = (data = pdf('RESUME-OF-SAM')) => ({ field: 'values.resume', name: 'resume.pdf', data });

describe('files sent with web forms', () => {
  it('refuses a file that fails the vault’s rules, or a submission that fails its definition, keeping nothing', async () => {
    const cases: [Record<string, unknown>, unknown[], (Upload & { field: string })[], number, string][] = [
      [
        good,
        [],
        [{ field: 'values.resume', name: 'resume.pdf', data: Buffer.from('MZ not a pdf at all') }],
        415,
        'file',
      ],
      [good, [], [resume(Buffer.alloc(10 * 1024 * 1024 + 10, 0x25))], 415, 'file'],
      [good, [], [], 422, 'values.resume'],
      [{ ...good, email: 'nope' }, [], [resume()], 422, 'values.email'],
      [
        good,
        [{ employer: '' }],
        [resume(), { field: 'rows.0.reference', name: 'ref.pdf', data: pdf() }],
        422,
        'rows.0.employer',
      ],
      [good, [], [resume(), { field: 'values.full_name', name: 'x.pdf', data: pdf() }], 422, 'values.full_name'],
      [good, [], [resume(), { field: 'rows.3.reference', name: 'x.pdf', data: pdf() }], 422, 'rows.3.reference'],
    ];
    for (const [values, rows, files, status, field] of cases) {
      const res = await submit(null, values, rows, files);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].field).toBe(field);
    }
    // Too large: the vault's 413 with SPEC's text.
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    expect((await submit(null, good, [], [resume(big)])).statusCode).toBe(413);
    expect(await t.database.db.select().from(formSubmissions)).toHaveLength(0);
    expect(await t.database.db.select().from(formSubmissionFiles)).toHaveLength(0);
    expect(await vaultFiles()).toEqual([]);
  });

  it('stores a valid résumé encrypted, for staff and the signed-in sender to download; others get 404', async () => {
    const res = await submit(
      applicant,
      good,
      [{ employer: 'Acme' }],
      [resume(), { field: 'rows.0.reference', name: 'reference.pdf', data: pdf('REFERENCE') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = await vaultFiles();
    expect(stored).toHaveLength(2);
    const raw = await fs.readFile(path.join(t.config.DATA_DIR, 'files', stored[0]!.slice(0, 2), stored[0]!));
    expect(raw.includes(Buffer.from('RESUME-OF-SAM'))).toBe(false); // encrypted at rest

    const forms = (await admin.get('/api/v1/admin/site/forms')).json().items;
    const formId = forms.find((f: { key: string }) => f.key === 'apply-with-resume').id;
    const [sub] = (await care.get(`/api/v1/admin/site/forms/${formId}/submissions`)).json().items;
    expect(sub.values.resume).toBe('resume.pdf');
    expect(sub.rows[0].reference).toBe('reference.pdf');
    const file = sub.files.find((f: { field: string }) => f.field === 'values.resume');
    expect(file).toMatchObject({ file_name: 'resume.pdf', content_type: 'application/pdf' });

    const byStaff = await care.get(file.url);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers['content-disposition']).toMatch(/^attachment/);
    expect(byStaff.rawPayload.includes(Buffer.from('RESUME-OF-SAM'))).toBe(true);
    expect((await applicant.get(file.url)).statusCode).toBe(200);
    expect((await other.get(file.url)).statusCode).toBe(404);
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(401);
    expect((await care.get(file.url.replace(sub.id, 'another-submission'))).statusCode).toBe(404);
  });

  it('keeps no file of an anonymous submission for its sender to read back, nor of a filled honeypot', async () => {
    const before = await vaultFiles();
    const b = body({ values: good, rows: [], started_at: Date.now() - 10_000, website: 'spam.example' }, [resume()]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/forms/apply-with-resume/submissions', ...b });
    expect(res.statusCode).toBe(201);
    expect(await vaultFiles()).toEqual(before);
  });
});
