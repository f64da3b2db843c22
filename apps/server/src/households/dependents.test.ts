import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdDependentSchema, MAX_HOUSEHOLD_DEPENDENTS, type HouseholdDependent } from '@taxportal/contract';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { households } from '../platform/db/schema.ts';
import { HOSTILE_STRINGS } from '../test/hostile-input.ts';
import { insertHouseholds } from './households.repository.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';

/**
 * Household → Dependents through the API (issue 32 item 5; docs/decisions/0032-a): one list per household, which
 * both spouses read and change; SSNs sealed at rest, masked in every answer, in clear only through the audited
 * reveal; another household's dependents are not found; hostile text and the limit refused with nothing changed.
 */
let t: TestApp;
let ana: Agent; // married to ben
let ben: Agent;
let cleo: Agent; // another household (alone)
let prep: Agent;
let anaId: string;

const BASE = '/api/v1/household/dependents';
const SSN = '123-45-6789';

/** Makes two customers a household, through membership's one writer (as the client import does). */
const marry = (primary: string, spouse: string) =>
  insertHouseholds(t.database.db, [{ id: randomUUID(), primary, spouse }]);

const list = async (agent: Agent) => {
  const res = await agent.get(BASE);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: HouseholdDependent[]; max: number };
};
const storedSsn = async (id: string) =>
  (
    await rows(
      t.database.db,
      rowSchema({ ssn: col.json().nullable() }),
      sql`select ssn from household_dependents where id = ${id}`,
    )
  )[0]?.ssn;
const auditOf = (action: string, id: string) =>
  rows(
    t.database.db,
    rowSchema({ actor_id: col.text().nullable(), meta: col.json().nullable() }),
    sql`select actor_id, meta from audit_log where action = ${action} and entity_id = ${id} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await createCustomer(t, { full_name: 'Ana Able' });
  const b = await createCustomer(t, { full_name: 'Ben Able' });
  const c = await createCustomer(t, { full_name: 'Cleo Other' });
  const p = await createStaff(t, 'Tax Preparer');
  anaId = a.id;
  await marry(a.id, b.id);
  [ana, ben, cleo, prep] = await Promise.all([
    signIn(t, a.email),
    signIn(t, b.email),
    signIn(t, c.email),
    signIn(t, p.email),
  ]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('one list per household', () => {
  let kid: HouseholdDependent;

  it('adds a dependent: its SSN sealed in the row, masked in the answer, normalised', async () => {
    const res = await ana.post(BASE, {
      first_name: ' Lucía ',
      last_name: 'Able',
      date_of_birth: '2016-04-02',
      relationship: 'Daughter',
      months_lived_with_you: 12,
      ssn: '123 45 6789',
    });
    expect(res.statusCode, res.body).toBe(201);
    kid = householdDependentSchema.parse(res.json());
    expect(kid).toMatchObject({ first_name: 'Lucía', ssn: '***-**-6789', months_lived_with_you: 12 });
    expect(res.body).not.toMatch(/123.?45.?6789/);
    const stored = JSON.stringify(await storedSsn(kid.id));
    expect(stored).toContain('"$sealed":"f1.');
    expect(stored).not.toMatch(/123.?45.?6789/);
    const [created] = await auditOf('household.dependent.create', kid.id);
    expect(created!.meta).toMatchObject({ owner_id: anaId, sealed_written: ['ssn'] });
  });

  it('is the spouse’s list too: Ben reads it and changes it; a mask sent back keeps the number', async () => {
    const seen = await list(ben);
    expect(seen.max).toBe(MAX_HOUSEHOLD_DEPENDENTS);
    expect(seen.items.map((d) => d.first_name)).toEqual(['Lucía']);
    // The body is the dependent as written, not its view (an id or a date of change is refused).
    expect((await ben.put(`${BASE}/${kid.id}`, seen.items[0])).statusCode).toBe(422);
    const { id: _id, updated_at: _at, ...body } = seen.items[0]!;
    const saved = await ben.put(`${BASE}/${kid.id}`, { ...body, months_lived_with_you: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ months_lived_with_you: 10, ssn: '***-**-6789' });
    expect((await list(ana)).items[0]!.months_lived_with_you).toBe(10);
    const reveal = await ana.post(`${BASE}/${kid.id}/reveal`);
    expect(reveal.json()).toEqual({ id: kid.id, value: SSN });
  });

  it('refuses a mask that matches nothing stored; null removes the number from the row', async () => {
    const other = await ana.post(BASE, { first_name: 'Mateo', ssn: '***-**-6789' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].field).toBe('ssn');
    const cleared = await ana.put(`${BASE}/${kid.id}`, { first_name: 'Lucía', ssn: null });
    expect(cleared.json().ssn).toBeNull();
    expect(await storedSsn(kid.id)).toBeNull();
    expect((await ana.post(`${BASE}/${kid.id}/reveal`)).statusCode).toBe(404);
    await ana.put(`${BASE}/${kid.id}`, { first_name: 'Lucía', ssn: SSN });
  });

  it('audits every reveal, naming who; never the number', async () => {
    await ben.post(`${BASE}/${kid.id}/reveal`);
    const reveals = await auditOf('household.dependent.reveal', kid.id);
    expect(reveals.map((r) => r.actor_id)).toHaveLength(2);
    const everything = JSON.stringify(
      await rows(t.database.db, rowSchema({ meta: col.json().nullable() }), sql`select meta from audit_log`),
    );
    expect(everything).not.toMatch(/123.?45.?6789/);
  });

  it('is nothing to another household: its list is empty and each id 404, never 403', async () => {
    expect((await list(cleo)).items).toEqual([]);
    for (const res of [
      await cleo.put(`${BASE}/${kid.id}`, { first_name: 'Taken' }),
      await cleo.post(`${BASE}/${kid.id}/reveal`),
      await cleo.delete(`${BASE}/${kid.id}`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await list(ana)).items.map((d) => d.first_name)).toEqual(['Lucía']);
  });

  it('is a customer’s: staff are refused before anything is read', async () => {
    expect((await prep.get(BASE)).statusCode).toBe(403);
    expect((await prep.post(`${BASE}/${kid.id}/reveal`)).statusCode).toBe(403);
  });

  it('removes a dependent for both spouses', async () => {
    const extra = (await ben.post(BASE, { first_name: 'Temp' })).json() as HouseholdDependent;
    expect((await list(ana)).items).toHaveLength(2);
    expect((await ana.delete(`${BASE}/${extra.id}`)).statusCode).toBe(204);
    expect((await list(ben)).items.map((d) => d.id)).toEqual([kid.id]);
    expect((await ana.delete(`${BASE}/${extra.id}`)).statusCode).toBe(404);
  });
});

describe('joining and leaving a household', () => {
  it("brings each one's dependents into the one list, and each keeps their own when it ends", async () => {
    const [d, e] = await Promise.all([createCustomer(t), createCustomer(t)]);
    const [dora, eli] = await Promise.all([signIn(t, d.email), signIn(t, e.email)]);
    expect((await dora.post(BASE, { first_name: 'Dora kid' })).statusCode).toBe(201);
    expect((await eli.post(BASE, { first_name: 'Eli kid' })).statusCode).toBe(201);
    const id = randomUUID();
    await insertHouseholds(t.database.db, [{ id, primary: d.id, spouse: e.id }]);
    for (const who of [dora, eli])
      expect((await list(who)).items.map((x) => x.first_name).sort()).toEqual(['Dora kid', 'Eli kid']);
    await t.database.db.delete(households).where(eq(households.id, id));
    expect((await list(dora)).items.map((x) => x.first_name)).toEqual(['Dora kid']);
    expect((await list(eli)).items.map((x) => x.first_name)).toEqual(['Eli kid']);
  });
});

describe('what is refused changes nothing', () => {
  it('refuses a second dependent with the same SSN or ITIN in the household (409), however it is written', async () => {
    const [f, g] = await Promise.all([createCustomer(t), createCustomer(t)]);
    await marry(f.id, g.id);
    const [fay, gus] = await Promise.all([signIn(t, f.email), signIn(t, g.email)]);
    const first = await fay.post(BASE, { first_name: 'Twin', ssn: '234-56-7891' });
    expect(first.statusCode, first.body).toBe(201);
    // A double-tapped Save; the spouse adding the same number written without dashes.
    for (const [who, ssn] of [
      [fay, '234-56-7891'],
      [gus, '234567891'],
    ] as const) {
      const dup = await who.post(BASE, { first_name: 'Twin', ssn });
      expect(dup.statusCode, dup.body).toBe(409);
      expect(dup.json().detail).toBe('This household already has a dependent with this SSN or ITIN.');
    }
    // Changing another dependent to that number is refused too; another number (same last four) is fine.
    const other = (await gus.post(BASE, { first_name: 'Other', ssn: '345-67-7891' })).json() as HouseholdDependent;
    expect(other.ssn).toBe('***-**-7891');
    expect((await gus.put(`${BASE}/${other.id}`, { first_name: 'Other', ssn: '234-56-7891' })).statusCode).toBe(409);
    // Saving the first one again with its own number (its mask) is no duplicate.
    const mine = first.json() as HouseholdDependent;
    expect((await fay.put(`${BASE}/${mine.id}`, { first_name: 'Twin A', ssn: mine.ssn })).statusCode).toBe(200);
    expect((await list(fay)).items.map((d) => d.first_name).sort()).toEqual(['Other', 'Twin A']);
  });

  it(`refuses to join two lists that together keep more than ${MAX_HOUSEHOLD_DEPENDENTS} dependents (409)`, async () => {
    const [h, k] = await Promise.all([createCustomer(t), createCustomer(t, { full_name: 'Kim Many' })]);
    const [hal, kim] = await Promise.all([signIn(t, h.email), signIn(t, k.email)]);
    for (let i = 0; i < 15; i += 1) {
      expect((await hal.post(BASE, { first_name: `H ${i}` })).statusCode).toBe(201);
      expect((await kim.post(BASE, { first_name: `K ${i}` })).statusCode).toBe(201);
    }
    const sent = await hal.post('/api/v1/household/invitations', { full_name: 'Kim Many', email: k.email });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const invitationId = (sent.json() as { sent: { id: string }[] }).sent[0]!.id;
    const res = await kim.post(`/api/v1/household/invitations/${invitationId}/accept`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toContain(String(MAX_HOUSEHOLD_DEPENDENTS));
    expect((await list(kim)).items).toHaveLength(15);
    expect((await kim.get('/api/v1/household')).json()).toMatchObject({ members: [] });
  });

  it('refuses hostile text with 422 (never 5xx), and keeps emoji and accents', async () => {
    const before = (await list(cleo)).items.length;
    for (const bad of ['\u202eevil', 'a\u0000b', '\u200b\u200b', 'x'.repeat(121)]) {
      const res = await cleo.post(BASE, { first_name: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    for (const hostile of HOSTILE_STRINGS) {
      const res = await cleo.post(BASE, { first_name: 'Ok', relationship: hostile });
      expect(res.statusCode, JSON.stringify(hostile)).toBeLessThan(500);
      if (res.statusCode === 201) await cleo.delete(`${BASE}/${(res.json() as HouseholdDependent).id}`);
    }
    const fine = await cleo.post(BASE, { first_name: 'Zoë 🌟', last_name: '$& $1 Ñúñez' });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json()).toMatchObject({ first_name: 'Zoë 🌟', last_name: '$& $1 Ñúñez' });
    expect((await list(cleo)).items).toHaveLength(before + 1);
    for (const bad of [
      { first_name: 'A', months_lived_with_you: 13 },
      { first_name: 'A', ssn: '000-00-0000' },
      { first_name: 'A', extra: 1 },
      { first_name: 'A', date_of_birth: '1800-01-01' },
      { first_name: 'A', date_of_birth: '2999-01-01' },
    ])
      expect((await cleo.post(BASE, bad)).statusCode).toBe(422);
    const early = await cleo.post(BASE, { first_name: 'A', date_of_birth: '1899-12-31' });
    expect(early.json().errors[0]).toMatchObject({
      field: 'date_of_birth',
      message: 'Enter a date of birth from 1900 on.',
    });
    expect((await cleo.put(`${BASE}/${'x'.repeat(41)}`, { first_name: 'A' })).statusCode).toBe(422);
  });

  it(`keeps at most ${MAX_HOUSEHOLD_DEPENDENTS} dependents per household, spouses together`, async () => {
    const have = (await list(ana)).items.length;
    for (let i = have; i < MAX_HOUSEHOLD_DEPENDENTS; i += 1) {
      const who = i % 2 ? ana : ben;
      expect((await who.post(BASE, { first_name: `Child ${i}` })).statusCode).toBe(201);
    }
    const full = await ben.post(BASE, { first_name: 'One more' });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toContain(String(MAX_HOUSEHOLD_DEPENDENTS));
    expect((await list(ana)).items).toHaveLength(MAX_HOUSEHOLD_DEPENDENTS);
  });
});
