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
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
}, 120_000);
afterAll(async () => t.close());

const householdsOf = async (emails: string[]) =>
  rows(
    t.database.db,
    rowSchema({ email: col.text(), role: col.text(), household_id: col.text() }),
    sql`select u.email, m.role, m.household_id from household_members m join users u on u.id = m.user_id
        where u.email in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )}) order by u.email`,
  );

describe('spouse e-mails', () => {
  it('two rows naming the same spouse: the second is a duplicate of the first, and the commit succeeds', async () => {
    const [a, b, s] = [uniqueEmail('s3x'), uniqueEmail('s3y'), uniqueEmail('s3z')];
    const csv = `Name,Email,Spouse,Spouse Email\nSolo Three,${a},Shared Spouse,${s}\nSolo Three B,${b},Shared Spouse,${s}\n`;
    const { id, counts } = await checked(admin, csv);
    expect(counts).toEqual({ to_create: 1, duplicates: 1, invalid: 0 });
    const [dup] = await rowsOf(admin, id, 'duplicate');
    expect(dup).toMatchObject({ line: 3, reason: 'file_spouse', duplicate_line: 2 });
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, duplicates: 1 });
    const members = await householdsOf([a, b, s]);
    expect(members.map((m) => [m.email, m.role])).toEqual(
      [
        [a, 'primary'],
        [s, 'spouse'],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
  });

  it('a spouse who is a client or staff is named, never linked, and no client is half made', async () => {
    const client = (await createCustomer(t)).email;
    const staffer = (await createStaff(t, 'Tax Preparer')).email;
    const [a, b] = [uniqueEmail('sc'), uniqueEmail('ss')];
    const csv = `Name,Email,Spouse,Spouse Email\nA One,${a},Client Spouse,${client}\nB One,${b},Staff Spouse,${staffer}\n`;
    const { id, counts } = await checked(admin, csv);
    expect(counts).toEqual({ to_create: 0, duplicates: 2, invalid: 0 });
    expect((await rowsOf(admin, id, 'duplicate')).map((r) => r.reason)).toEqual(['spouse_client', 'spouse_staff']);
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.json()).toMatchObject({ created: 0, duplicates: 2 });
    expect(await householdsOf([a, b, client, staffer])).toEqual([]);
  });

  it('a spouse who is the person of another row is named whatever the order of the rows', async () => {
    for (const order of ['spouse first', 'person first']) {
      const [a, b] = [uniqueEmail('pa'), uniqueEmail('pb')];
      const withSpouse = `Ann A,${a},Bea B,${b}`;
      const person = `Bea B,${b},,`;
      const body = order === 'spouse first' ? [withSpouse, person] : [person, withSpouse];
      const { id, counts } = await checked(admin, `Name,Email,Spouse,Spouse Email\n${body.join('\n')}\n`);
      expect(counts, order).toEqual({ to_create: 1, duplicates: 1, invalid: 0 });
      const [dup] = await rowsOf(admin, id, 'duplicate');
      expect(dup, order).toMatchObject({ email: a, reason: 'spouse_in_file' });
      expect(dup!.duplicate_line).toBe(order === 'spouse first' ? 3 : 2);
      expect((await admin.post(`${BASE}/${id}/commit`)).statusCode).toBe(200);
    }
  });

  it('a spouse made since the dry run: the row is a duplicate at commit, not a 500 nor a client without household', async () => {
    const [a, s] = [uniqueEmail('late-a'), uniqueEmail('late-s')];
    const { id } = await checked(admin, `Name,Email,Spouse,Spouse Email\nLate A,${a},Late S,${s}\n`);
    await createCustomer(t, { email: s });
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, duplicates: 1 });
    expect((await rowsOf(admin, id, 'duplicate'))[0]!.reason).toBe('spouse_client');
  });

  it('a spouse e-mail equal to the client’s own says so', async () => {
    const a = uniqueEmail('own');
    const { id } = await checked(admin, `Name,Email,Spouse,Spouse Email\nOwn A,${a},Own S,${a.toUpperCase()}\n`);
    expect((await rowsOf(admin, id, 'invalid'))[0]!.reasons).toEqual(['spouse_email_own']);
  });

  it('lists every row when no outcome is asked', async () => {
    const csv = `Name,Email\nOk,${uniqueEmail('all')}\nBad,not-an-email\n`;
    const { id } = await checked(admin, csv);
    const res = await admin.get(`${BASE}/${id}/rows`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((r: { outcome: string }) => r.outcome)).toEqual(['create', 'invalid']);
  });
});

describe('recent imports', () => {
  it('pages the Admin’s imports, newest first, to the last', async () => {
    const own = await signIn(t, (await createStaff(t, 'Admin')).email);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const name = `batch-${i}.csv`;
      const up = await upload(
        own,
        `Name,Email
P ${i},${uniqueEmail(`page${i}`)}
`,
        name,
      );
      expect(up.statusCode, up.body).toBe(201);
      names.unshift(name);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await own.get(`${BASE}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i: { file_name: string }) => i.file_name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(names);
    // Another Admin's cursor shows nothing of theirs.
    const other = (await own.get(`${BASE}?limit=1`)).json().next_cursor;
    expect((await admin.get(`${BASE}?cursor=${other}`)).json().items).toEqual([]);
  });
});
