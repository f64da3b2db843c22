import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_CHECKLIST } from '@taxportal/contract';
import { documentTypes, siteSettings } from '../platform/db/schema.ts';
import { seedBase } from '../platform/db/seed.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';

let t: TestApp;
let admin: Agent;
let preparer: Agent;
let customer: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  customer = await signIn(t, (await createCustomer(t)).email);
});
afterAll(async () => t.close());

const base = '/api/v1/admin/catalog';
const listDocumentTypeNames = async (): Promise<string[]> =>
  (await t.app.inject('/api/v1/catalog/document-types')).json().items.map((d: { name: string }) => d.name);

describe('public catalogue', () => {
  it('lists service types, services of a type with price, years newest first and document types to anyone', async () => {
    const types = await t.app.inject('/api/v1/catalog/service-types');
    expect(types.statusCode).toBe(200);
    const individual = types.json().items.find((x: { name: string }) => x.name === 'Individual Tax Return');
    expect(individual).toMatchObject({ show_in_website: true });

    const services = (await t.app.inject(`/api/v1/catalog/services?service_type=${individual.id}`)).json().items;
    expect(services.length).toBe(4);
    expect(services.every((s: { service_type_id: string }) => s.service_type_id === individual.id)).toBe(true);
    expect(services[0]).toMatchObject({ price_cents: expect.any(Number), currency: 'USD', active: true });

    const years = (await t.app.inject('/api/v1/catalog/years')).json().items.map((y: { year: number }) => y.year);
    expect(years[0]).toBe(new Date().getUTCFullYear() - 1);
    expect(years).toContain(2000);

    const docs = (await t.app.inject('/api/v1/catalog/document-types')).json().items;
    expect(docs.map((d: { name: string }) => d.name)).toContain('W-2');
  });

  it('lists 1099-K, 1099-G and SSA-1099 among the document types, after the other 1099s (issue 29)', async () => {
    const names = (await listDocumentTypeNames()).filter((n) => /1099/.test(n));
    expect(names).toEqual([
      '1099-INT',
      '1099-DIV',
      '1099-B',
      '1099-NEC',
      '1099-MISC',
      '1099-R',
      '1099-K',
      '1099-G',
      'SSA-1099',
    ]);
    // Staff list them too, and the request checklist asks for them by type.
    const staffNames = (await preparer.get(`${base}/document-types`)).json().items.map((d: { name: string }) => d.name);
    expect(staffNames).toEqual(expect.arrayContaining(['1099-K', '1099-G', 'SSA-1099']));
    expect(REQUEST_CHECKLIST.filter((c) => ['1099-K', '1099-G', 'SSA-1099'].includes(c.label))).toEqual([
      expect.objectContaining({ document_type: '1099-K' }),
      expect.objectContaining({ document_type: '1099-G' }),
      expect.objectContaining({ document_type: 'SSA-1099' }),
    ]);
  });

  it('hides service types not shown on the website, inactive services and withdrawn years', async () => {
    const type = (await admin.post(`${base}/service-types`, { name: 'Hidden Type', show_in_website: false })).json();
    const svc = (
      await admin.post(`${base}/services`, { service_type_id: type.id, name: 'Off', price_cents: 100, active: false })
    ).json();
    expect(
      (await admin.request({ method: 'PATCH', url: `${base}/years/2001`, payload: { active: false } })).statusCode,
    ).toBe(200);

    const publicTypes = (await t.app.inject('/api/v1/catalog/service-types'))
      .json()
      .items.map((x: { id: string }) => x.id);
    expect(publicTypes).not.toContain(type.id);
    const publicServices = (await t.app.inject('/api/v1/catalog/services'))
      .json()
      .items.map((x: { id: string }) => x.id);
    expect(publicServices).not.toContain(svc.id);
    expect(
      (await t.app.inject('/api/v1/catalog/years')).json().items.map((y: { year: number }) => y.year),
    ).not.toContain(2001);

    const staffTypes = (await preparer.get(`${base}/service-types`)).json().items.map((x: { id: string }) => x.id);
    expect(staffTypes).toContain(type.id);
    const staffYears = (await preparer.get(`${base}/years`)).json().items;
    expect(staffYears).toContainEqual({ year: 2001, active: false });
  });
});

describe('catalogue administration', () => {
  it('creates, changes (only what is sent) and deletes a service type', async () => {
    const created = await admin.post(`${base}/service-types`, {
      name: 'Estate & Trust',
      description: 'Form 1041',
      position: 9,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const patched = await admin.request({
      method: 'PATCH',
      url: `${base}/service-types/${id}`,
      payload: { show_in_website: false },
    });
    expect(patched.json()).toMatchObject({
      name: 'Estate & Trust',
      description: 'Form 1041',
      position: 9,
      show_in_website: false,
    });
    expect((await admin.delete(`${base}/service-types/${id}`)).statusCode).toBe(204);
    expect((await admin.delete(`${base}/service-types/${id}`)).statusCode).toBe(404);
  });

  it('refuses duplicates with 409, an unknown service type with 422, and deleting what is in use with 409', async () => {
    const dup = await admin.post(`${base}/service-types`, { name: 'Individual Tax Return' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('name');

    const bad = await admin.post(`${base}/services`, { service_type_id: 'nope', name: 'X', price_cents: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('service_type_id');

    const types = (await admin.get(`${base}/service-types`)).json().items;
    const individual = types.find((x: { name: string }) => x.name === 'Individual Tax Return');
    const inUse = await admin.delete(`${base}/service-types/${individual.id}`);
    expect(inUse.statusCode).toBe(409);

    expect((await admin.post(`${base}/years`, { year: 2005 })).statusCode).toBe(409);
    const negative = await admin.post(`${base}/services`, {
      service_type_id: individual.id,
      name: 'Neg',
      price_cents: -5,
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors[0].field).toBe('price_cents');
  });

  it("says its refusals in the reader's language (cookie tp_lang=es), the English ones word for word", async () => {
    const english = await admin.post(`${base}/service-types`, { name: 'Individual Tax Return' });
    expect(english.json()).toMatchObject({
      title: 'Conflict',
      detail: 'A service type with this name already exists.',
      errors: [{ field: 'name', message: 'A service type with this name already exists.' }],
    });
    const spanishAdmin = await signIn(t, (await createStaff(t, 'Admin')).email);
    spanishAdmin.cookies.set('tp_lang', 'es');
    const spanish = await spanishAdmin.post(`${base}/service-types`, { name: 'Individual Tax Return' });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json().detail).toBe('Ya existe un tipo de servicio con este nombre.');
    expect(spanish.json().errors).toEqual([
      { field: 'name', message: 'Ya existe un tipo de servicio con este nombre.' },
    ]);
    const year = await spanishAdmin.post(`${base}/years`, { year: 2005 });
    expect(year.json().errors).toEqual([{ field: 'year', message: 'Este año ya existe.' }]);
    const types = (await spanishAdmin.get(`${base}/service-types`)).json().items;
    const individual = types.find((x: { name: string }) => x.name === 'Individual Tax Return');
    const inUse = await spanishAdmin.delete(`${base}/service-types/${individual.id}`);
    expect(inUse.json().detail).toBe('Este elemento está en uso y no se puede eliminar. Desactívelo u ocúltelo.');
  });

  it('manages services with prices in cents', async () => {
    const type = (await admin.post(`${base}/service-types`, { name: 'Payroll' })).json();
    const svc = await admin.post(`${base}/services`, {
      service_type_id: type.id,
      name: 'Quarterly 941',
      price_cents: 12550,
    });
    expect(svc.statusCode).toBe(201);
    expect(svc.json()).toMatchObject({
      service_type_name: 'Payroll',
      price_cents: 12550,
      currency: 'USD',
      active: true,
      description: '',
    });
    const patched = await admin.request({
      method: 'PATCH',
      url: `${base}/services/${svc.json().id}`,
      payload: { price_cents: 13000 },
    });
    expect(patched.json()).toMatchObject({ name: 'Quarterly 941', price_cents: 13000 });
    expect((await admin.delete(`${base}/services/${svc.json().id}`)).statusCode).toBe(204);
  });

  it('manages tax years and document types', async () => {
    const year = new Date().getUTCFullYear();
    expect((await admin.post(`${base}/years`, { year })).json()).toEqual({ year, active: true });
    expect((await t.app.inject('/api/v1/catalog/years')).json().items[0].year).toBe(year);
    expect((await admin.delete(`${base}/years/${year}`)).statusCode).toBe(204);
    expect((await admin.post(`${base}/years`, { year: 1800 })).statusCode).toBe(422);

    const doc = await admin.post(`${base}/document-types`, { name: '1095-A' });
    expect(doc.statusCode).toBe(201);
    const renamed = await admin.request({
      method: 'PATCH',
      url: `${base}/document-types/${doc.json().id}`,
      payload: { name: '1095-A Marketplace' },
    });
    expect(renamed.json().name).toBe('1095-A Marketplace');
    expect((await admin.delete(`${base}/document-types/${doc.json().id}`)).statusCode).toBe(204);
  });

  it('manages tax templates with rates in basis points', async () => {
    const created = await admin.post(`${base}/tax-templates`, { name: 'NY Sales Tax', rate_bp: 888 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'NY Sales Tax', rate_bp: 888, active: true });
    for (const rate_bp of [10_001, -1, 8.5]) {
      const bad = await admin.post(`${base}/tax-templates`, { name: `Bad ${rate_bp}`, rate_bp });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('rate_bp');
    }
    const patched = await admin.request({
      method: 'PATCH',
      url: `${base}/tax-templates/${created.json().id}`,
      payload: { active: false },
    });
    expect(patched.json()).toMatchObject({ rate_bp: 888, active: false });
    expect((await preparer.get(`${base}/tax-templates`)).json().items).toHaveLength(1);
    expect((await admin.delete(`${base}/tax-templates/${created.json().id}`)).statusCode).toBe(204);
  });

  it('lets only Admins change the catalogue; customers cannot even read the admin lists', async () => {
    for (const agent of [preparer, customer]) {
      expect((await agent.post(`${base}/service-types`, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await agent.post(`${base}/tax-templates`, { name: 'Sneaky', rate_bp: 1 })).statusCode).toBe(403);
      expect(
        (await agent.request({ method: 'PATCH', url: `${base}/years/2010`, payload: { active: false } })).statusCode,
      ).toBe(403);
      expect((await agent.delete(`${base}/document-types/x`)).statusCode).toBe(403);
    }
    expect((await customer.get(`${base}/services`)).statusCode).toBe(403);
    expect((await customer.get(`${base}/tax-templates`)).statusCode).toBe(403);
  });
});

describe('a database seeded before 1099-K, 1099-G and SSA-1099 were document types', () => {
  it('gets them at the next start, after its own types, whose order is kept', async () => {
    const db = t.database.db;
    await db.delete(documentTypes).where(inArray(documentTypes.name, ['1099-K', '1099-G', 'SSA-1099']));
    // The firm's own order: W-2 moved last.
    await db.update(documentTypes).set({ position: 500 }).where(eq(documentTypes.name, 'W-2'));
    await db.update(siteSettings).set({ value: 'an older seed' }).where(eq(siteSettings.key, 'seed_fingerprint'));
    const before = await listDocumentTypeNames();
    expect(before).not.toContain('1099-K');

    await seedBase(db);
    const after = await listDocumentTypeNames();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual(['1099-K', '1099-G', 'SSA-1099']);
    expect(before.at(-1)).toBe('W-2');
    // Seeding again changes nothing.
    await seedBase(db);
    expect(await listDocumentTypeNames()).toEqual(after);
  });
});
