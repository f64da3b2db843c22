import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependentEntry, householdGroupOf, type HouseholdDependent } from '@taxportal/contract';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { insertHouseholds } from '../households/index.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { TEST_ORGANIZER, organizerOf, publishTemplate, saveAnswers, serviceOfTests } from './organizers.fixtures.ts';

/**
 * After a split (docs/decisions/0032-a): the former spouse who still sees a joint return is offered, copies from and
 * updates only their CURRENT household's dependents — never the other's, added before or after the split; a mask of
 * the other's dependent is refused (422), never sealed into the ticket, so nothing is there to reveal.
 */
let t: TestApp;
let paula: Agent;
let sam: Agent;
let jointId: string;
const YEAR = 2019;
const group = householdGroupOf(TEST_ORGANIZER)!;
const KID = { first_name: 'Pia', last_name: 'Paula', ssn: '123-45-6789' };

const household = async (agent: Agent) =>
  ((await agent.get('/api/v1/household/dependents')).json() as { items: HouseholdDependent[] }).items;
const updatesBy = (actorId: string) =>
  rows(
    t.database.db,
    rowSchema({ entity_id: col.text().nullable() }),
    sql`select entity_id from audit_log where action = 'household.dependent.update' and actor_id = ${actorId}`,
  );

let samId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [p, s, admin] = await Promise.all([
    createCustomer(t, { full_name: 'Paula Split' }),
    createCustomer(t, { full_name: 'Sam Split' }),
    createStaff(t, 'Admin'),
  ]);
  samId = s.id;
  await insertHouseholds(t.database.db, [{ id: randomUUID(), primary: p.id, spouse: s.id }]);
  [paula, sam] = await Promise.all([signIn(t, p.email), signIn(t, s.email)]);
  const serviceId = await serviceOfTests(t);
  await publishTemplate(await signIn(t, admin.email), { service_id: serviceId, tax_year: YEAR, name: 'Family' });
  jointId = (await openTicket(t, paula, { year: YEAR, joint: true })).id;
  // A dependent of Paula's before the split, one after.
  expect(
    (await paula.post('/api/v1/household/dependents', { first_name: 'Before', ssn: '111-22-3333' })).statusCode,
  ).toBe(201);
  expect((await sam.post('/api/v1/household/leave')).statusCode).toBeLessThan(300);
  expect((await paula.post('/api/v1/household/dependents', KID)).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a joint return after the household split', () => {
  it("offers the former spouse only their own household's dependents", async () => {
    const o = await organizerOf(sam, jointId);
    if (!o) throw new Error('the joint return is not visible to Sam after the split (precondition of the report)');
    expect(o.household?.dependents ?? []).toEqual([]);
    expect(JSON.stringify(o)).not.toContain('6789');
    // Paula, the ticket's customer, still sees her own.
    const hers = (await organizerOf(paula, jointId))!.household!.dependents.map((d) => d.first_name).sort();
    expect(hers).toEqual(['Before', 'Pia']);
  });

  it("refuses the mask of the other's dependent (422): nothing sealed, nothing to reveal, her record untouched", async () => {
    const kid = (await household(paula)).find((d) => d.first_name === 'Pia')!;
    expect(kid.ssn).toBe('***-**-6789');
    const res = await saveAnswers(sam, jointId, 1, { has_dependents: true, dependents: [dependentEntry(group, kid)] });
    expect(res.statusCode, res.body).toBe(422);
    const reveal = await sam.post(`/api/v1/tickets/${jointId}/organizer/reveal`, { path: `dependents.${kid.id}.ssn` });
    expect(reveal.statusCode).not.toBe(200);
    expect(reveal.body).not.toContain('6789');
  });

  it("a save by the former spouse never edits the other's dependent record", async () => {
    const kid = (await household(paula)).find((d) => d.first_name === 'Pia')!;
    const entry = { ...dependentEntry(group, kid), first_name: 'Renamed', ssn: null };
    const res = await saveAnswers(sam, jointId, 1, { has_dependents: true, dependents: [entry] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await household(paula)).find((d) => d.id === kid.id)).toMatchObject({
      first_name: 'Pia',
      ssn: '***-**-6789',
    });
    expect(await updatesBy(samId)).toEqual([]);
  });
});
