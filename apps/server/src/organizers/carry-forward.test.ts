import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_ORGANIZER, type DocumentRequest, type OrganizerDefinition } from '@taxportal/contract';
import { col, rows as parsedRows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { carryAnswers } from './carry-forward.ts';
import {
  TEST_ORGANIZER,
  organizerOf,
  publishTemplate,
  saveAnswers,
  serviceOfTests,
  ticketIn,
} from './organizers.fixtures.ts';

/**
 * Last year carried forward (issue 32 item 3): a returning client's organizer starts from the answers of their
 * latest earlier year that this year's version asks the same way, each to confirm; SSNs sealed again for the new
 * ticket; the documents they asked for proposed, not requested, until confirmed.
 */
let t: TestApp;
let admin: Agent;
let alice: Agent;
let bob: Agent;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  alice = await signIn(t, (await createCustomer(t, { full_name: 'Alice Able' })).email);
  bob = await signIn(t, (await createCustomer(t, { full_name: 'Bob Baker' })).email);
  serviceId = await serviceOfTests(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const LAST = 2021;
const THIS = 2022;
/** This year's version: the filing status lost "married filing separately"; the stock question is gone. */
const THIS_YEAR: OrganizerDefinition = {
  sections: TEST_ORGANIZER.sections.map((s) => ({
    ...s,
    questions: s.questions
      .filter((q) => q.id !== 'sold_stock' && q.id !== 'stock_proceeds' && q.id !== 'large_sale_note')
      .map((q) =>
        q.type === 'choice' ? { ...q, options: q.options.filter((o) => o.value !== 'married_separate') } : q,
      ),
  })),
};

const requestsOf = async (agent: Agent, ticketId: string) =>
  (await agent.get(`/api/v1/tickets/${ticketId}/document-requests`)).json().items as DocumentRequest[];

describe('carrying last year forward through the API', () => {
  let last: { id: string };
  let next: { id: string };

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: LAST, name: 'Last year' });
    await publishTemplate(admin, { service_id: serviceId, tax_year: THIS, name: 'This year', definition: THIS_YEAR });
    last = await ticketIn(t, alice, LAST);
    const saved = await saveAnswers(alice, last.id, 1, {
      filing_status: 'married_separate',
      ssn: '123-45-6789',
      has_w2: true,
      employers: [{ id: 'e1', employer: 'Acme Corp', wages: 50000, other_state: false }],
      sold_stock: true,
      stock_proceeds: 1000,
      household_size: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    next = await ticketIn(t, alice, THIS);
  });

  it("starts this year's organizer from last year's answers this version asks the same way, each to confirm", async () => {
    const o = (await organizerOf(alice, next.id))!;
    expect(o.name).toBe('This year');
    expect(o.answers).toEqual({
      ssn: '***-**-6789',
      has_w2: true,
      employers: [{ id: 'e1', employer: 'Acme Corp', wages: 50000, other_state: false }],
      household_size: 3,
    });
    // The filing status's option is gone this year: not carried. The stock questions are not asked.
    expect(o.carried_forward).toEqual({
      from_year: LAST,
      from_ticket_name: expect.any(String),
      questions: ['ssn', 'has_w2', 'employers', 'household_size'],
    });
    // Proposed, not requested: the W-2 is listed without a request until the client confirms it.
    expect(o.requests.map((r) => [r.key, r.label, r.request_id])).toEqual([
      ['org:employers:e1', 'W-2: Acme Corp', null],
    ]);
    expect(await requestsOf(alice, next.id)).toEqual([]);
  });

  it('seals the SSN again for the new ticket: its own ciphertext, revealed from the new ticket', async () => {
    const stored = await parsedRows(
      t.database.db,
      rowSchema({ ticket_id: col.text(), answers: col.json() }),
      sql`select ticket_id, answers from ticket_organizers where ticket_id in (${last.id}, ${next.id})`,
    );
    const sealedOf = (id: string) =>
      (stored.find((r) => r.ticket_id === id)!.answers as { ssn: { $sealed: string } }).ssn.$sealed;
    expect(sealedOf(next.id)).not.toBe(sealedOf(last.id));
    expect(JSON.stringify(stored)).not.toContain('123-45');
    expect(JSON.stringify(stored)).not.toContain('123456789');
    const shown = await alice.post(`/api/v1/tickets/${next.id}/organizer/reveal`, { path: 'ssn' });
    expect(shown.json()).toEqual({ path: 'ssn', value: '123-45-6789' });
  });

  it('a save keeps unconfirmed answers to confirm; confirming or changing one asks for its documents', async () => {
    const o = (await organizerOf(alice, next.id))!;
    // Saving another answer leaves the carried ones as they were: still to confirm, still asking for nothing.
    const first = await saveAnswers(alice, next.id, o.version, { ...o.answers, filing_status: 'single' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().organizer.carried_forward.questions).toEqual(['ssn', 'has_w2', 'employers', 'household_size']);
    expect(await requestsOf(alice, next.id)).toEqual([]);

    // "Still right": the employers confirmed; the W-2 is requested.
    const confirmed = await saveAnswers(
      alice,
      next.id,
      o.version,
      { ...o.answers, filing_status: 'single' },
      { confirmed: ['employers', 'has_w2'] },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json().organizer;
    expect(after.carried_forward.questions).toEqual(['ssn', 'household_size']);
    expect((await requestsOf(alice, next.id)).map((r) => [r.label, r.status])).toEqual([['W-2: Acme Corp', 'open']]);

    // Changing an answer confirms it; the SSN sent back masked is unchanged, so still to confirm.
    const changed = await saveAnswers(alice, next.id, o.version, { ...after.answers, household_size: 4 });
    expect(changed.json().organizer.carried_forward.questions).toEqual(['ssn']);
    const all = await saveAnswers(alice, next.id, o.version, { ...after.answers, household_size: 4, ssn: null });
    expect(all.json().organizer.carried_forward).toBeNull();
  });

  it("carries nothing to another customer, nor from a ticket nobody saved, nor into a year's first ticket", async () => {
    const bobs = await ticketIn(t, bob, THIS);
    const o = (await organizerOf(bob, bobs.id))!;
    expect(o.answers).toEqual({});
    expect(o.carried_forward).toBeNull();
    // Alice's earliest year has nothing before it.
    const older = await ticketIn(t, alice, LAST - 1);
    expect(await organizerOf(alice, older.id)).toBeNull();
  });

  it('refuses a confirmation naming something that is no question id', async () => {
    const o = (await organizerOf(alice, next.id))!;
    const res = await saveAnswers(alice, next.id, o.version, o.answers, { confirmed: ['$1 <b>'] });
    expect(res.statusCode).toBe(422);
  });
});

describe('carryAnswers', () => {
  it('keeps a multiple choice values still offered, drops a kind that changed, keeps group fields asked alike', () => {
    const from: OrganizerDefinition = {
      sections: [
        {
          id: 's',
          title: { en: 'S' },
          questions: [
            {
              id: 'kinds',
              type: 'choice',
              multiple: true,
              label: { en: 'K' },
              options: [
                { value: 'a', label: { en: 'A' } },
                { value: 'b', label: { en: 'B' } },
              ],
            },
            { id: 'size', type: 'number', label: { en: 'N' } },
            {
              id: 'kids',
              type: 'group',
              label: { en: 'Kids' },
              fields: [
                { id: 'name', type: 'text', label: { en: 'Name' } },
                { id: 'age', type: 'number', label: { en: 'Age' } },
              ],
            },
          ],
        },
      ],
    };
    const to: OrganizerDefinition = {
      sections: [
        {
          id: 's',
          title: { en: 'S' },
          questions: [
            {
              id: 'kinds',
              type: 'choice',
              multiple: true,
              label: { en: 'K' },
              options: [
                { value: 'b', label: { en: 'B' } },
                { value: 'c', label: { en: 'C' } },
              ],
            },
            { id: 'size', type: 'text', label: { en: 'N' } },
            {
              id: 'kids',
              type: 'group',
              label: { en: 'Kids' },
              fields: [
                { id: 'name', type: 'text', label: { en: 'Name' } },
                { id: 'age', type: 'date', label: { en: 'Born' } },
              ],
            },
          ],
        },
      ],
    };
    expect(
      carryAnswers(to, from, {
        kinds: ['a', 'b'],
        size: 3,
        kids: [
          { id: 'k1', name: 'Ana', age: 4 },
          { id: 'k2', age: 2 },
        ],
      }),
    ).toEqual({ answers: { kinds: ['b'], kids: [{ id: 'k1', name: 'Ana' }] }, questions: ['kinds', 'kids'] });
  });
});

describe('carrying last year’s questionnaire into this year’s organizer', () => {
  const Q_YEAR = 2008;
  const O_YEAR = 2009;
  const SSN = '123-45-6789';
  const ACCOUNT = '000123454321';
  let carol: Agent;
  let questionnaireTicket: { id: string; name: string };
  let next: { id: string };
  /** This year's: the standard organizer, but "Occupation" asked as a date (another kind: not carried). */
  const THIS_YEARS: OrganizerDefinition = {
    sections: STANDARD_ORGANIZER.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) =>
        q.id === 'occupation' ? { id: 'occupation', type: 'date' as const, label: q.label } : q,
      ),
    })),
  };

  beforeAll(async () => {
    carol = await signIn(t, (await createCustomer(t, { full_name: 'Carol Chu' })).email);
    // Last year no organizer applied: Carol answered the questionnaire (SPEC's four sections).
    questionnaireTicket = await ticketIn(t, carol, Q_YEAR);
    expect(await organizerOf(carol, questionnaireTicket.id)).toBeNull();
    const put = (section: string, body: Record<string, unknown>) =>
      carol.put(`/api/v1/tickets/${questionnaireTicket.id}/profile/${section}`, body);
    const taxPayer = await put('tax_payer', {
      filing_status: 'married_joint',
      first_name: 'Carol',
      last_name: 'Chu',
      occupation: 'Nurse',
      ssn: SSN,
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
      spouse: { first_name: 'Sam', last_name: 'Chu', ssn: '987-65-4321' },
      has_dependents: true,
      dependents: [
        { id: 'kid-1', first_name: 'Kim', relationship: 'Daughter', ssn: '555-44-3333', months_lived_with_you: 12 },
      ],
      direct_deposit: { routing_number: '021000021', account_number: ACCOUNT },
    });
    expect(taxPayer.statusCode, taxPayer.body).toBe(200);
    const income = await put('investment', {
      has_w2: true,
      w2_jobs: [{ id: 'job-1', employer: 'Acme Corp', wages: 50000 }],
      has_interest: false,
      has_rental: true,
      rental_properties: 2,
    });
    expect(income.statusCode, income.body).toBe(200);
    // This year an organizer applies: the standard one (as the builder's "Start from the standard questionnaire").
    await publishTemplate(admin, { service_id: serviceId, tax_year: O_YEAR, name: 'Standard', definition: THIS_YEARS });
    next = await ticketIn(t, carol, O_YEAR);
  });

  it('starts from the questionnaire’s answers the organizer asks the same way, each to confirm', async () => {
    const o = (await organizerOf(carol, next.id))!;
    expect(o.answers).toEqual({
      filing_status: 'married_joint',
      first_name: 'Carol',
      last_name: 'Chu',
      ssn: '***-**-6789',
      address_line1: '1 Main St',
      address_city: 'Springfield',
      address_state: 'IL',
      address_zip: '62701',
      spouse_first_name: 'Sam',
      spouse_last_name: 'Chu',
      spouse_ssn: '***-**-4321',
      has_dependents: true,
      dependents: [
        { id: 'kid-1', first_name: 'Kim', relationship: 'Daughter', ssn: '***-**-3333', months_lived_with_you: 12 },
      ],
      direct_deposit_routing_number: '021000021',
      direct_deposit_account_number: '****4321',
      has_w2: true,
      w2_jobs: [{ id: 'job-1', employer: 'Acme Corp', wages: 50000 }],
      has_interest: false,
      has_rental: true,
      rental_properties: 2,
    });
    // "Occupation" is a date this year: left to answer.
    expect(o.carried_forward).toEqual({
      from_year: Q_YEAR,
      from_ticket_name: questionnaireTicket.name,
      questions: expect.arrayContaining(['filing_status', 'ssn', 'dependents', 'w2_jobs', 'has_rental']),
    });
    expect(o.carried_forward!.questions).not.toContain('occupation');
    expect(o.carried_forward!.questions).toHaveLength(Object.keys(o.answers).length);
    // Proposed, not requested, until confirmed: the W-2 and the rental statement.
    expect(o.requests.map((r) => [r.key, r.request_id])).toEqual([
      ['org:has_w2', null],
      ['org:has_rental', null],
    ]);
    expect(await requestsOf(carol, next.id)).toEqual([]);
  });

  it('seals each SSN and the account number again for the new ticket', async () => {
    const stored = await parsedRows(
      t.database.db,
      rowSchema({ answers: col.json() }),
      sql`select answers from ticket_organizers where ticket_id = ${next.id}`,
    );
    const text = JSON.stringify(stored);
    for (const clear of ['123456789', '987654321', '555443333', ACCOUNT]) expect(text).not.toContain(clear);
    expect((stored[0]!.answers as { ssn: { $sealed: string } }).ssn.$sealed).toMatch(/^f1\./);
    const reveal = (path: string) => carol.post(`/api/v1/tickets/${next.id}/organizer/reveal`, { path });
    expect((await reveal('ssn')).json().value).toBe(SSN);
    expect((await reveal('dependents.kid-1.ssn')).json().value).toBe('555-44-3333');
    expect((await reveal('direct_deposit_account_number')).json().value).toBe(ACCOUNT);
    // The questionnaire keeps its own, unchanged.
    const shown = await carol.post(`/api/v1/tickets/${questionnaireTicket.id}/profile/reveal`, {
      field: 'tax_payer.ssn',
    });
    expect(shown.json().value).toBe(SSN);
  });

  it('confirming asks for the documents; the questionnaire’s own answers are not moved', async () => {
    const o = (await organizerOf(carol, next.id))!;
    const res = await saveAnswers(carol, next.id, o.version, o.answers, { confirmed: ['has_w2'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestsOf(carol, next.id)).map((r) => r.label)).toEqual(['W-2']);
    const profile = await carol.get(`/api/v1/tickets/${questionnaireTicket.id}/profile`);
    expect(profile.json().sections.tax_payer.answers.first_name).toBe('Carol');
  });

  it('a later year carries from the latest of the two: here the organizer saved after the questionnaire', async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: O_YEAR + 1, definition: THIS_YEARS });
    const later = await ticketIn(t, carol, O_YEAR + 1);
    const o = (await organizerOf(carol, later.id))!;
    expect(o.carried_forward).toMatchObject({ from_year: O_YEAR });
    expect(o.answers.ssn).toBe('***-**-6789');
  });
});
