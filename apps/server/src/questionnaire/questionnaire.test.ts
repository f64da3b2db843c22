import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRequest, TicketProfile } from '@taxportal/contract';
import { z } from 'zod';
import { col, rows as parsedRows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
let staff: Agent;
let staffId: string;
let alice: Agent;
let bob: Agent;
let aliceId: string;
let ticket: { id: string; name: string };
let bobTicket: { id: string; name: string };

const SSN = '123-45-6789';
const SPOUSE_SSN = '987654321';
const CHILD_SSN = '555-44-3333';
const ACCOUNT = '000123454321';

const taxPayer = {
  filing_status: 'married_joint',
  first_name: 'Alice',
  last_name: 'Able',
  date_of_birth: '1980-04-02',
  ssn: SSN,
  occupation: 'Engineer',
  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
  spouse: { first_name: 'Sam', last_name: 'Able', ssn: SPOUSE_SSN },
  has_dependents: true,
  dependents: [{ id: 'kid-1', first_name: 'Kim', relationship: 'Daughter', ssn: CHILD_SSN, months_lived_with_you: 12 }],
  direct_deposit: { routing_number: '021000021', account_number: ACCOUNT },
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createCustomer(t, { full_name: 'Alice Able' });
  aliceId = a.id;
  const b = await createCustomer(t, { full_name: 'Bob Baker' });
  const s = await createStaff(t, 'Tax Preparer');
  staffId = s.id;
  staff = await signIn(t, s.email);
  alice = await signIn(t, a.email);
  bob = await signIn(t, b.email);
  ticket = await openTicket(t, alice);
  bobTicket = await openTicket(t, bob);
});
afterAll(async () => {
  await t.close();
});

const rawRows = (ticketId: string) =>
  parsedRows(
    t.database.db,
    rowSchema({ section: col.text(), answers: col.json(), answered: col.int(), required: col.int() }),
    sql`select section, answers, answered, required from questionnaire_answers where ticket_id = ${ticketId} order by section`,
  );
const requestsOf = async (agent: Agent, ticketId: string) =>
  (await agent.get(`/api/v1/tickets/${ticketId}/document-requests`)).json().items as DocumentRequest[];
const noClearSecrets = (body: string) => {
  for (const v of ['123456789', SSN, SPOUSE_SSN, '987-65-4321', CHILD_SSN, '555443333', ACCOUNT])
    expect(body).not.toContain(v);
};

describe('taxpayer questionnaire: answers, encryption, masking', () => {
  it('starts empty: every section unanswered, completion 0', async () => {
    const res = await alice.get(`/api/v1/tickets/${ticket.id}/profile`);
    expect(res.statusCode).toBe(200);
    const p = res.json() as TicketProfile;
    expect(p).toMatchObject({ ticket_id: ticket.id, ticket_name: ticket.name, completion: 0, prefilled_from: null });
    expect(p.sections.tax_payer.progress).toEqual({ answered: 0, required: 8 });
    expect(p.sections.investment.progress).toEqual({ answered: 0, required: 9 });
    expect(p.sections.expense.progress).toEqual({ answered: 0, required: 9 });
    expect(p.sections.global_asset.progress).toEqual({ answered: 0, required: 2 });
  });

  it('saves a section, stores SSN/ITIN/account numbers as ciphertext and answers them masked', async () => {
    const res = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, taxPayer);
    expect(res.statusCode, res.body).toBe(200);
    noClearSecrets(res.body);
    const p = res.json() as TicketProfile;
    const a = p.sections.tax_payer.answers;
    expect(a.ssn).toBe('***-**-6789');
    expect(a.spouse?.ssn).toBe('***-**-4321');
    expect(a.dependents?.[0]?.ssn).toBe('***-**-3333');
    expect(a.direct_deposit?.account_number).toBe('****4321');
    expect(a.direct_deposit?.routing_number).toBe('021000021');
    expect(a.first_name).toBe('Alice');
    // Married, with dependents: 8 + spouse name + spouse id + a dependent = 11, all answered.
    expect(p.sections.tax_payer.progress).toEqual({ answered: 11, required: 11 });
    expect(p.sections.tax_payer.updated_at).not.toBeNull();

    const [row] = await rawRows(ticket.id);
    const stored = JSON.stringify(row!.answers);
    noClearSecrets(stored);
    expect(stored).toContain('"$sealed":"f1.');
    expect((row!.answers as { ssn: { last4: string } }).ssn.last4).toBe('6789');

    const again = await alice.get(`/api/v1/tickets/${ticket.id}/profile`);
    noClearSecrets(again.body);
    const staffView = await staff.get(`/api/v1/tickets/${ticket.id}/profile`);
    noClearSecrets(staffView.body);
    expect(staffView.json().sections.tax_payer.answers.ssn).toBe('***-**-6789');
  });

  it('keeps stored secrets when the masked values come back, and replaces them when new ones do', async () => {
    const current = (await alice.get(`/api/v1/tickets/${ticket.id}/profile`)).json() as TicketProfile;
    const before = JSON.stringify((await rawRows(ticket.id))[0]!.answers);
    const res = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
      ...current.sections.tax_payer.answers,
      occupation: 'Architect',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reveal = await alice.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: 'tax_payer.ssn' });
    expect(reveal.json()).toEqual({ field: 'tax_payer.ssn', value: SSN });
    const kid = await staff.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, {
      field: 'tax_payer.dependents.0.ssn',
    });
    expect(kid.json().value).toBe(CHILD_SSN);
    const after = JSON.stringify((await rawRows(ticket.id))[0]!.answers);
    expect(after).not.toBe(before);
    expect(after).toContain('Architect');

    // A masked value that matches nothing stored is refused: the full number must be typed.
    const bad = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
      ...current.sections.tax_payer.answers,
      dependents: [{ id: 'kid-2', first_name: 'Lee', ssn: '***-**-3333' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('dependents.0.ssn');

    const changed = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
      ...current.sections.tax_payer.answers,
      ssn: '111223333',
    });
    expect(changed.json().sections.tax_payer.answers.ssn).toBe('***-**-3333');
    const r2 = await staff.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: 'tax_payer.ssn' });
    expect(r2.json().value).toBe('111-22-3333');
  });

  it('refuses an SSN that is not nine digits and wrong types with 422 naming the field, writing nothing', async () => {
    const before = await rawRows(ticket.id);
    for (const ssn of ['12345678', '1234567890', '12345678a', '***-**-12']) {
      const res = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, { ...taxPayer, ssn });
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0]).toMatchObject({ field: 'ssn', message: 'Must be exactly nine digits.' });
    }
    const itin = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
      ...taxPayer,
      spouse: { itin: '9001' },
    });
    expect(itin.json().errors[0].field).toBe('spouse.itin');
    const yes = await alice.put(`/api/v1/tickets/${ticket.id}/profile/investment`, { has_w2: 'yes' });
    expect(yes.statusCode).toBe(422);
    expect(yes.json().errors[0].field).toBe('has_w2');
    const wages = await alice.put(`/api/v1/tickets/${ticket.id}/profile/investment`, {
      has_w2: true,
      w2_jobs: [{ id: 'job-1', employer: 'Acme', wages: 'a lot' }],
    });
    expect(wages.statusCode).toBe(422);
    expect(wages.json().errors[0].field).toBe('w2_jobs.0.wages');
    const status = await alice.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, { filing_status: 'married' });
    expect(status.json().errors[0].field).toBe('filing_status');
    const unknownField = await alice.put(`/api/v1/tickets/${ticket.id}/profile/expense`, { favourite_colour: 'red' });
    expect(unknownField.statusCode).toBe(422);
    const unknownSection = await alice.put(`/api/v1/tickets/${ticket.id}/profile/hobbies`, {});
    expect(unknownSection.statusCode).toBe(404);
    expect(await rawRows(ticket.id)).toEqual(before);
    expect(await requestsOf(alice, ticket.id)).toEqual([]);
  });

  it("answers 404 for another customer's ticket on every questionnaire endpoint", async () => {
    expect((await bob.get(`/api/v1/tickets/${ticket.id}/profile`)).statusCode).toBe(404);
    expect((await bob.get(`/api/v1/tickets/${ticket.name}/profile`)).statusCode).toBe(404);
    expect((await bob.put(`/api/v1/tickets/${ticket.id}/profile/expense`, { has_hsa: true })).statusCode).toBe(404);
    // Even with a body that would not validate: whose ticket comes first.
    expect((await bob.put(`/api/v1/tickets/${ticket.id}/profile/expense`, { has_hsa: 'x' })).statusCode).toBe(404);
    expect((await bob.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: 'tax_payer.ssn' })).statusCode).toBe(
      404,
    );
    expect((await alice.get(`/api/v1/tickets/${bobTicket.id}/profile`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tickets/${ticket.id}/profile` })).statusCode).toBe(401);
  });

  it('audits every reveal (who, which field, when, IP) and refuses fields that are not protected', async () => {
    const res = await staff.request({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/profile/reveal`,
      payload: { field: 'tax_payer.direct_deposit.account_number' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBe(ACCOUNT);
    const rows = await parsedRows(
      t.database.db,
      rowSchema({
        actor_id: col.text(),
        ip: col.text(),
        meta: z.looseObject({ field: z.string() }),
        created_at: col.timestamp(),
      }),
      sql`select actor_id, ip, meta, created_at from audit_log
          where action = 'questionnaire.reveal' and entity_id = ${ticket.id} order by id`,
    );
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      actor_id: staffId,
      ip: '203.0.113.9',
      meta: { field: 'tax_payer.direct_deposit.account_number' },
    });
    expect(Date.now() - new Date(last.created_at).getTime()).toBeLessThan(60_000);
    expect(rows.some((r) => r.actor_id === aliceId && r.meta.field === 'tax_payer.ssn')).toBe(true);

    const count = rows.length;
    const plain = await staff.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: 'tax_payer.first_name' });
    expect(plain.statusCode).toBe(422);
    const empty = await staff.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: 'tax_payer.itin' });
    expect(empty.statusCode).toBe(404);
    const junk = await staff.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, { field: '../etc' });
    expect(junk.statusCode).toBe(422);
    const after = await parsedRows(
      t.database.db,
      rowSchema({ n: col.int() }),
      sql`select count(*)::int as n from audit_log where action = 'questionnaire.reveal' and entity_id = ${ticket.id}`,
    );
    expect(after[0]!.n).toBe(count);
  });
});

describe('clearing a protected value', () => {
  // Carol has her own tickets, so nothing here depends on (or disturbs) Alice's.
  let carol: Agent;
  let carolId: string;
  let mine: { id: string; name: string };
  const put = (agent: Agent, section: string, body: object, ticketId = mine.id) =>
    agent.put(`/api/v1/tickets/${ticketId}/profile/${section}`, body);
  /** What the table holds (the parts these tests read). */
  interface Sealed {
    $sealed: string;
    last4: string;
  }
  interface Stored {
    ssn: Sealed | null;
    spouse: { first_name: string; ssn: Sealed | null };
    direct_deposit: { account_number: Sealed | null };
    foreign_accounts: { id: string; account_number: Sealed | null }[];
  }
  const storedOf = async (section: string, ticketId = mine.id) =>
    (await rawRows(ticketId)).find((r) => r.section === section)!.answers as Stored;
  const saves = async (ticketId: string) =>
    parsedRows(
      t.database.db,
      rowSchema({ actor_id: col.text(), ip: col.text(), meta: z.record(z.string(), z.unknown()) }),
      sql`select actor_id, ip, meta from audit_log
          where action = 'questionnaire.save' and entity_id = ${ticketId} order by id`,
    );

  beforeAll(async () => {
    const c = await createCustomer(t, { full_name: 'Carol Clear' });
    carolId = c.id;
    carol = await signIn(t, c.email);
    mine = await openTicket(t, carol);
    const res = await put(carol, 'tax_payer', taxPayer);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('removes the sealed value from the row (not just from the view), keeps the others, and audits which field', async () => {
    const before = await storedOf('tax_payer');
    const spouseCipher = before.spouse.ssn!.$sealed;
    const current = (await carol.get(`/api/v1/tickets/${mine.id}/profile`)).json() as TicketProfile;
    const answers = current.sections.tax_payer.answers;
    expect(answers.spouse?.ssn).toBe('***-**-4321');

    const res = await carol.request({
      method: 'PUT',
      url: `/api/v1/tickets/${mine.id}/profile/tax_payer`,
      payload: { ...answers, spouse: { ...answers.spouse, ssn: null } },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as TicketProfile;
    expect(p.sections.tax_payer.answers.spouse?.ssn).toBeNull();
    expect(p.sections.tax_payer.answers.ssn).toBe('***-**-6789');
    expect(p.sections.tax_payer.answers.direct_deposit?.account_number).toBe('****4321');
    // The spouse's id was a required answer: it is unanswered again.
    expect(p.sections.tax_payer.progress).toEqual({ answered: 10, required: 11 });

    const after = await storedOf('tax_payer');
    expect(after.spouse.ssn).toBeNull();
    expect(after.spouse.first_name).toBe('Sam');
    expect(JSON.stringify(after)).not.toContain(spouseCipher);
    expect(after.ssn!.$sealed).toBe(before.ssn!.$sealed);
    expect(after.direct_deposit.account_number!.$sealed).toBe(before.direct_deposit.account_number!.$sealed);
    // Nothing left to reveal, for the owner or for staff.
    expect(
      (await carol.post(`/api/v1/tickets/${mine.id}/profile/reveal`, { field: 'tax_payer.spouse.ssn' })).statusCode,
    ).toBe(404);
    expect(
      (await staff.post(`/api/v1/tickets/${mine.id}/profile/reveal`, { field: 'tax_payer.spouse.ssn' })).statusCode,
    ).toBe(404);
    // A reload reads it cleared.
    expect((await carol.get(`/api/v1/tickets/${mine.id}/profile`)).json().sections.tax_payer.answers.spouse.ssn).toBe(
      null,
    );

    const last = (await saves(mine.id)).at(-1)!;
    expect(last).toMatchObject({
      actor_id: carolId,
      ip: '198.51.100.7',
      meta: { section: 'tax_payer', as_staff: false, sealed_cleared: ['tax_payer.spouse.ssn'] },
    });
    expect(last.meta.sealed_written).toBeUndefined();
    noClearSecrets(JSON.stringify(last.meta));
  });

  it("clears a closed foreign account's number and, with a removed dependent, that dependent's SSN", async () => {
    const accounts = [
      {
        id: 'acct-open',
        country: 'Canada',
        institution: 'Maple Bank',
        account_number: '44445555',
        highest_balance_usd: 900,
      },
      {
        id: 'acct-closed',
        country: 'France',
        institution: 'Banque',
        account_number: '66667777',
        highest_balance_usd: 50,
      },
    ];
    const first = await put(carol, 'global_asset', { has_foreign_accounts: true, foreign_accounts: accounts });
    expect(first.statusCode, first.body).toBe(200);
    expect((await saves(mine.id)).at(-1)!.meta.sealed_written).toEqual([
      'global_asset.foreign_accounts[acct-open].account_number',
      'global_asset.foreign_accounts[acct-closed].account_number',
    ]);
    const masked = (first.json() as TicketProfile).sections.global_asset.answers.foreign_accounts!;
    const closedCipher = (await storedOf('global_asset')).foreign_accounts[1]!.account_number!.$sealed;

    const res = await put(carol, 'global_asset', {
      has_foreign_accounts: true,
      foreign_accounts: [masked[0], { ...masked[1], account_number: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedOf('global_asset');
    expect(stored.foreign_accounts[1]).toMatchObject({
      id: 'acct-closed',
      institution: 'Banque',
      account_number: null,
    });
    expect(stored.foreign_accounts[0]!.account_number!.last4).toBe('5555');
    expect(JSON.stringify(stored)).not.toContain(closedCipher);
    expect((await saves(mine.id)).at(-1)!.meta.sealed_cleared).toEqual([
      'global_asset.foreign_accounts[acct-closed].account_number',
    ]);

    // Removing a dependent takes their sealed SSN with it (and says so in the audit log).
    const current = (await carol.get(`/api/v1/tickets/${mine.id}/profile`)).json() as TicketProfile;
    const gone = await put(carol, 'tax_payer', { ...current.sections.tax_payer.answers, dependents: [] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(JSON.stringify(await storedOf('tax_payer'))).not.toContain('kid-1');
    expect((await saves(mine.id)).at(-1)!.meta.sealed_cleared).toEqual(['tax_payer.dependents[kid-1].ssn']);
  });

  it('another customer cannot clear it (404), nor can anyone signed out (401); the row is unchanged', async () => {
    const before = await rawRows(mine.id);
    const count = (await saves(mine.id)).length;
    const clear = { ...taxPayer, ssn: null, itin: null };
    expect((await put(bob, 'tax_payer', clear)).statusCode).toBe(404);
    expect((await put(bob, 'tax_payer', clear, mine.name)).statusCode).toBe(404);
    expect((await put(bob, 'global_asset', { has_foreign_accounts: true, foreign_accounts: [] })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tickets/${mine.id}/profile/tax_payer`,
      payload: clear,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rawRows(mine.id)).toEqual(before);
    expect((await saves(mine.id)).length).toBe(count);
  });

  it('an empty string or a half mask is not a clear: 422 naming the field, nothing written', async () => {
    const before = await rawRows(mine.id);
    const current = (await carol.get(`/api/v1/tickets/${mine.id}/profile`)).json() as TicketProfile;
    for (const ssn of ['', '   ', '***-**-', 0, false]) {
      const res = await put(carol, 'tax_payer', { ...current.sections.tax_payer.answers, ssn });
      expect(res.statusCode, String(ssn)).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].field).toBe('ssn');
    }
    expect(await rawRows(mine.id)).toEqual(before);
  });

  it("staff write a customer's questionnaire only as the existing rules allow: open ticket yes (audited as staff), finished ticket 409", async () => {
    const current = (await staff.get(`/api/v1/tickets/${mine.id}/profile`)).json() as TicketProfile;
    const res = await put(staff, 'tax_payer', {
      ...current.sections.tax_payer.answers,
      ssn: null,
      itin: '912-70-1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sections.tax_payer.answers).toMatchObject({ ssn: null, itin: '***-**-1234' });
    expect((await saves(mine.id)).at(-1)).toMatchObject({
      actor_id: staffId,
      meta: { as_staff: true, sealed_written: ['tax_payer.itin'], sealed_cleared: ['tax_payer.ssn'] },
    });

    const done = await openTicket(t, carol);
    expect((await put(carol, 'tax_payer', taxPayer, done.id)).statusCode).toBe(200);
    await forceStatus(t, done.id, 'Completed');
    const before = await rawRows(done.id);
    const masked = { ...taxPayer, ssn: null };
    expect((await put(staff, 'tax_payer', masked, done.id)).statusCode).toBe(409);
    expect((await put(carol, 'tax_payer', masked, done.id)).statusCode).toBe(409);
    expect(await rawRows(done.id)).toEqual(before);
  });
});

describe('questionnaire: requests from answers, progress, FBAR, prefill', () => {
  it('a yes creates a request once; taking it back cancels it; yes again reopens the same one', async () => {
    const save = (body: object) => alice.put(`/api/v1/tickets/${ticket.id}/profile/investment`, body);
    expect((await save({ has_w2: true, has_interest: true })).statusCode).toBe(200);
    expect((await save({ has_w2: true, has_interest: true, interest_amount: 120 })).statusCode).toBe(200);
    let reqs = await requestsOf(alice, ticket.id);
    expect(reqs.map((r) => [r.label, r.status, r.source])).toEqual([
      ['W-2', 'open', 'questionnaire'],
      ['1099-INT', 'open', 'questionnaire'],
    ]);
    expect(reqs[0]!.document_type_name).toBe('W-2');
    const w2 = reqs[0]!.id;

    await save({ has_w2: false, has_interest: true });
    reqs = await requestsOf(alice, ticket.id);
    expect(reqs.find((r) => r.id === w2)!.status).toBe('cancelled');
    await save({ has_w2: true, has_interest: true });
    reqs = await requestsOf(alice, ticket.id);
    expect(reqs).toHaveLength(2);
    expect(reqs.find((r) => r.id === w2)!.status).toBe('open');

    // Once a document was uploaded against it, taking the answer back leaves it alone.
    const int = reqs.find((r) => r.label === '1099-INT')!;
    await t.database.db.execute(sql`update document_requests set status = 'fulfilled' where id = ${int.id}`);
    await save({ has_w2: true, has_interest: false });
    expect((await requestsOf(alice, ticket.id)).find((r) => r.id === int.id)!.status).toBe('fulfilled');
  });

  it('counts progress per section and overall completion', async () => {
    const res = await alice.put(`/api/v1/tickets/${ticket.id}/profile/investment`, {
      has_w2: true,
      w2_jobs: [{ id: 'job-1', employer: 'Acme', wages: 85000.5, federal_withholding: 9000 }],
      has_interest: false,
      has_dividends: false,
      has_brokerage: false,
      has_crypto: false,
      has_rental: false,
      has_self_employment: false,
      has_retirement_distributions: false,
      has_other_income: false,
    });
    const p = res.json() as TicketProfile;
    expect(p.sections.investment.progress).toEqual({ answered: 10, required: 10 });
    expect(p.sections.investment.answers.w2_jobs?.[0]?.wages).toBe(85000.5);
    // 11 + 10 answered of 11 + 10 + 9 + 2 required.
    expect(p.completion).toBe(Math.floor((21 * 100) / 32));
  });

  it('notes when foreign accounts pass the $10,000 FBAR threshold together', async () => {
    const save = (balances: number[]) =>
      alice.put(`/api/v1/tickets/${ticket.id}/profile/global_asset`, {
        has_foreign_accounts: true,
        has_other_foreign_assets: false,
        foreign_accounts: balances.map((b, i) => ({
          id: `acct-${i}`,
          country: 'Canada',
          institution: 'Maple Bank',
          account_number: `1000${i}0000`,
          highest_balance_usd: b,
        })),
      });
    let p = (await save([4000, 5000])).json() as TicketProfile;
    expect(p.fbar).toEqual({ total_highest_balance_usd: 9000, threshold_usd: 10000, exceeds_threshold: false });
    expect(p.sections.global_asset.answers.foreign_accounts?.[1]?.account_number).toBe('****0000');
    p = (await save([6000, 4000.01])).json() as TicketProfile;
    expect(p.fbar).toMatchObject({ total_highest_balance_usd: 10000.01, exceeds_threshold: true });
    expect((await requestsOf(alice, ticket.id)).some((r) => r.label === 'Foreign account statements')).toBe(true);
  });

  it("prefills a new ticket's empty questionnaire from the customer's previous one, secrets included", async () => {
    const next = await openTicket(t, alice);
    const p = (await alice.get(`/api/v1/tickets/${next.id}/profile`)).json() as TicketProfile;
    expect(p.prefilled_from).toBe(ticket.name);
    expect(p.sections.tax_payer.answers).toMatchObject({ first_name: 'Alice', ssn: '***-**-3333' });
    expect(p.sections.investment.answers.has_w2).toBe(true);
    expect(p.completion).toBeGreaterThan(0);
    const reveal = await alice.post(`/api/v1/tickets/${next.id}/profile/reveal`, { field: 'tax_payer.spouse.ssn' });
    expect(reveal.json().value).toBe('987-65-4321');
    const stored = JSON.stringify((await rawRows(next.id)).find((r) => r.section === 'tax_payer')!.answers);
    const old = JSON.stringify((await rawRows(ticket.id)).find((r) => r.section === 'tax_payer')!.answers);
    expect(stored).not.toBe(old);
    noClearSecrets(stored);
    // Carried over, not yet confirmed: no document is asked for until the taxpayer saves the section.
    expect(p.sections.investment.carried_over).toBe(true);
    expect(await requestsOf(alice, next.id)).toEqual([]);
    const confirmed = await alice.put(`/api/v1/tickets/${next.id}/profile/investment`, p.sections.investment.answers);
    expect((confirmed.json() as TicketProfile).sections.investment.carried_over).toBe(false);
    expect((confirmed.json() as TicketProfile).sections.tax_payer.carried_over).toBe(true);
    expect((await requestsOf(alice, next.id)).map((r) => r.label)).toContain('W-2');
    // Bob's first ticket has nothing to take from.
    expect((await bob.get(`/api/v1/tickets/${bobTicket.id}/profile`)).json().prefilled_from).toBeNull();
  });

  it('lists the questionnaires of the caller (or of a customer, for staff)', async () => {
    const mine = (await alice.get('/api/v1/questionnaires')).json();
    expect(mine.items.length).toBe(2);
    expect(mine.items.every((i: { completion: number }) => i.completion > 0)).toBe(true);
    expect(
      (await bob.get('/api/v1/questionnaires')).json().items.map((i: { ticket_id: string }) => i.ticket_id),
    ).toEqual([bobTicket.id]);
    expect((await bob.get(`/api/v1/questionnaires?customer_id=${aliceId}`)).json().items).toHaveLength(1);
    expect((await staff.get('/api/v1/questionnaires')).statusCode).toBe(422);
    expect((await staff.get(`/api/v1/questionnaires?customer_id=${aliceId}`)).json().items).toHaveLength(2);
  });

  it('asks only for the documents its service asks for, and only once the carried-over answers are confirmed', async () => {
    const serviceOf = async (name: string) => {
      const [row] = await parsedRows(
        t.database.db,
        rowSchema({ id: col.text(), service_type_id: col.text() }),
        sql`select id, service_type_id from services where name = ${name}`,
      );
      return { service_id: row!.id, service_type_id: row!.service_type_id };
    };
    const carol = await signIn(t, (await createCustomer(t, { full_name: 'Carol Cole' })).email);
    const first = await openTicket(t, carol);
    await carol.put(`/api/v1/tickets/${first.id}/profile/investment`, { has_w2: true, has_interest: true });
    await carol.put(`/api/v1/tickets/${first.id}/profile/expense`, { has_mortgage_interest: true });
    await carol.put(`/api/v1/tickets/${first.id}/profile/global_asset`, { has_foreign_accounts: true });
    expect(await requestsOf(carol, first.id)).toHaveLength(4);
    const fbar = await openTicket(t, carol, await serviceOf('FBAR (FinCEN 114) Filing'));
    const notice = await openTicket(t, carol, await serviceOf('IRS Notice Response'));

    // The list shows the carried-over answers before either questionnaire is opened, and asks for nothing.
    const listed = (await carol.get('/api/v1/questionnaires')).json().items as {
      ticket_id: string;
      completion: number;
    }[];
    const firstCompletion = listed.find((i) => i.ticket_id === first.id)!.completion;
    expect(firstCompletion).toBeGreaterThan(0);
    for (const id of [fbar.id, notice.id]) {
      expect(listed.find((i) => i.ticket_id === id)!.completion).toBe(firstCompletion);
      expect(await requestsOf(carol, id)).toEqual([]);
    }
    // Copies of copies name the answers a person gave.
    expect((await carol.get(`/api/v1/tickets/${notice.id}/profile`)).json().prefilled_from).toBe(first.name);

    const confirmAll = async (id: string) => {
      const p = (await carol.get(`/api/v1/tickets/${id}/profile`)).json() as TicketProfile;
      for (const s of ['investment', 'expense', 'global_asset'] as const)
        expect((await carol.put(`/api/v1/tickets/${id}/profile/${s}`, p.sections[s].answers)).statusCode).toBe(200);
      return p.document_sections;
    };
    expect(await confirmAll(notice.id)).toEqual([]);
    expect(await requestsOf(carol, notice.id)).toEqual([]);
    expect(await confirmAll(fbar.id)).toEqual(['global_asset']);
    expect((await requestsOf(carol, fbar.id)).map((r) => r.label)).toEqual(['Foreign account statements']);

    // The firm changes what a service asks for in the catalogue; the next save follows it, taking back the rest.
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const fbarService = await serviceOf('FBAR (FinCEN 114) Filing');
    const changed = await admin.patch(`/api/v1/admin/catalog/services/${fbarService.service_id}`, {
      document_sections: ['investment'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().document_sections).toEqual(['investment']);
    await confirmAll(fbar.id);
    expect((await requestsOf(carol, fbar.id)).map((r) => [r.label, r.status]).sort()).toEqual([
      ['1099-INT', 'open'],
      ['Foreign account statements', 'cancelled'],
      ['W-2', 'open'],
    ]);
    for (const bad of [['income'], ['investment', 'investment'], 'expense'])
      expect(
        (await admin.patch(`/api/v1/admin/catalog/services/${fbarService.service_id}`, { document_sections: bad }))
          .statusCode,
      ).toBe(422);
  });

  it('a finished ticket keeps its questionnaire as it was (409)', async () => {
    const done = await openTicket(t, bob);
    await forceStatus(t, done.id, 'Completed');
    expect((await bob.put(`/api/v1/tickets/${done.id}/profile/expense`, { has_hsa: true })).statusCode).toBe(409);
  });
});
