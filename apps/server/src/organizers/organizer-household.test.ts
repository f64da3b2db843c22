import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dependentEntry,
  householdGroupOf,
  householdOffersSchema,
  MAX_HOUSEHOLD_DEPENDENTS,
  type HouseholdDependent,
} from '@taxportal/contract';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { insertHouseholds } from '../households/index.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import {
  TEST_ORGANIZER,
  organizerOf,
  publishTemplate,
  saveAnswers,
  serviceOfTests,
  ticketIn,
} from './organizers.fixtures.ts';

/**
 * A ticket's organizer and the household's dependents (issue 32 item 5; docs/decisions/0032-a): its group of
 * household dependents is offered the household's list (never filled unasked), a claimed dependent's SSN is copied
 * and sealed again for the ticket, an entry made or changed updates the household's copy, removing one from a year
 * leaves the household's; the spouse's own return sees the same list; another household, nothing.
 */
let t: TestApp;
let ana: Agent; // married to ben
let ben: Agent;
let cleo: Agent; // another household
let prep: Agent;
const YEAR = 2019;
const KID_SSN = '555-44-3333';
const group = householdGroupOf(TEST_ORGANIZER)!;
let anaTicket: { id: string };
let benTicket: { id: string };

const household = async (agent: Agent) =>
  ((await agent.get('/api/v1/household/dependents')).json() as { items: HouseholdDependent[] }).items;
const stored = async (ticketId: string) =>
  (
    await rows(
      t.database.db,
      rowSchema({ answers: col.json() }),
      sql`select answers from ticket_organizers where ticket_id = ${ticketId}`,
    )
  )[0]?.answers as { dependents?: { id: string; ssn: { $sealed: string } | null }[] } | undefined;
const audits = (action: string) =>
  rows(
    t.database.db,
    rowSchema({ actor_id: col.text().nullable(), meta: col.json().nullable() }),
    sql`select actor_id, meta from audit_log where action = ${action} order by id`,
  );
const decline = (agent: Agent, ticketId: string, dependentId: string, declined: boolean) =>
  agent.put(`/api/v1/tickets/${ticketId}/organizer/dependents/${dependentId}`, { declined });

const lucia = {
  id: 'kid-1',
  first_name: 'Lucía',
  last_name: 'Able',
  date_of_birth: '2016-04-02',
  relationship: 'Daughter',
  ssn: KID_SSN,
  months_lived_with_you: 12,
};

beforeAll(async () => {
  t = await createTestApp();
  const [a, b, c, p, admin] = await Promise.all([
    createCustomer(t, { full_name: 'Ana Able' }),
    createCustomer(t, { full_name: 'Ben Able' }),
    createCustomer(t, { full_name: 'Cleo Other' }),
    createStaff(t, 'Tax Preparer'),
    createStaff(t, 'Admin'),
  ]);
  await insertHouseholds(t.database.db, [{ id: randomUUID(), primary: a.id, spouse: b.id }]);
  [ana, ben, cleo, prep] = await Promise.all([
    signIn(t, a.email),
    signIn(t, b.email),
    signIn(t, c.email),
    signIn(t, p.email),
  ]);
  const serviceId = await serviceOfTests(t);
  await publishTemplate(await signIn(t, admin.email), { service_id: serviceId, tax_year: YEAR, name: 'Family' });
  anaTicket = await ticketIn(t, ana, YEAR);
  benTicket = await ticketIn(t, ben, YEAR);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a year's organizer and the household's dependents", () => {
  it('keeps a dependent first entered in an organizer in the household, its SSN sealed there too', async () => {
    expect((await organizerOf(ana, anaTicket.id))!.household).toEqual({ group: 'dependents', dependents: [] });
    const res = await saveAnswers(ana, anaTicket.id, 1, { has_dependents: true, dependents: [lucia] });
    expect(res.statusCode, res.body).toBe(200);
    const [kid] = await household(ben);
    expect(kid).toMatchObject({ id: 'kid-1', first_name: 'Lucía', months_lived_with_you: 12, ssn: '***-**-3333' });
    const sealed = await rows(
      t.database.db,
      rowSchema({ ssn: col.json() }),
      sql`select ssn from household_dependents where id = 'kid-1'`,
    );
    expect(JSON.stringify(sealed)).toContain('"$sealed":"f1.');
    expect(JSON.stringify(sealed)).not.toContain('5554');
    const reveal = await ben.post('/api/v1/household/dependents/kid-1/reveal');
    expect(reveal.json().value).toBe(KID_SSN);
    expect((await audits('household.dependent.create')).at(-1)!.meta).toMatchObject({ ticket_id: anaTicket.id });
  });

  it("offers the household's dependents on the spouse's own return, without filling them in", async () => {
    const o = (await organizerOf(ben, benTicket.id))!;
    expect(o.answers).toEqual({});
    const offers = householdOffersSchema.parse(o.household);
    expect(offers.dependents).toEqual([
      expect.objectContaining({ id: 'kid-1', first_name: 'Lucía', ssn: '***-**-3333', declined: false }),
    ]);
    expect(JSON.stringify(o)).not.toContain('5554');
  });

  it('"not this year": remembered for this return only, and undone', async () => {
    const no = await decline(ben, benTicket.id, 'kid-1', true);
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().dependents[0]).toMatchObject({ id: 'kid-1', declined: true });
    expect((await organizerOf(ben, benTicket.id))!.household!.dependents[0]!.declined).toBe(true);
    const yes = await decline(ben, benTicket.id, 'kid-1', false);
    expect(yes.json().dependents[0].declined).toBe(false);
    // Another household's dependent, or one that does not exist: not found.
    expect((await decline(ben, benTicket.id, 'nobody', true)).statusCode).toBe(404);
  });

  it('claims a dependent: the entry takes the household’s copy, its SSN sealed again for this ticket', async () => {
    const offer = (await organizerOf(ben, benTicket.id))!.household!.dependents[0]!;
    const updatesBefore = (await audits('household.dependent.update')).length;
    const res = await saveAnswers(ben, benTicket.id, 1, {
      has_dependents: true,
      dependents: [dependentEntry(group, offer)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().organizer;
    expect(o.answers.dependents[0]).toMatchObject({ id: 'kid-1', first_name: 'Lucía', ssn: '***-**-3333' });
    expect(o.household.dependents).toEqual([]);
    const mine = (await stored(benTicket.id))!.dependents![0]!.ssn!.$sealed;
    const hers = (await stored(anaTicket.id))!.dependents![0]!.ssn!.$sealed;
    expect(mine).not.toBe(hers);
    const reveal = await ben.post(`/api/v1/tickets/${benTicket.id}/organizer/reveal`, { path: 'dependents.kid-1.ssn' });
    expect(reveal.json().value).toBe(KID_SSN);
    // Claimed as it was: the household's copy is not written again.
    expect(await audits('household.dependent.update')).toHaveLength(updatesBefore);
  });

  it("updates the household's copy from an entry changed this year; the other year keeps its answers", async () => {
    const o = (await organizerOf(ben, benTicket.id))!;
    const kid = { ...(o.answers.dependents as Record<string, unknown>[])[0], months_lived_with_you: 10 };
    const res = await saveAnswers(ben, benTicket.id, 1, { ...o.answers, dependents: [kid] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await household(ana))[0]).toMatchObject({ months_lived_with_you: 10, ssn: '***-**-3333' });
    expect((await organizerOf(ana, anaTicket.id))!.answers.dependents).toEqual([
      expect.objectContaining({ months_lived_with_you: 12 }),
    ]);
    // Ana saves her year again with the entry as it was: an older copy never overwrites the household's.
    const hers = (await organizerOf(ana, anaTicket.id))!;
    expect((await saveAnswers(ana, anaTicket.id, 1, { ...hers.answers, household_size: 3 })).statusCode).toBe(200);
    expect((await household(ben))[0]!.months_lived_with_you).toBe(10);
  });

  it("a new SSN typed in an entry becomes the household's; staff's change too", async () => {
    const o = (await organizerOf(prep, benTicket.id))!;
    const kid = { ...(o.answers.dependents as Record<string, unknown>[])[0], ssn: '555-44-2222' };
    const res = await saveAnswers(prep, benTicket.id, 1, { ...o.answers, dependents: [kid] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await household(ana))[0]!.ssn).toBe('***-**-2222');
    expect((await ana.post('/api/v1/household/dependents/kid-1/reveal')).json().value).toBe('555-44-2222');
    const update = (await audits('household.dependent.update')).at(-1)!;
    expect(update.meta).toMatchObject({ ticket_id: benTicket.id, sealed_written: ['ssn'] });
  });

  it('removing a dependent from one year leaves the household’s, offered again', async () => {
    const o = (await organizerOf(ben, benTicket.id))!;
    const res = await saveAnswers(ben, benTicket.id, 1, { ...o.answers, dependents: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organizer.household.dependents.map((d: { id: string }) => d.id)).toEqual(['kid-1']);
    expect((await household(ana)).map((d) => d.id)).toEqual(['kid-1']);
  });

  it('refuses a mask that is not the household’s, and what the household’s rule refuses; nothing changes', async () => {
    const o = (await organizerOf(ben, benTicket.id))!;
    const wrong = await saveAnswers(ben, benTicket.id, 1, {
      ...o.answers,
      dependents: [{ ...lucia, ssn: '***-**-9999' }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].field).toBe('answers.dependents.0.ssn');
    const long = await saveAnswers(ben, benTicket.id, 1, {
      ...o.answers,
      dependents: [{ id: 'kid-9', first_name: 'L'.repeat(200) }],
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0].field).toBe('answers.dependents.0.first_name');
    expect((await organizerOf(ben, benTicket.id))!.answers.dependents).toEqual([]);
    expect((await household(ben)).map((d) => d.id)).toEqual(['kid-1']);
  });
});

describe('another household', () => {
  let cleoTicket: { id: string };
  beforeAll(async () => {
    cleoTicket = await ticketIn(t, cleo, YEAR);
  });

  it('sees nothing: no offers, 404 for the ticket and the dependent, a copied mask refused', async () => {
    expect((await organizerOf(cleo, cleoTicket.id))!.household).toEqual({ group: 'dependents', dependents: [] });
    expect((await cleo.get(`/api/v1/tickets/${anaTicket.id}/organizer`)).statusCode).toBe(404);
    expect((await decline(cleo, anaTicket.id, 'kid-1', true)).statusCode).toBe(404);
    expect((await decline(cleo, cleoTicket.id, 'kid-1', true)).statusCode).toBe(404);
    const taken = await saveAnswers(cleo, cleoTicket.id, 1, {
      has_dependents: true,
      dependents: [{ ...lucia, ssn: '***-**-2222' }],
    });
    expect(taken.statusCode).toBe(422);
    expect((await household(cleo)).map((d) => d.id)).toEqual([]);
    expect((await household(ana))[0]).toMatchObject({ first_name: 'Lucía', ssn: '***-**-2222' });
  });

  it('keeps its own list apart, and its limit holds through the organizer (409, nothing saved)', async () => {
    for (let i = 0; i < MAX_HOUSEHOLD_DEPENDENTS; i += 1)
      expect((await cleo.post('/api/v1/household/dependents', { first_name: `Kid ${i}` })).statusCode).toBe(201);
    const res = await saveAnswers(cleo, cleoTicket.id, 1, {
      has_dependents: true,
      dependents: [{ id: 'one-more', first_name: 'One more' }],
    });
    expect(res.statusCode).toBe(409);
    expect((await organizerOf(cleo, cleoTicket.id))!.answers).toEqual({});
    expect(await household(ana)).toHaveLength(1);
  });
});
