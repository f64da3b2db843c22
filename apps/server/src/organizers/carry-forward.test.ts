import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRequest, OrganizerDefinition } from '@taxportal/contract';
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
    const confirmed = await alice.put(`/api/v1/tickets/${next.id}/organizer`, {
      version: o.version,
      answers: { ...o.answers, filing_status: 'single' },
      confirmed: ['employers', 'has_w2'],
    });
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
    const res = await alice.put(`/api/v1/tickets/${next.id}/organizer`, {
      version: o.version,
      answers: o.answers,
      confirmed: ['$1 <b>'],
    });
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
