import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizerDetail, OrganizerSummary } from '@taxportal/contract';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { pickService } from '../test/ticket-fixtures.ts';
import {
  TEST_ORGANIZER,
  organizerOf,
  publishTemplate,
  saveAnswers,
  serviceOfTests,
  ticketIn,
} from './organizers.fixtures.ts';

/** Admin's organizer templates through the API (issue 32): drafts, publishing, archiving, which template applies. */
let t: TestApp;
let admin: Agent;
let alice: Agent;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  alice = await signIn(t, (await createCustomer(t)).email);
  serviceId = await serviceOfTests(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const question = (i: number) => ({ id: `q_${i}`, type: 'yes_no', label: { en: `Question ${i}` } });
const definitionWith = (questions: unknown[]) => ({
  sections: [{ id: 'main', title: { en: 'Main' }, questions }],
});

describe('templates: draft, publish, versions, archive', () => {
  let id: string;

  it('creates an empty draft (one empty section) for a service and a year', async () => {
    const res = await admin.post('/api/v1/admin/organizers', {
      name: '  Returns 2014 ',
      service_id: serviceId,
      tax_year: 2014,
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as OrganizerDetail;
    id = d.id;
    expect(d).toMatchObject({
      name: 'Returns 2014',
      service_id: serviceId,
      tax_year: 2014,
      published_version: null,
      has_draft: true,
      tickets: 0,
      versions: [{ version: 1, published_at: null }],
    });
    expect(d.service_name).toBeTruthy();
    expect(d.current!.definition).toEqual({
      sections: [{ id: 'section_1', title: { en: 'Questions' }, questions: [] }],
    });
  });

  it('refuses a service the catalogue does not have (422 on the field) and an unknown template (404)', async () => {
    const res = await admin.post('/api/v1/admin/organizers', {
      name: 'X',
      service_id: 'no-such-service',
      tax_year: null,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('service_id');
    const update = await admin.put(`/api/v1/admin/organizers/${id}`, { name: 'X', service_id: 'nope', tax_year: null });
    expect(update.statusCode).toBe(422);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/v1/admin/organizers/${missing}`)).statusCode).toBe(404);
    expect(
      (await admin.put(`/api/v1/admin/organizers/${missing}`, { name: 'X', service_id: null, tax_year: null }))
        .statusCode,
    ).toBe(404);
    expect((await admin.post(`/api/v1/admin/organizers/${missing}/publish`)).statusCode).toBe(404);
  });

  it('updates name, service and year', async () => {
    const res = await admin.put(`/api/v1/admin/organizers/${id}`, {
      name: 'Any service',
      service_id: null,
      tax_year: 2014,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Any service', service_id: null, service_name: null, tax_year: 2014 });
  });

  it('refuses a definition that breaks the rules with 422 naming the place', async () => {
    const later = definitionWith([
      { ...question(1), show_if: { question: 'q_2', op: 'equals', value: true } },
      question(2),
    ]);
    const res = await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: later });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(
      'definition.sections.0.questions.0.show_if',
    );
    const dup = await admin.put(`/api/v1/admin/organizers/${id}/draft`, {
      definition: definitionWith([question(1), question(1)]),
    });
    expect(dup.statusCode).toBe(422);
  });

  it('refuses an organizer of more than 500 questions', async () => {
    const many = {
      sections: [0, 1].map((s) => ({
        id: `s_${s}`,
        title: { en: 'Part' },
        questions: Array.from({ length: 251 }, (_, i) => question(s * 1000 + i)),
      })),
    };
    const res = await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: many });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(
      'An organizer holds at most 500 questions.',
    );
    const oneSection = definitionWith(Array.from({ length: 501 }, (_, i) => question(i)));
    expect((await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: oneSection })).statusCode).toBe(422);
  });

  it('takes hostile text in a definition as text or refuses it with 422, never a 500', async () => {
    const label = (en: string) => definitionWith([{ ...question(1), label: { en, es: en } }]);
    const kept = await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: label('Paid $& or $1? $$ $`') });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().current.definition.sections[0].questions[0].label.en).toBe('Paid $& or $1? $$ $`');
    const emoji = '😀'.repeat(300); // the text limit (zod counts code points)
    expect((await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: label(emoji) })).statusCode).toBe(
      200,
    );
    for (const bad of ['a\u0000b', 'x\u001b[2J', 'l\u202er', '\u200b', `${emoji}😀`]) {
      const res = await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: label(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const badId = await admin.put(`/api/v1/admin/organizers/${id}/draft`, {
      definition: definitionWith([{ ...question(1), id: 'Bad Id $1' }]),
    });
    expect(badId.statusCode).toBe(422);
    const badName = await admin.put(`/api/v1/admin/organizers/${id}`, {
      name: 'a\u0000',
      service_id: null,
      tax_year: null,
    });
    expect(badName.statusCode).toBe(422);
  });

  it('publishes the draft as version 1; a second publish without a draft is 409; the next draft is version 2', async () => {
    expect((await admin.put(`/api/v1/admin/organizers/${id}/draft`, { definition: TEST_ORGANIZER })).statusCode).toBe(
      200,
    );
    const pub = await admin.post(`/api/v1/admin/organizers/${id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ published_version: 1, has_draft: false });
    expect(pub.json().current.published_at).not.toBeNull();
    const again = await admin.post(`/api/v1/admin/organizers/${id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('There is no draft to publish. Save a draft first.');

    const draft = await admin.put(`/api/v1/admin/organizers/${id}/draft`, {
      definition: definitionWith([question(1)]),
    });
    expect(draft.json()).toMatchObject({
      published_version: 1,
      has_draft: true,
      current: { version: 2, published_at: null },
      versions: [{ version: 2 }, { version: 1 }],
    });
    // Saved again: the same draft changes, no third version.
    const twice = await admin.put(`/api/v1/admin/organizers/${id}/draft`, {
      definition: definitionWith([question(2)]),
    });
    expect(twice.json().versions).toHaveLength(2);
  });

  it('lists templates with the number of tickets holding answers; archived ones leave the list', async () => {
    const ticket = await ticketIn(t, alice, 2014);
    expect((await organizerOf(alice, ticket.id))!.version).toBe(1);
    expect((await saveAnswers(alice, ticket.id, 1, { has_w2: false })).statusCode).toBe(200);
    const list = (await admin.get('/api/v1/admin/organizers')).json().items as OrganizerSummary[];
    expect(list.find((s) => s.id === id)).toMatchObject({ tickets: 1, published_version: 1, has_draft: true });

    expect((await admin.delete(`/api/v1/admin/organizers/${id}`)).statusCode).toBe(204);
    const after = (await admin.get('/api/v1/admin/organizers')).json().items as OrganizerSummary[];
    expect(after.find((s) => s.id === id)).toBeUndefined();
    expect((await admin.get(`/api/v1/admin/organizers/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v1/admin/organizers/${id}`)).statusCode).toBe(404);
    // The ticket that holds answers keeps its organizer.
    expect((await organizerOf(alice, ticket.id))!.version).toBe(1);
  });
});

describe('which template a ticket gets: the most specific published one', () => {
  const YEAR = 2013;

  it('service and year, then service, then year, then any; among equals the newest published; drafts never', async () => {
    const other = await pickService(t, 'Business Tax Return');
    const draftOnly = await admin.post('/api/v1/admin/organizers', {
      name: 'Draft only',
      service_id: serviceId,
      tax_year: YEAR,
    });
    expect(draftOnly.statusCode).toBe(201);
    const any = await publishTemplate(admin, { name: 'Any' });
    const yearOnly = await publishTemplate(admin, { name: 'Year', tax_year: YEAR });
    const serviceOnly = await publishTemplate(admin, { name: 'Service', service_id: serviceId });
    const both = await publishTemplate(admin, { name: 'Both', service_id: serviceId, tax_year: YEAR });
    const newer = await publishTemplate(admin, { name: 'Both, newer', service_id: serviceId, tax_year: YEAR });

    const nameFor = async (ticket: { id: string }) => (await organizerOf(alice, ticket.id))?.name ?? null;
    const mine = await ticketIn(t, alice, YEAR);
    expect(await nameFor(mine)).toBe('Both, newer');
    const otherService = await ticketIn(t, alice, YEAR);
    // The same customer's ticket for another service (set in the database: the catalogue's first service is used).
    await t.database.db.execute(sql`update tickets set service_id = ${other.service_id} where id = ${otherService.id}`);
    expect(await nameFor(otherService)).toBe('Year');
    const otherYear = await ticketIn(t, alice, YEAR - 1);
    expect(await nameFor(otherYear)).toBe('Service');

    for (const [archived, next] of [
      [newer, 'Both'],
      [both, 'Service'],
      [serviceOnly, 'Year'],
      [yearOnly, 'Any'],
      [any, null],
    ] as const) {
      expect((await admin.delete(`/api/v1/admin/organizers/${archived}`)).statusCode).toBe(204);
      expect(await nameFor(mine)).toBe(next);
    }
  });
});
