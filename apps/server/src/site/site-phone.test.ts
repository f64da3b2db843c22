import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEnquiries, formSubmissions, tickets, users } from '../platform/db/schema.ts';
import { type Agent, createStaff, createTestApp, signIn, uniqueEmail, type TestApp } from '../test/helper.ts';
import { pickService } from '../test/ticket-fixtures.ts';
import { formInput, publishContent, settingsInput } from './site.fixtures.ts';

// Issue 29 (a): phone numbers on the public site are read in the firm's country and stored in E.164, and so are
// they when an enquiry becomes a customer and a ticket.
let t: TestApp;
let admin: Agent;
let care: Agent;
let choice: { service_id: string; year: number };

const phoneForm = () => {
  const form = formInput('call-back');
  return {
    ...form,
    fields: [...form.fields, { name: 'phone', label: { en: 'Phone' }, type: 'phone', required: false, options: [] }],
    child_group: null,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  const s = await pickService(t);
  choice = { service_id: s.service_id, year: s.year };
  await publishContent(admin, 'forms', phoneForm());
}, 120_000);
afterAll(async () => t.close());

let ip = 10;
const enquire = (phone: unknown, email = uniqueEmail('visitor')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact-enquiries',
    remoteAddress: `198.51.100.${ip++}`,
    payload: { name: 'Dana Visitor', email, phone, message: 'Please call me back.', started_at: Date.now() - 10_000 },
  });
const submit = (phone: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/forms/call-back/submissions',
    remoteAddress: `198.51.100.${ip++}`,
    payload: {
      values: { full_name: 'Sam Seeker', email: 'sam@example.test', season: '2027', phone },
      rows: [],
      started_at: Date.now() - 10_000,
    },
  });
const storedEnquiryPhone = async (email: string) =>
  (await t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.email, email)))[0]?.phone;
const lastSubmissionPhone = async () => {
  const rows = await t.database.db.select().from(formSubmissions);
  const last = rows.sort((a, b) => +b.created_at - +a.created_at)[0]!;
  return (last.values as Record<string, unknown>).phone;
};
const publishCountry = async (country: string) => {
  const data = settingsInput();
  expect(
    (await admin.put('/api/v1/admin/site/settings', { data: { ...data, business: { ...data.business, country } } }))
      .statusCode,
  ).toBe(200);
  expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
};

describe("a US firm's site", () => {
  it('takes a number in national format and stores it in E.164, on the contact form and a web form', async () => {
    const email = uniqueEmail('national');
    const res = await enquire('(217) 555-0188', email);
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedEnquiryPhone(email)).toBe('+12175550188');

    for (const [typed, stored] of [
      ['(217) 555-0188', '+12175550188'],
      ['217.555.0199', '+12175550199'],
      ['1-217-555-0177', '+12175550177'],
      ['+44 20 7946 0018', '+442079460018'],
    ]) {
      const sent = await submit(typed);
      expect(sent.statusCode, `${typed}: ${sent.body}`).toBe(201);
      expect(await lastSubmissionPhone()).toBe(stored);
    }
    // No phone given stays no phone.
    const none = uniqueEmail('none');
    expect((await enquire('', none)).statusCode).toBe(201);
    expect(await storedEnquiryPhone(none)).toBe('');
  });

  it('answers hostile input with a problem+json field error, never a 500, and keeps nothing', async () => {
    for (const hostile of [
      'call me maybe',
      '217-555-01AB',
      '$&',
      '217\u0000555\u00070188',
      '1'.repeat(40),
      '12',
      '+1 (217) 555-0188; drop table users',
      '\u202E8810-555 (712)',
    ]) {
      const email = uniqueEmail('hostile');
      const res = await enquire(hostile, email);
      expect(res.statusCode, `${JSON.stringify(hostile)}: ${res.body}`).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].field).toBe('phone');
      expect(await storedEnquiryPhone(email)).toBeUndefined();

      const sent = await submit(hostile);
      expect(sent.statusCode, `${JSON.stringify(hostile)}: ${sent.body}`).toBe(422);
      expect(sent.headers['content-type']).toContain('application/problem+json');
      expect(sent.json().errors[0].field).toBe('values.phone');
    }
  });
});

describe('an enquiry made a customer and a ticket', () => {
  const convert = (id: string, body: Record<string, unknown> = {}) =>
    care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, { ...choice, ...body });
  /** An enquiry whose phone was stored as typed (before numbers were stored in E.164). */
  const legacyEnquiry = async (phone: string) => {
    const email = uniqueEmail('legacy');
    expect((await enquire('', email)).statusCode).toBe(201);
    await t.database.db.update(contactEnquiries).set({ phone }).where(eq(contactEnquiries.email, email));
    const [row] = await t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.email, email));
    return { id: row!.id, email };
  };

  it("gives the customer and the ticket the enquiry's number in E.164", async () => {
    const { id, email } = await legacyEnquiry('(217) 555-0188');
    const res = await convert(id);
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.phone).toBe('+12175550188');
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, res.json().ticket_id));
    expect(ticket!.phone).toBe('+12175550188');
  });

  it('reads the number staff enter by the same rule, and refuses one that is not a number', async () => {
    const { id, email } = await legacyEnquiry('');
    for (const hostile of ['$&', 'call me', '9'.repeat(30)]) {
      const refused = await convert(id, { phone: hostile });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors[0].field).toBe('phone');
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const res = await convert(id, { phone: '217 555 0166' });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.phone).toBe('+12175550166');
  });

  it("asks staff for a number when the enquiry's cannot be read", async () => {
    const { id } = await legacyEnquiry('ring the office');
    const refused = await convert(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      field: 'phone',
      message: expect.stringContaining('cannot be read'),
    });
    expect((await convert(id, { phone: '+1 217 555 0155' })).statusCode).toBe(201);
  });
});

describe("another country's firm", () => {
  it("reads a number without + in the firm's country", async () => {
    await publishCountry('GB');
    try {
      const email = uniqueEmail('uk');
      expect((await enquire('020 7946 0018', email)).statusCode).toBe(201);
      expect(await storedEnquiryPhone(email)).toBe('+442079460018');
      expect((await submit('020 7946 0018')).statusCode).toBe(201);
      expect(await lastSubmissionPhone()).toBe('+442079460018');
      // A US number in national format is not a UK one: it needs its +1.
      expect((await enquire('(217) 555-0188')).statusCode).toBe(422);
      expect((await submit('+1 217 555 0188')).statusCode).toBe(201);
      expect(await lastSubmissionPhone()).toBe('+12175550188');
    } finally {
      await publishCountry('US');
    }
  });
});
