import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import {
  createCustomer,
  createStaff,
  signIn,
  uniqueEmail,
  type Agent,
  type TestApp,
  createTestApp,
} from '../test/helper.ts';
import { BASE, checked, rowsOf, upload } from './client-import.test-helpers.ts';

let t: TestApp;
let admin: Agent;
let otherAdmin: Agent;
let staff: Agent;
let customer: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  otherAdmin = await signIn(t, (await createStaff(t, 'Admin')).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  customer = await signIn(t, (await createCustomer(t)).email);
}, 120_000);
afterAll(async () => t.close());

const countUsers = async (emails: string[]) =>
  (
    await rows(
      t.database.db,
      rowSchema({ n: col.int() }),
      sql`select count(*) as n from users where email in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    )
  )[0]!.n;

describe('upload and the mapping guess', () => {
  it('reads the header and first rows, in Spanish, semicolon-separated, with a BOM and CRLF', async () => {
    const csv =
      '\ufeffNombre;Correo;Teléfono;Idioma;Notas\r\n"Pérez; Ana";ana@x.test;2025550101;Español;"Dos\r\nlíneas"\r\n';
    const res = await upload(admin, csv);
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json();
    expect(imp.header).toEqual(['Nombre', 'Correo', 'Teléfono', 'Idioma', 'Notas']);
    expect(imp.sample_rows[0]).toEqual([
      'Pérez; Ana',
      'ana@x.test',
      '2025550101',
      'Español',
      'Dos\r\nlíneas'.replace(/\r/, ''),
    ]);
    expect(imp.row_count).toBe(1);
    expect(imp.suggested_mapping).toMatchObject({ full_name: 0, email: 1, phone: 2, language: 3, notes: 4 });
    expect(imp.status).toBe('uploaded');
  });

  it('guesses first and last names and a spouse in English', async () => {
    const res = await upload(
      admin,
      'First Name,Last Name,E-mail,Phone,Spouse,Spouse Email,Language\nA,B,a@b.test,,,,\n',
    );
    expect(res.json().suggested_mapping).toMatchObject({
      full_name: null,
      first_name: 0,
      last_name: 1,
      email: 2,
      phone: 3,
      spouse_name: 4,
      spouse_email: 5,
      language: 6,
      notes: null,
    });
  });

  it('reads a Windows-1252 file (Excel on Windows)', async () => {
    const res = await upload(admin, Buffer.from('Name,Email\nJos\xe9 N\xfa\xf1ez,jose@x.test\n', 'latin1'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sample_rows[0][0]).toBe('José Núñez');
  });

  it('reads a tab-separated file', async () => {
    const res = await upload(admin, 'Name\tEmail\nAna, Pérez\tana@x.test\n', 'clients.tsv');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().header).toEqual(['Name', 'Email']);
    expect(res.json().suggested_mapping).toMatchObject({ full_name: 0, email: 1 });
  });

  it.each([
    ['an empty file', '', 422],
    ['only empty lines', '\n\n\r\n', 422],
    ['a header only', 'Name,Email\r\n', 422],
    ['a binary file', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0, 1, 2, 3]), 415],
    ['a file with NUL bytes', Buffer.from('Name,Email\nA\0B,a@b.test\n'), 415],
  ])('refuses %s with a problem', async (_what, body, status) => {
    const res = await upload(admin, body as string | Buffer);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json().detail).toBeTruthy();
  });

  it('refuses a file over 10 MB (413) and one over 20,000 rows (422)', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    expect((await upload(admin, big)).statusCode).toBe(413);
    const many = `Name,Email\n${'A,a@b.test\n'.repeat(20_001)}`;
    const res = await upload(admin, many);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/20,000/);
  });

  it('refuses a request without a file, and a JSON body', async () => {
    expect((await admin.post(BASE, { file: 'x' })).statusCode).toBe(415);
  });

  it('is for Admins only: staff and customers 403, another Admin’s import 404', async () => {
    const csv = 'Name,Email\nA,a@b.test\n';
    expect((await upload(staff, csv)).statusCode).toBe(403);
    expect((await upload(customer, csv)).statusCode).toBe(403);
    const { id } = (await upload(admin, csv)).json();
    for (const agent of [staff, customer]) expect((await agent.get(`${BASE}/${id}`)).statusCode).toBe(403);
    expect((await otherAdmin.get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await otherAdmin.post(`${BASE}/${id}/dry-run`)).statusCode).toBe(404);
    expect((await otherAdmin.post(`${BASE}/${id}/commit`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`${BASE}/${id}/rows?outcome=create`)).statusCode).toBe(404);
    expect((await otherAdmin.get(BASE)).json().items.map((i: { id: string }) => i.id)).not.toContain(id);
  });
});

describe('mapping', () => {
  it('needs a name and an e-mail column, columns of the file, each once', async () => {
    const { id } = (await upload(admin, 'Name,Email,Notes\nA,a@b.test,x\n')).json();
    const base = { full_name: 0, email: 1 };
    for (const mapping of [{ email: 1 }, { full_name: 0 }, { ...base, notes: 5 }, { ...base, notes: 1 }]) {
      const res = await admin.put(`${BASE}/${id}/mapping`, { mapping });
      expect(res.statusCode, JSON.stringify(mapping)).toBe(422);
    }
    expect((await admin.post(`${BASE}/${id}/dry-run`)).statusCode).toBe(409);
    expect((await admin.post(`${BASE}/${id}/commit`)).statusCode).toBe(409);
    expect((await admin.put(`${BASE}/${id}/mapping`, { mapping: base })).statusCode).toBe(200);
  });
});

describe('dry run', () => {
  it('counts rows to create, duplicates (by e-mail, by phone, within the file) and invalid rows with the reason', async () => {
    const existing = await createCustomer(t, { phone: '+12025550142' });
    const e = (p: string) => uniqueEmail(p);
    const [a, b, c] = [e('a'), e('b'), e('c')];
    const csv = [
      'Name,Email,Phone,Language',
      `Ana,${a},,English`, // 2 create
      `Dup Email,${existing.email.toUpperCase()},,`, // 3 duplicate by e-mail (any case)
      `Dup Phone,${b},(202) 555-0142,`, // 4 duplicate by phone
      `Again,${a},,`, // 5 duplicate of line 2
      `,${e('x')},,`, // 6 name missing
      `No Mail,,,`, // 7 e-mail missing
      `Bad Mail,not-an-email,,`, // 8
      `Bad Phone,${e('y')},12,`, // 9
      `Klingon,${e('z')},,tlh`, // 10 unknown language
      `${'N'.repeat(141)},${e('w')},,`, // 11 too long
      `"Evil\u202eName",${e('v')},,`, // 12 text rule
      `Carla,${c},+1 202 555 0177,es`, // 13 create
    ].join('\n');
    const { id, counts } = await checked(admin, csv);
    expect(counts).toEqual({ to_create: 2, duplicates: 3, invalid: 7 });
    const dup = await rowsOf(admin, id, 'duplicate');
    expect(dup.map((r) => [r.line, r.reason, r.duplicate_line])).toEqual([
      [3, 'email', null],
      [4, 'phone', null],
      [5, 'file_email', 2],
    ]);
    const invalid = await rowsOf(admin, id, 'invalid');
    expect(invalid.map((r) => [r.line, r.reason])).toEqual([
      [6, 'name_missing'],
      [7, 'email_missing'],
      [8, 'email_invalid'],
      [9, 'phone_invalid'],
      [10, 'language_unknown'],
      [11, 'too_long'],
      [12, 'text_invalid'],
    ]);
    // Nothing was written but the import's own rows.
    expect(await countUsers([a, c])).toBe(0);
    const page = await admin.get(`${BASE}/${id}/rows?outcome=invalid&limit=3`);
    expect(page.json().items).toHaveLength(3);
    const next = await admin.get(`${BASE}/${id}/rows?outcome=invalid&limit=3&cursor=${page.json().next_cursor}`);
    expect(next.json().items[0].line).toBe(9);
  });

  it('never 500s on hostile text, and keeps $ patterns and emoji as typed', async () => {
    const hostile = [
      '$& $1 $$',
      '\u0000',
      '\u200b',
      '😀'.repeat(140),
      '😀'.repeat(141),
      '=cmd|"/c calc"!A1',
      '<script>x</script>',
    ];
    const csv = [
      'Name,Email,Notes',
      ...hostile.map((h, i) => `"${h.replace(/"/g, '""')}",h${i}.${Date.now()}@x.test,"${h.replace(/"/g, '""')}"`),
    ].join('\n');
    const up = await upload(admin, csv);
    // A NUL byte makes the file binary.
    expect(up.statusCode).toBe(415);
    const { id, counts } = await checked(admin, csv.replaceAll('\u0000', 'nul'));
    expect(counts.to_create + counts.invalid + counts.duplicates).toBe(hostile.length);
    const created = await rowsOf(admin, id, 'create');
    expect(created.length).toBeGreaterThan(0);
    const invalid = await rowsOf(admin, id, 'invalid');
    expect(invalid.map((r) => r.reason).sort()).toEqual(['text_invalid', 'too_long']);
  });

  it('marks a line with broken quotes invalid and still reads every line after it', async () => {
    const e = (p: string) => uniqueEmail(p);
    const [a, b, c, d] = [e('qa'), e('qb'), e('qc'), e('qd')];
    const csv = [
      'Name,Email,Notes',
      `Ann,${a},`, // 2
      `=HYPERLINK("http://x/","y"),${e('hl')},`, // 3 broken: the second cell opens a quote that never closes well
      `Bob "Bobby" Smith,${b},`, // 4 a quote inside a plain cell is text
      `"Open quote,${e('oq')},`, // 5 broken: never closed
      `Cy,${c},"two`, // 6 a note over two lines
      `lines"`, // 7
      `Di,${d},=1+2`, // 8 a formula is kept as text
    ].join('\n');
    const up = await upload(admin, csv);
    expect(up.json().row_count).toBe(6);
    const { id, counts } = await checked(admin, csv);
    expect(counts).toEqual({ to_create: 4, duplicates: 0, invalid: 2 });
    const invalid = await rowsOf(admin, id, 'invalid');
    expect(invalid.map((r) => [r.line, r.reasons])).toEqual([
      [3, ['malformed']],
      [5, ['malformed']],
    ]);
    expect(invalid[0]!.full_name).toBe('=HYPERLINK("http://x/"');
    const created = await rowsOf(admin, id, 'create');
    expect(created.map((r) => [r.line, r.full_name])).toEqual([
      [2, 'Ann'],
      [4, 'Bob "Bobby" Smith'],
      [6, 'Cy'],
      [8, 'Di'],
    ]);
    await admin.post(`${BASE}/${id}/commit`);
    const [di] = await rows(
      t.database.db,
      rowSchema({ body: col.text() }),
      sql`select n.body from client_notes n join users u on u.id = n.user_id where u.email = ${d}`,
    );
    expect(di!.body).toBe('=1+2');
  });

  it('names the earlier line of an in-file duplicate, whatever the case or spaces of its e-mail', async () => {
    const existing = await createCustomer(t, { phone: '+12025550143' });
    const a = uniqueEmail('Case');
    const csv = [
      'Name,Email,Phone',
      `Ann,${a},202-555-0143`, // 2 a customer has this phone
      `Ann Again, ${a.toUpperCase()} ,(202) 555-0143`, // 3 line 2's e-mail
      `Ann Phone,${uniqueEmail('other')},202 555 0143`, // 4 the customer's phone, line 2's too
      `Ann Bad,${a},12`, // 5 invalid, and line 2's e-mail
      `,not-mail,12`, // 6 every reason
    ].join('\n');
    const { id } = await checked(admin, csv);
    expect(existing.email).not.toBe(a);
    const dup = await rowsOf(admin, id, 'duplicate');
    expect(dup.map((r) => [r.line, r.reason, r.reasons, r.duplicate_line])).toEqual([
      [2, 'phone', ['phone'], null],
      [3, 'file_email', ['file_email', 'phone'], 2],
      [4, 'phone', ['phone', 'file_phone'], 2],
    ]);
    const invalid = await rowsOf(admin, id, 'invalid');
    expect(invalid.map((r) => [r.line, r.reasons, r.duplicate_line])).toEqual([
      [5, ['phone_invalid', 'file_email'], 2],
      [6, ['name_missing', 'email_invalid', 'phone_invalid'], null],
    ]);
  });
});

describe('commit', () => {
  it('creates the clients once: a second commit and the same file again create nothing', async () => {
    const [a, b] = [uniqueEmail('ca'), uniqueEmail('cb')];
    const csv = `Name,Email,Phone,Language,Notes\nAna A,${a},202-555-0190,Spanish,Prefers mornings\nBo B,${b},,,\nBad,nope,,,\n`;
    const { id } = await checked(admin, csv);
    const first = await admin.post(`${BASE}/${id}/commit`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: 2,
      duplicates: 0,
      invalid: 1,
      import: { status: 'committed', created: 2 },
    });
    expect(await countUsers([a, b])).toBe(2);
    const again = await admin.post(`${BASE}/${id}/commit`);
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(0);
    expect((await admin.put(`${BASE}/${id}/mapping`, { mapping: { full_name: 0, email: 1 } })).statusCode).toBe(409);
    expect((await admin.post(`${BASE}/${id}/dry-run`)).statusCode).toBe(409);

    const second = await checked(admin, csv);
    expect(second.imp.same_file_as).toBe(id);
    expect(second.counts).toEqual({ to_create: 0, duplicates: 2, invalid: 1 });
    const res = await admin.post(`${BASE}/${second.id}/commit`);
    expect(res.json().created).toBe(0);
    expect(await countUsers([a, b])).toBe(2);

    // The client: a customer without a password, in their language, with staff's note.
    const [ana] = await rows(
      t.database.db,
      rowSchema({
        id: col.text(),
        phone: col.text().nullable(),
        password_hash: col.text().nullable(),
        language: col.text().nullable(),
        role: col.text(),
      }),
      sql`select u.id, u.phone, u.password_hash, s.language, r.role from users u join user_roles r on r.user_id = u.id
          left join user_settings s on s.user_id = u.id where u.email = ${a}`,
    );
    expect(ana).toMatchObject({ phone: '+12025550190', password_hash: null, language: 'es', role: 'Customer' });
    const notes = await staff.get(`/api/v1/contacts/${ana!.id}/notes`);
    expect(notes.json().notes).toBe('Prefers mornings');
    expect((await customer.get(`/api/v1/contacts/${ana!.id}/notes`)).statusCode).toBe(403);
  });

  it('tells the Admin when this portal cannot deliver invitations (no SMTP_URL, no Twilio)', async () => {
    const { id } = await checked(admin, `Name,Email\nNo Transport,${uniqueEmail('nt')}\n`);
    await admin.post(`${BASE}/${id}/commit`);
    const list = await admin.get(`${BASE}/${id}/invitations`);
    expect(list.json().delivery).toEqual({ email: false, sms: false });
  });

  it('checks duplicates again at commit time', async () => {
    const a = uniqueEmail('late');
    const { id } = await checked(admin, `Name,Email\nLate,${a}\n`);
    await createCustomer(t, { email: a });
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.json()).toMatchObject({ created: 0, duplicates: 1 });
  });

  it('makes the spouse a client too, linked in a household; a spouse without an e-mail stays on the row', async () => {
    const [p, s, q] = [uniqueEmail('p'), uniqueEmail('s'), uniqueEmail('q')];
    const csv = `Name,Email,Spouse,Spouse Email\nPat P,${p},Sam P,${s}\nQuinn Q,${q},Robin Q,\nBad,${uniqueEmail('r')},,also-bad\n`;
    const { id, counts } = await checked(admin, csv);
    expect(counts).toEqual({ to_create: 2, duplicates: 0, invalid: 1 });
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.json().created).toBe(3);
    const members = await rows(
      t.database.db,
      rowSchema({ email: col.text(), role: col.text(), household_id: col.text() }),
      sql`select u.email, m.role, m.household_id from household_members m join users u on u.id = m.user_id
          where u.email in (${p}, ${s}, ${q}) order by m.role`,
    );
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [p, 'primary'],
      [s, 'spouse'],
    ]);
    expect(members[0]!.household_id).toBe(members[1]!.household_id);
    expect(await countUsers([q])).toBe(1);
  });
});
