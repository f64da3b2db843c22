import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizerDefinitionSchema, type DocumentRequest, type OrganizerDefinition } from '@taxportal/contract';
import { col, rows as parsedRows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { organizerOf, publishTemplate, saveAnswers, serviceOfTests, ticketIn } from './organizers.fixtures.ts';

/**
 * What a save of a ticket's organizer takes (issue 32, an outside tester's findings): two tabs never undo each
 * other (a save names the revision it read; a stale one is a 409 that changes nothing), a save that leaves a sealed
 * answer out keeps it (only null clears), numbers within the question's own rules (whole, in range), SSNs and
 * ITINs that can exist (one rule with the questionnaire's), bank numbers sealed like an SSN.
 */
let t: TestApp;
let admin: Agent;
let prep: Agent;
let alice: Agent;

const DEFINITION: OrganizerDefinition = organizerDefinitionSchema.parse({
  sections: [
    {
      id: 'about',
      title: { en: 'About you' },
      questions: [
        { id: 'ssn', type: 'tax_id', label: { en: 'SSN or ITIN' } },
        { id: 'household_size', type: 'number', label: { en: 'People at home' }, integer: true, min: 1, max: 30 },
        { id: 'temperature', type: 'number', label: { en: 'Any number' } },
        { id: 'wages', type: 'money', label: { en: 'Wages' } },
        { id: 'loss', type: 'money', label: { en: 'Gain or loss' }, min: -100000, max: 100000 },
        {
          id: 'routing',
          type: 'text',
          required: false,
          format: 'routing_number',
          label: { en: 'Routing number' },
        },
        {
          id: 'account',
          type: 'text',
          required: false,
          format: 'account_number',
          label: { en: 'Account number' },
        },
        {
          id: 'sold_stock',
          type: 'yes_no',
          label: { en: 'Sold stock?' },
          request: { label: { en: '1099-B' }, document_type: '1099-B' },
        },
        {
          id: 'kids',
          type: 'group',
          label: { en: 'Children' },
          item_label_field: 'name',
          fields: [
            { id: 'name', type: 'text', label: { en: 'Name' } },
            { id: 'ssn', type: 'tax_id', label: { en: 'SSN' } },
          ],
        },
      ],
    },
  ],
});

const YEAR = 2012;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  prep = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  alice = await signIn(t, (await createCustomer(t, { full_name: 'Alice Able' })).email);
  await publishTemplate(admin, { service_id: await serviceOfTests(t), tax_year: YEAR, definition: DEFINITION });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const storedAnswers = async (ticketId: string) =>
  (
    await parsedRows(
      t.database.db,
      rowSchema({ answers: col.json(), revision: col.int() }),
      sql`select answers, revision from ticket_organizers where ticket_id = ${ticketId}`,
    )
  )[0];
const requestsOf = async (ticketId: string) =>
  (await alice.get(`/api/v1/tickets/${ticketId}/document-requests`)).json().items as DocumentRequest[];
const put = (agent: Agent, ticketId: string, body: Record<string, unknown>) =>
  agent.put(`/api/v1/tickets/${ticketId}/organizer`, { version: 1, ...body });

describe('two tabs: a save names the revision it read', () => {
  it('a stale tab gets a 409 in words and changes nothing; read again, it saves', async () => {
    const ticket = await ticketIn(t, alice, YEAR);
    // Both tabs open the organizer: never saved, revision 0.
    const tabA = (await organizerOf(alice, ticket.id))!;
    const tabB = (await organizerOf(alice, ticket.id))!;
    expect([tabA.revision, tabB.revision]).toEqual([0, 0]);

    // Tab A: sold stock (a 1099-B is asked for). Tab B, which never saw it, then saves its own full answers.
    const a = await put(alice, ticket.id, { revision: 0, answers: { sold_stock: true, wages: 1000 } });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().organizer.revision).toBe(1);
    const b = await put(alice, ticket.id, { revision: tabB.revision, answers: { sold_stock: false } });
    expect(b.statusCode).toBe(409);
    expect(b.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(b.json().detail).toBe(
      'These answers were changed in another tab or window since you opened them. Your last change was not saved: we loaded the latest answers.',
    );
    // Nothing of tab B's got in: tab A's answers and its request stand.
    expect(await storedAnswers(ticket.id)).toMatchObject({ answers: { sold_stock: true, wages: 1000 }, revision: 1 });
    expect((await requestsOf(ticket.id)).map((r) => [r.label, r.status])).toEqual([['1099-B', 'open']]);

    // Staff saving at the same time is a tab like any other.
    expect((await put(prep, ticket.id, { revision: 0, answers: {} })).statusCode).toBe(409);

    // Tab B reads again and saves from there.
    const fresh = (await organizerOf(alice, ticket.id))!;
    expect(fresh).toMatchObject({ revision: 1, answers: { sold_stock: true, wages: 1000 } });
    const again = await put(alice, ticket.id, { revision: fresh.revision, answers: { ...fresh.answers, wages: 2000 } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().organizer.revision).toBe(2);

    // A revision from the future is no better than a stale one; none at all is refused as input.
    expect((await put(alice, ticket.id, { revision: 7, answers: {} })).statusCode).toBe(409);
    const missing = await put(alice, ticket.id, { answers: {} });
    expect(missing.statusCode).toBe(422);
    expect((await storedAnswers(ticket.id))!.revision).toBe(2);
  });

  it('the Spanish reader is told in Spanish', async () => {
    const ticket = await ticketIn(t, alice, YEAR);
    expect((await saveAnswers(alice, ticket.id, 1, { wages: 1 })).statusCode).toBe(200);
    const stale = await alice.request({
      method: 'PUT',
      url: `/api/v1/tickets/${ticket.id}/organizer`,
      payload: { version: 1, revision: 0, answers: {} },
      headers: { 'accept-language': 'es' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/^Estas respuestas se cambiaron en otra pestaña o ventana/);
  });
});

describe('sealed answers left out of a save are kept; only null clears', () => {
  it('keeps the SSN, an entry’s SSN and the account number a save leaves out', async () => {
    const ticket = await ticketIn(t, alice, YEAR);
    const first = await saveAnswers(alice, ticket.id, 1, {
      ssn: '123-45-6789',
      account: '000123454321',
      kids: [{ id: 'k1', name: 'Kim', ssn: '555-44-3333' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().organizer.answers).toMatchObject({
      ssn: '***-**-6789',
      account: '****4321',
      kids: [{ id: 'k1', ssn: '***-**-3333' }],
    });
    const sealedBefore = JSON.stringify((await storedAnswers(ticket.id))!.answers);

    // A page that never showed them (an older tab, an API client) saves other answers only.
    const other = await saveAnswers(alice, ticket.id, 1, { wages: 10, kids: [{ id: 'k1', name: 'Kim Able' }] });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().organizer.answers).toMatchObject({
      ssn: '***-**-6789',
      account: '****4321',
      kids: [{ id: 'k1', name: 'Kim Able', ssn: '***-**-3333' }],
    });
    const stored = (await storedAnswers(ticket.id))!.answers as Record<string, unknown>;
    const sealed = JSON.parse(sealedBefore) as Record<string, unknown>;
    expect(stored.ssn).toEqual(sealed.ssn);
    expect(stored.account).toEqual(sealed.account);
    expect(JSON.stringify(stored)).not.toContain('123456789');
    expect((await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'account' })).json()).toEqual({
      path: 'account',
      value: '000123454321',
    });

    // An explicit null clears; so does removing the entry that held one.
    const cleared = await saveAnswers(alice, ticket.id, 1, { ssn: null, kids: [] });
    expect(cleared.json().organizer.answers.ssn).toBeNull();
    expect(cleared.json().organizer.answers.account).toBe('****4321');
    expect((await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'ssn' })).statusCode).toBe(404);
    const audit = await parsedRows(
      t.database.db,
      rowSchema({ meta: col.json() }),
      sql`select meta from audit_log where action = 'organizer.save' and entity_id = ${ticket.id} order by id`,
    );
    expect(audit.map((a) => (a.meta as { sealed_cleared?: string[] }).sealed_cleared ?? [])).toEqual([
      [],
      [],
      ['organizer.ssn', 'organizer.kids[k1].ssn'],
    ]);
  });
});

describe('numbers, amounts and bank numbers as the question says', () => {
  let ticket: { id: string };
  beforeAll(async () => {
    ticket = await ticketIn(t, alice, YEAR);
  });

  const refused = async (answers: Record<string, unknown>) => {
    const res = await saveAnswers(alice, ticket.id, 1, answers);
    expect(res.statusCode, JSON.stringify(answers)).toBe(422);
    return (res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]);
  };

  it('a count is whole and within its range; a number without rules takes any', async () => {
    expect(await refused({ household_size: 2.5 })).toEqual([['answers.household_size', 'Must be a whole number.']]);
    expect(await refused({ household_size: -1 })).toEqual([['answers.household_size', 'Too small for this question.']]);
    expect(await refused({ household_size: 0 })).toEqual([['answers.household_size', 'Too small for this question.']]);
    expect(await refused({ household_size: 31 })).toEqual([['answers.household_size', 'Too large for this question.']]);
    const ok = await saveAnswers(alice, ticket.id, 1, { household_size: 4, temperature: -2.5 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().organizer.answers).toMatchObject({ household_size: 4, temperature: -2.5 });
  });

  it('an amount is 0 or more in cents unless the question sets a range', async () => {
    expect((await refused({ wages: -1 }))[0]![0]).toBe('answers.wages');
    expect((await refused({ wages: 10.005 }))[0]![0]).toBe('answers.wages');
    expect(await refused({ loss: -100000.01 })).toEqual([['answers.loss', 'Too small for this question.']]);
    const ok = await saveAnswers(alice, ticket.id, 1, { wages: 0, loss: -2500.5 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a routing number is nine digits; an account number 4 to 17, sealed', async () => {
    expect(await refused({ routing: '12345' })).toEqual([['answers.routing', 'Must be exactly nine digits.']]);
    expect(await refused({ account: '12a4' })).toEqual([['answers.account', 'Must be 4 to 17 digits.']]);
    const ok = await saveAnswers(alice, ticket.id, 1, { routing: '021000021', account: '99887766' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().organizer.answers).toMatchObject({ routing: '021000021', account: '****7766' });
    expect(JSON.stringify((await storedAnswers(ticket.id))!.answers)).not.toContain('99887766');
  });

  it('the definition refuses a range whose smallest is above its largest', async () => {
    const bad = await admin.post('/api/v1/admin/organizers', {
      name: 'Bad range',
      service_id: null,
      tax_year: 2001,
      definition: {
        sections: [
          {
            id: 's',
            title: { en: 'S' },
            questions: [{ id: 'n', type: 'number', label: { en: 'N' }, integer: true, min: 5, max: 1 }],
          },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({
      field: 'definition.sections.0.questions.0.max',
      message: 'The smallest value cannot be larger than the largest.',
    });
  });
});

describe('SSNs and ITINs: one rule with the questionnaire', () => {
  let ticket: { id: string };
  beforeAll(async () => {
    ticket = await ticketIn(t, alice, YEAR);
  });

  it('refuses numbers nobody issues, in the organizer and the questionnaire alike', async () => {
    const notIssued = 'This is not an SSN or ITIN that can exist: check the number.';
    for (const bad of ['000-00-0000', '000-12-3456', '666-12-3456', '123-00-4567', '123-45-0000', '912-34-5678'])
      expect(await saveAnswers(alice, ticket.id, 1, { ssn: bad }).then((r) => r.json().errors), bad).toEqual([
        { field: 'answers.ssn', message: notIssued },
      ]);
    const short = await saveAnswers(alice, ticket.id, 1, { ssn: '12-345-678' });
    expect(short.json().errors).toEqual([{ field: 'answers.ssn', message: 'Must be exactly nine digits.' }]);

    // The questionnaire of a ticket no organizer applies to refuses the same.
    const other = await ticketIn(t, alice, 2011);
    const q = await alice.put(`/api/v1/tickets/${other.id}/profile/tax_payer`, { ssn: '666-12-3456' });
    expect(q.statusCode).toBe(422);
    expect(q.json().errors).toEqual([{ field: 'ssn', message: notIssued }]);
    const spaced = await alice.put(`/api/v1/tickets/${other.id}/profile/tax_payer`, { ssn: '123 45 6789' });
    expect(spaced.statusCode, spaced.body).toBe(200);
  });

  it('takes an SSN typed with spaces and keeps it as 123-45-6789; takes an ITIN', async () => {
    const res = await saveAnswers(alice, ticket.id, 1, {
      ssn: ' 123 45 6789 ',
      kids: [{ id: 'k1', name: 'Kim', ssn: '912-70-1234' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organizer.answers.ssn).toBe('***-**-6789');
    const shown = await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'ssn' });
    expect(shown.json()).toEqual({ path: 'ssn', value: '123-45-6789' });
    const kid = await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'kids.k1.ssn' });
    expect(kid.json().value).toBe('912-70-1234');
  });
});
