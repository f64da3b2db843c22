import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRequest, OrganizerDetail } from '@taxportal/contract';
import { col, rows as parsedRows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { forceStatus } from '../test/ticket-fixtures.ts';
import {
  TEST_ORGANIZER,
  organizerOf,
  knownRevision,
  publishTemplate,
  saveAnswers,
  serviceOfTests,
  ticketIn,
} from './organizers.fixtures.ts';

/**
 * A ticket's organizer through the API (issue 32): conditions, progress and the requests answers make, version
 * pinning, SSNs sealed and masked, who may read and write. Each describe block works in a tax year of its own, so
 * the templates of one never apply to the tickets of another.
 */
let t: TestApp;
let admin: Agent;
let prep: Agent;
let alice: Agent;
let bob: Agent;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createStaff(t, 'Admin');
  const p = await createStaff(t, 'Tax Preparer');
  const c1 = await createCustomer(t, { full_name: 'Alice Able' });
  const c2 = await createCustomer(t, { full_name: 'Bob Baker' });
  admin = await signIn(t, a.email);
  prep = await signIn(t, p.email);
  alice = await signIn(t, c1.email);
  bob = await signIn(t, c2.email);
  serviceId = await serviceOfTests(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const requestsOf = async (agent: Agent, ticketId: string) =>
  (await agent.get(`/api/v1/tickets/${ticketId}/document-requests`)).json().items as DocumentRequest[];
const storedRow = async (ticketId: string) =>
  (
    await parsedRows(
      t.database.db,
      rowSchema({ answers: col.json(), answered: col.int(), required: col.int() }),
      sql`select answers, answered, required from ticket_organizers where ticket_id = ${ticketId}`,
    )
  )[0];

const employer = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  employer: name,
  wages: 50000,
  other_state: false,
  ...extra,
});

describe('conditions through the API: what is shown, counted and asked for', () => {
  const YEAR = 2015;
  let ticket: { id: string };

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Conditions' });
    ticket = await ticketIn(t, alice, YEAR);
  });

  it('gives a new ticket the template that applies, unanswered: only the questions shown count', async () => {
    const o = await organizerOf(alice, ticket.id);
    expect(o).toMatchObject({ name: 'Conditions', version: 1, answers: {}, completion: 0, updated_at: null });
    // filing_status, ssn, has_w2, sold_stock, has_dependents, household_size: the rest hang on answers.
    expect(o!.progress).toEqual({ answered: 0, required: 6 });
    expect(o!.requests).toEqual([]);
  });

  it('or, and, a sibling inside an entry and "any entry" from outside, all shown from the answers', async () => {
    const res = await saveAnswers(alice, ticket.id, 1, {
      filing_status: 'married_joint', // any: spouse_ssn shown
      ssn: '123-45-6789',
      has_w2: true,
      employers: [employer('e1', 'Acme', { other_state: true, state: 'NY' }), employer('e2', 'Beta')],
      sold_stock: true,
      stock_proceeds: 60000, // all: large_sale_note shown (not required)
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().organizer;
    // Shown and required: filing_status, ssn, spouse_ssn, has_w2, employers, multi_state (e1 other_state), sold_stock,
    // stock_proceeds, has_dependents, household_size = 10; answered: 6.
    expect(o.progress).toEqual({ answered: 6, required: 10 });
    expect(o.completion).toBe(60);
    expect(o.requests.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([
      ['org:employers:e1', 'W-2: Acme'],
      ['org:employers:e2', 'W-2: Beta'],
      ['org:sold_stock', '1099-B'],
    ]);
    expect(o.requests.every((r: { status: string; request_id: string }) => r.status === 'open' && r.request_id)).toBe(
      true,
    );
    expect(o.updated_at).not.toBeNull();
  });

  it('keeps answers to hidden questions, but never counts them nor asks for documents with them', async () => {
    const before = await organizerOf(alice, ticket.id);
    const answers = {
      ...before!.answers,
      filing_status: 'single', // spouse_ssn hidden
      has_w2: false, // employers (and multi_state, hanging on them) hidden: their W-2s withdrawn
      stock_proceeds: 100, // large_sale_note hidden (the "all" fails)
      large_sale_note: 'Kept while hidden',
    };
    const res = await saveAnswers(alice, ticket.id, 1, answers);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().organizer;
    expect(o.answers.employers).toHaveLength(2);
    expect(o.answers.large_sale_note).toBe('Kept while hidden');
    // filing_status, ssn, has_w2, sold_stock, stock_proceeds answered; has_dependents, household_size not.
    expect(o.progress).toEqual({ answered: 5, required: 7 });
    expect(o.requests.map((r: { key: string }) => r.key)).toEqual(['org:sold_stock']);
    const requests = await requestsOf(alice, ticket.id);
    expect(requests.filter((r) => r.label.startsWith('W-2')).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);

    // Shown again: restored as they were, and the same requests reopened (never made twice).
    const back = await saveAnswers(alice, ticket.id, 1, { ...answers, has_w2: true });
    expect(back.json().organizer.requests.map((r: { status: string }) => r.status)).toEqual(['open', 'open', 'open']);
    const again = await requestsOf(alice, ticket.id);
    expect(again).toHaveLength(3);
    expect(again.filter((r) => r.label.startsWith('W-2')).map((r) => r.status)).toEqual(['open', 'open']);
  });

  it('a sibling condition inside one entry hides its answer for that entry only', async () => {
    const o = (await organizerOf(alice, ticket.id))!;
    const withState = {
      ...o.answers,
      employers: [employer('e1', 'Acme', { other_state: true, state: 'NY' }), employer('e2', 'Beta', { state: 'CA' })],
      multi_state: true,
    };
    const res = await saveAnswers(alice, ticket.id, 1, withState);
    const shownState = res.json().organizer.progress;
    // Remove e1's other_state: its state and multi_state (no entry worked elsewhere) are hidden, e2's state stays hidden.
    const res2 = await saveAnswers(alice, ticket.id, 1, {
      ...withState,
      employers: [employer('e1', 'Acme', { other_state: false, state: 'NY' }), employer('e2', 'Beta', { state: 'CA' })],
    });
    const hidden = res2.json().organizer.progress;
    expect(hidden.required).toBe(shownState.required - 1); // multi_state no longer shown
    expect(res2.json().organizer.answers.employers[1].state).toBe('CA');
  });
});

describe('requests the answers make: made once, renamed, cancelled, reopened, a fulfilled one kept', () => {
  const YEAR = 2016;
  let ticket: { id: string };
  const base = (employers: unknown[], soldStock = false) => ({
    has_w2: true,
    employers,
    sold_stock: soldStock,
  });

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Requests' });
    ticket = await ticketIn(t, alice, YEAR);
  });

  it('never duplicates, renames with the entry, cancels what is gone and keeps a fulfilled one', async () => {
    const one = await saveAnswers(alice, ticket.id, 1, base([employer('e1', 'Acme'), employer('e2', 'Beta')], true));
    expect(one.statusCode, one.body).toBe(200);
    const ids = one.json().organizer.requests.map((r: { request_id: string }) => r.request_id);
    expect(ids).toHaveLength(3);
    // The same answers again: the same requests, nothing new.
    const two = await saveAnswers(alice, ticket.id, 1, base([employer('e1', 'Acme'), employer('e2', 'Beta')], true));
    expect(two.json().organizer.requests.map((r: { request_id: string }) => r.request_id)).toEqual(ids);
    expect(await requestsOf(alice, ticket.id)).toHaveLength(3);

    // An entry renamed: its request follows (same request, new label).
    const renamed = await saveAnswers(alice, ticket.id, 1, base([employer('e1', 'Acme Corp'), employer('e2', 'Beta')]));
    const list = await requestsOf(alice, ticket.id);
    expect(list.find((r) => r.id === ids[0])!.label).toBe('W-2: Acme Corp');
    // sold_stock no: its 1099-B cancelled.
    expect(list.find((r) => r.id === ids[2])!.status).toBe('cancelled');
    expect(renamed.json().organizer.requests).toHaveLength(2);

    // Beta's W-2 arrives; then Beta is removed: the fulfilled request stays fulfilled, Acme's removed one is cancelled.
    await t.database.db.execute(
      sql`update document_requests set status = 'fulfilled', fulfilled_at = now() where id = ${ids[1]}`,
    );
    const removed = await saveAnswers(alice, ticket.id, 1, base([employer('e3', 'Gamma')], true));
    expect(removed.statusCode).toBe(200);
    const after = await requestsOf(alice, ticket.id);
    const status = (id: string) => after.find((r) => r.id === id)!.status;
    expect(status(ids[0])).toBe('cancelled');
    expect(status(ids[1])).toBe('fulfilled');
    expect(status(ids[2])).toBe('open'); // reopened, not made again
    expect(after.filter((r) => r.label === 'W-2: Gamma')).toHaveLength(1);
    expect(after).toHaveLength(4);
  });

  it('an empty new entry asks for nothing yet', async () => {
    const res = await saveAnswers(alice, ticket.id, 1, base([{ id: 'blank' }]));
    expect(res.json().organizer.requests).toEqual([]);
  });
});

describe('versions: the answers keep the version they were given', () => {
  const YEAR = 2017;
  let templateId: string;
  let first: { id: string };

  beforeAll(async () => {
    templateId = await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Pinned' });
    first = await ticketIn(t, alice, YEAR);
  });

  it('v1 saved, v2 published: the ticket keeps v1, a new ticket gets v2, the wrong version is a 409', async () => {
    expect((await saveAnswers(alice, first.id, 1, { has_w2: false })).statusCode).toBe(200);
    const v2 = {
      sections: [
        ...TEST_ORGANIZER.sections,
        {
          id: 'extra',
          title: { en: 'Extra' },
          questions: [{ id: 'crypto', type: 'yes_no', label: { en: 'Any crypto?' } }],
        },
      ],
    };
    expect((await admin.put(`/api/v1/admin/organizers/${templateId}/draft`, { definition: v2 })).statusCode).toBe(200);
    const published = await admin.post(`/api/v1/admin/organizers/${templateId}/publish`);
    expect((published.json() as OrganizerDetail).published_version).toBe(2);

    const kept = (await organizerOf(alice, first.id))!;
    expect(kept.version).toBe(1);
    expect(kept.definition.sections.map((s) => s.id)).not.toContain('extra');
    expect((await saveAnswers(alice, first.id, 2, { crypto: true })).statusCode).toBe(409);
    expect((await saveAnswers(alice, first.id, 1, { has_w2: true })).statusCode).toBe(200);

    const second = await ticketIn(t, alice, YEAR);
    const fresh = (await organizerOf(alice, second.id))!;
    expect(fresh.version).toBe(2);
    expect(fresh.definition.sections.map((s) => s.id)).toContain('extra');
    const stale = await saveAnswers(alice, second.id, 1, { has_w2: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed since you opened it/);
    expect((await saveAnswers(alice, second.id, 2, { crypto: true })).statusCode).toBe(200);
  });

  it('an archived template keeps working for the tickets that hold answers; new tickets get none', async () => {
    expect((await admin.delete(`/api/v1/admin/organizers/${templateId}`)).statusCode).toBe(204);
    expect((await organizerOf(alice, first.id))!.version).toBe(1);
    expect((await saveAnswers(alice, first.id, 1, { has_w2: false })).statusCode).toBe(200);
    const third = await ticketIn(t, alice, YEAR);
    expect(await organizerOf(alice, third.id)).toBeNull();
    const none = await saveAnswers(alice, third.id, 1, {});
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('This ticket has no organizer.');
  });
});

describe('SSNs and ITINs: sealed at rest, masked, kept, removed, revealed with an audit entry', () => {
  const YEAR = 2018;
  const SSN = '123-45-6789';
  const CHILD = '555443333';
  let ticket: { id: string };

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Secrets' });
    ticket = await ticketIn(t, alice, YEAR);
  });

  const noClear = (text: string) => {
    for (const v of [SSN, '123456789', CHILD, '555-44-3333']) expect(text).not.toContain(v);
  };

  it('seals them in the row and masks them in every answer', async () => {
    const res = await saveAnswers(alice, ticket.id, 1, {
      ssn: SSN,
      has_dependents: true,
      dependents: [{ id: 'kid-1', first_name: 'Kim', ssn: CHILD }],
    });
    expect(res.statusCode, res.body).toBe(200);
    noClear(res.body);
    expect(res.json().organizer.answers.ssn).toBe('***-**-6789');
    expect(res.json().organizer.answers.dependents[0].ssn).toBe('***-**-3333');
    const row = await storedRow(ticket.id);
    const stored = JSON.stringify(row!.answers);
    noClear(stored);
    expect(stored).toContain('"$sealed":"f1.');
    const staffView = await prep.get(`/api/v1/tickets/${ticket.id}/organizer`);
    noClear(staffView.body);
  });

  it('keeps the stored value when the mask comes back, refuses a mask that matches nothing', async () => {
    const before = JSON.stringify((await storedRow(ticket.id))!.answers);
    const o = (await organizerOf(alice, ticket.id))!;
    expect((await saveAnswers(alice, ticket.id, 1, { ...o.answers, household_size: 3 })).statusCode).toBe(200);
    const after = (await storedRow(ticket.id))!.answers as { ssn: unknown; dependents: { ssn: unknown }[] };
    expect(JSON.stringify(after.ssn)).toBe(JSON.stringify((JSON.parse(before) as { ssn: unknown }).ssn));
    const reveal = await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'ssn' });
    expect(reveal.json()).toEqual({ path: 'ssn', value: SSN });
    const kid = await prep.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'dependents.kid-1.ssn' });
    expect(kid.json().value).toBe('555-44-3333');

    const bad = await saveAnswers(alice, ticket.id, 1, {
      ...o.answers,
      dependents: [{ id: 'kid-2', first_name: 'Lee', ssn: '***-**-3333' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('answers.dependents.0.ssn');
  });

  it('null removes the sealed value from the row', async () => {
    const o = (await organizerOf(alice, ticket.id))!;
    const res = await saveAnswers(alice, ticket.id, 1, { ...o.answers, ssn: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().organizer.answers.ssn).toBeNull();
    const row = (await storedRow(ticket.id))!.answers as { ssn: unknown };
    expect(row.ssn).toBeNull();
    const gone = await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'ssn' });
    expect(gone.statusCode).toBe(404);
  });

  it('audits every reveal (who, which answer) and refuses what is not an SSN or another customer', async () => {
    const audited = await parsedRows(
      t.database.db,
      rowSchema({ actor_id: col.text(), meta: col.json() }),
      sql`select actor_id, meta from audit_log where action = 'organizer.reveal' and entity_id = ${ticket.id}`,
    );
    expect(audited).toHaveLength(2);
    expect(audited.map((a) => (a.meta as { path: string }).path).sort()).toEqual(['dependents.kid-1.ssn', 'ssn']);
    const saved = await parsedRows(
      t.database.db,
      rowSchema({ meta: col.json() }),
      sql`select meta from audit_log where action = 'organizer.save' and entity_id = ${ticket.id} order by id`,
    );
    expect(JSON.stringify(saved)).toContain('organizer.dependents[kid-1].ssn');
    noClear(JSON.stringify(saved));

    const notSsn = await alice.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'household_size' });
    expect(notSsn.statusCode).toBe(422);
    const other = await bob.post(`/api/v1/tickets/${ticket.id}/organizer/reveal`, { path: 'dependents.kid-1.ssn' });
    expect(other.statusCode).toBe(404);
  });
});

describe('who may read and write a ticket’s organizer', () => {
  const YEAR = 2019;
  let ticket: { id: string };

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Access' });
    ticket = await ticketIn(t, alice, YEAR);
  });

  it('the customer their own; staff any; another customer 404 whatever they send; nobody signed in 401', async () => {
    expect((await alice.get(`/api/v1/tickets/${ticket.id}/organizer`)).statusCode).toBe(200);
    expect((await saveAnswers(alice, ticket.id, 1, { has_w2: false })).statusCode).toBe(200);
    expect((await prep.get(`/api/v1/tickets/${ticket.id}/organizer`)).statusCode).toBe(200);
    expect((await saveAnswers(prep, ticket.id, 1, { has_w2: true })).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/tickets/${ticket.id}/organizer`)).statusCode).toBe(200);
    expect((await bob.get(`/api/v1/tickets/${ticket.id}/organizer`)).statusCode).toBe(404);
    expect((await saveAnswers(bob, ticket.id, 1, { has_w2: false })).statusCode).toBe(404);
    expect((await saveAnswers(bob, ticket.id, 99, { nope: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tickets/${ticket.id}/organizer` })).statusCode).toBe(401);
  });

  it('customers and staff other than Admin get 403 from every template endpoint', async () => {
    for (const agent of [alice, prep]) {
      expect((await agent.get('/api/v1/admin/organizers')).statusCode).toBe(403);
      expect(
        (await agent.post('/api/v1/admin/organizers', { name: 'x', service_id: null, tax_year: null })).statusCode,
      ).toBe(403);
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await agent.get(`/api/v1/admin/organizers/${id}`)).statusCode).toBe(403);
      expect((await agent.post(`/api/v1/admin/organizers/${id}/publish`)).statusCode).toBe(403);
      expect((await agent.delete(`/api/v1/admin/organizers/${id}`)).statusCode).toBe(403);
    }
  });

  it('a finished ticket keeps its answers as they were (409), and still reads them', async () => {
    await forceStatus(t, ticket.id, 'Completed');
    const res = await saveAnswers(alice, ticket.id, 1, { has_w2: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/cannot change/);
    expect((await organizerOf(alice, ticket.id))!.answers.has_w2).toBe(true);
  });
});

describe('hostile answers: stored as text or refused with 422, never a 500', () => {
  const YEAR = 2020;
  let ticket: { id: string };

  beforeAll(async () => {
    await publishTemplate(admin, { service_id: serviceId, tax_year: YEAR, name: 'Hostile' });
    ticket = await ticketIn(t, alice, YEAR);
  });

  it('keeps $& and $1 as typed, also in the request label an entry names', async () => {
    const name = 'Acme $& $1 $$ $` co';
    const res = await saveAnswers(alice, ticket.id, 1, {
      has_w2: true,
      employers: [employer('e1', name)],
      large_sale_note: 'Line one\n$& and $1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organizer.answers.employers[0].employer).toBe(name);
    expect(res.json().organizer.requests[0].label).toBe(`W-2: ${name}`);
    expect((await requestsOf(alice, ticket.id)).map((r) => r.label)).toContain(`W-2: ${name}`);
  });

  it('refuses control characters, bidi overrides and too-long text with 422; takes emoji up to the limit', async () => {
    for (const bad of ['a\u0000b', 'x\u0007y', 'left\u202eright', '\u200b\u200b']) {
      const res = await saveAnswers(alice, ticket.id, 1, { has_w2: true, employers: [employer('e1', bad)] });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors[0].field).toBe('answers.employers.0.employer');
    }
    const atLimit = '😀'.repeat(300); // the text limit (zod counts code points)
    const ok = await saveAnswers(alice, ticket.id, 1, { has_w2: true, employers: [employer('e1', atLimit)] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().organizer.answers.employers[0].employer).toBe(atLimit);
    const over = await saveAnswers(alice, ticket.id, 1, { has_w2: true, employers: [employer('e1', `${atLimit}😀`)] });
    expect(over.statusCode).toBe(422);
  });

  it('refuses answers to questions the organizer does not ask, naming them only when they are plain names', async () => {
    const unknown = await saveAnswers(alice, ticket.id, 1, { has_w2: true, not_asked: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { field: 'answers.not_asked', message: 'This organizer does not ask this question.' },
    ]);
    const inEntry = await saveAnswers(alice, ticket.id, 1, { employers: [{ id: 'e1', bogus: 1 }] });
    expect(inEntry.json().errors[0].field).toBe('answers.employers.0.bogus');
    const hostileKey = await saveAnswers(alice, ticket.id, 1, { 'a\u202e$1': 1 });
    expect(hostileKey.statusCode).toBe(422);
    expect(hostileKey.json().errors[0].field).toBe('answers');
    const twice = await saveAnswers(alice, ticket.id, 1, { employers: [{ id: 'e1' }, { id: 'e1' }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[0].field).toBe('answers.employers.1.id');
    const wrongType = await saveAnswers(alice, ticket.id, 1, { household_size: 'many', filing_status: 'other' });
    expect(wrongType.statusCode).toBe(422);
    expect(
      wrongType
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['answers.filing_status', 'answers.household_size']);
    const spanish = await alice.request({
      method: 'PUT',
      url: `/api/v1/tickets/${ticket.id}/organizer`,
      payload: { version: 1, revision: knownRevision(ticket.id), answers: { not_asked: 1 } },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json().detail).toBe('Algunas respuestas no son válidas. Revise las preguntas señaladas.');
  });

  it('a refused save changes nothing', async () => {
    const before = JSON.stringify((await storedRow(ticket.id))!.answers);
    await saveAnswers(alice, ticket.id, 1, { has_w2: true, employers: [employer('e1', 'bad\u0000')] });
    expect(JSON.stringify((await storedRow(ticket.id))!.answers)).toBe(before);
  });
});
