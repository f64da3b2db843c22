import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contactEnquiries,
  notifications,
  outbox,
  passwordResets,
  ticketMessages,
  ticketReads,
  tickets,
  users,
} from '../platform/db/schema.ts';
import {
  type Agent,
  createCustomer,
  createStaff,
  createTestApp,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../test/helper.ts';
import { saveLanguage } from '../platform/users.ts';
import { pickService } from '../test/ticket-fixtures.ts';
import { formInput } from './site.fixtures.ts';

let t: TestApp;
let admin: Agent;
let care: Agent;
let preparer: Agent;
let preparerId: string;
let customer: Agent;
let choice: { service_id: string; year: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
  const p = await createStaff(t, 'Tax Preparer');
  preparerId = p.id;
  preparer = await signIn(t, p.email);
  customer = await signIn(t, (await createCustomer(t)).email);
  const s = await pickService(t);
  choice = { service_id: s.service_id, year: s.year };
}, 120_000);
afterAll(async () => t.close());

let ip = 10;
async function sendEnquiry(over: Record<string, unknown> = {}) {
  const email = (over.email as string | undefined) ?? uniqueEmail('visitor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact-enquiries',
    remoteAddress: `198.51.100.${ip++}`,
    payload: {
      name: 'Dana Visitor',
      email,
      phone: '+1 202 555 0147',
      subject: 'Help with my return',
      message: 'I moved states last year. Can you help?',
      started_at: Date.now() - 10_000,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.email, email));
  return { id: row!.id, email };
}
const count = async (table: typeof users | typeof tickets | typeof ticketMessages) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('the inbox list', () => {
  it('lists the unhandled first, filters by status, and says its page (SPEC §9: 250 a page)', async () => {
    const older = await sendEnquiry();
    await care.post(`/api/v1/admin/site/enquiries/${older.id}/handled`);
    const newer = await sendEnquiry();
    const list = (await care.get('/api/v1/admin/site/enquiries')).json();
    expect(list.page).toBe(1);
    expect(list.page_size).toBe(250);
    const statuses = (list.items as { status: string }[]).map((i) => i.status);
    expect(statuses.indexOf('handled')).toBeGreaterThan(statuses.lastIndexOf('new'));
    expect(list.items[0].id).toBe(newer.id);
    const handled = (await care.get('/api/v1/admin/site/enquiries?status=handled')).json();
    expect(handled.items.every((i: { status: string }) => i.status === 'handled')).toBe(true);
    expect((await care.get('/api/v1/admin/site/enquiries?page=0')).statusCode).toBe(422);
  });

  it('refuses customers (403) and visitors (401)', async () => {
    const { id } = await sendEnquiry();
    expect((await customer.get('/api/v1/admin/site/enquiries')).statusCode).toBe(403);
    expect((await customer.get(`/api/v1/admin/site/enquiries/${id}`)).statusCode).toBe(403);
    expect((await customer.post(`/api/v1/admin/site/enquiries/${id}/replies`, { text: 'x' })).statusCode).toBe(403);
    expect((await customer.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/admin/site/enquiries' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/admin/site/submissions' })).statusCode).toBe(401);
    expect((await preparer.get('/api/v1/admin/site/enquiries/nope')).statusCode).toBe(404);
  });
});

describe('replying by e-mail', () => {
  it('mails the enquirer through the outbox, keeps the reply as plain text and audits it', async () => {
    const { id, email } = await sendEnquiry();
    const res = await preparer.post(`/api/v1/admin/site/enquiries/${id}/replies`, {
      text: 'Yes, we can.<script>alert(1)</script> <b>Call</b> us.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json().replies[0];
    expect(reply.text).toBe('Yes, we can. Call us.');
    expect(reply.author_name).toBe('Test Tax Preparer');
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.subject).toBe('Re: Help with my return');
    expect(mail!.text).toContain('Yes, we can. Call us.');
    expect(mail!.text).not.toContain('<script>');
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, id));
    expect(audited.some((a) => a.action === 'site.enquiry_replied' && a.actor_id === preparerId)).toBe(true);
  });

  it('refuses an empty reply and an unknown enquiry, sending nothing', async () => {
    const { id, email } = await sendEnquiry();
    expect((await care.post(`/api/v1/admin/site/enquiries/${id}/replies`, { text: '  ' })).statusCode).toBe(422);
    expect((await care.post(`/api/v1/admin/site/enquiries/${id}/replies`, { text: '<b></b>' })).statusCode).toBe(422);
    expect((await care.post('/api/v1/admin/site/enquiries/nope/replies', { text: 'Hi' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
  });
});

describe('turning an enquiry into a customer and a ticket', () => {
  it('invites a new customer, opens a ticket with the enquiry as its first message; a second click adds nothing', async () => {
    const { id, email } = await sendEnquiry();
    const res = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice);
    expect(res.statusCode, res.body).toBe(201);
    const done = res.json();
    expect(done.created_customer).toBe(true);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.id).toBe(done.customer_id);
    expect(user!.full_name).toBe('Dana Visitor');
    expect(user!.password_hash).toBeNull(); // they set it through the mailed link
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.user_id, user!.id))).toHaveLength(
      1,
    );
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.text).toContain('/reset-password?token=[redacted]');

    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, done.ticket_id));
    expect(ticket!.customer_id).toBe(user!.id);
    expect(ticket!.status).toBe('Open');
    expect(ticket!.year).toBe(choice.year);
    const messages = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticket_id, ticket!.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain('I moved states last year. Can you help?');
    expect(messages[0]!.author_id).toBe(user!.id);

    // The enquiry is unread for staff, and counted as seen by the customer who wrote it (docs/decisions/0023).
    expect((await care.get(`/api/v1/tickets/${ticket!.id}`)).json().unread_count).toBe(1);
    expect(ticket!.message_count).toBe(1);
    const [seen] = await t.database.db
      .select()
      .from(ticketReads)
      .where(and(eq(ticketReads.ticket_id, ticket!.id), eq(ticketReads.user_id, user!.id)));
    expect(seen).toMatchObject({ seen_all: 1, seen_public: 1, last_read_at: null });

    const enquiry = (await care.get(`/api/v1/admin/site/enquiries/${id}`)).json();
    expect(enquiry).toMatchObject({ status: 'handled', ticket_id: ticket!.id, ticket_name: ticket!.name });

    const [users0, tickets0] = [await count(users), await count(tickets)];
    const again = await admin.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...done, created_customer: false });
    expect([await count(users), await count(tickets)]).toEqual([users0, tickets0]);

    // The new customer sees their ticket once they set their password; no one else's.
    expect((await customer.get(`/api/v1/tickets/${ticket!.id}`)).statusCode).toBe(404);
  });

  it('links an existing customer with that e-mail instead of making a second account', async () => {
    const existing = await createCustomer(t);
    const { id } = await sendEnquiry({ email: existing.email });
    const users0 = await count(users);
    const res = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: existing.id, created_customer: false });
    expect(await count(users)).toBe(users0);
  });

  it('refuses a staff e-mail, a year not offered or no phone, with nothing created', async () => {
    const staff = await createStaff(t, 'Reviewer');
    const before = [await count(users), await count(tickets)];
    const staffEnquiry = await sendEnquiry({ email: staff.email });
    expect((await care.post(`/api/v1/admin/site/enquiries/${staffEnquiry.id}/ticket`, choice)).statusCode).toBe(409);
    const { id } = await sendEnquiry({ phone: '' });
    const badYear = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, { ...choice, year: 2199 });
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors[0].field).toBe('year');
    const noPhone = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors[0].field).toBe('phone');
    expect([await count(users), await count(tickets)]).toEqual(before);
    const withPhone = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, { ...choice, phone: '2025550148' });
    expect(withPhone.statusCode, withPhone.body).toBe(201);
  });

  it('is atomic: a failure after the customer was made leaves no customer, ticket or link', async () => {
    const { id, email } = await sendEnquiry();
    const db = t.database.db;
    await db.execute(sql`create or replace function test_fail_message() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger test_fail_message before insert on ticket_messages
      for each row execute function test_fail_message()`);
    const before = [await count(users), await count(tickets)];
    try {
      const res = await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice);
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_fail_message on ticket_messages`);
    }
    expect([await count(users), await count(tickets)]).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
    const [row] = await db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
    expect(row).toMatchObject({ status: 'new', customer_id: null, ticket_id: null });
    expect((await care.post(`/api/v1/admin/site/enquiries/${id}/ticket`, choice)).statusCode).toBe(201);
  });
});

describe('web form submissions in the inbox', () => {
  it('lists every form’s submissions unhandled first, opens one and marks it handled', async () => {
    const form = await admin.post('/api/v1/admin/site/forms', { data: formInput('inbox-apply') });
    expect(form.statusCode, form.body).toBe(201);
    await admin.post(`/api/v1/admin/site/forms/${form.json().id}/publish`);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forms/inbox-apply/submissions',
      remoteAddress: '198.51.100.200',
      payload: {
        values: { full_name: 'Sam Seeker', email: 'sam@example.test', season: '2027' },
        rows: [{ employer: 'Acme' }, { employer: 'Globex' }],
        started_at: Date.now() - 10_000,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = (await preparer.get('/api/v1/admin/site/submissions?form=inbox-apply')).json();
    expect(list.total).toBe(1);
    const item = list.items[0];
    expect(item).toMatchObject({ form: 'inbox-apply', form_title: 'Seasonal preparer application', status: 'new' });
    expect(item.rows).toEqual([{ employer: 'Acme' }, { employer: 'Globex' }]);
    const one = await preparer.get(`/api/v1/admin/site/submissions/${item.id}`);
    expect(one.json().values.full_name).toBe('Sam Seeker');
    const handled = await preparer.post(`/api/v1/admin/site/submissions/${item.id}/handled`);
    expect(handled.json()).toMatchObject({ status: 'handled' });
    expect(handled.json().handled_at).toBeTruthy();
    expect((await preparer.get('/api/v1/admin/site/submissions?form=inbox-apply&status=new')).json().total).toBe(0);
    expect((await customer.get(`/api/v1/admin/site/submissions/${item.id}`)).statusCode).toBe(403);
    expect((await preparer.get('/api/v1/admin/site/submissions/nope')).statusCode).toBe(404);
    expect((await preparer.get('/api/v1/admin/site/submissions?form=Bad Form')).statusCode).toBe(422);
  });
});

describe('the site-editor permission in the session', () => {
  it('tells the web who may edit the site; a staff member without it is refused the editor', async () => {
    const member = await createStaff(t, 'Tax Preparer');
    const agent = await signIn(t, member.email);
    expect((await admin.get('/api/v1/auth/session')).json().site_editor).toBe(true);
    expect((await customer.get('/api/v1/auth/session')).json().site_editor).toBe(false);
    expect((await agent.get('/api/v1/auth/session')).json().site_editor).toBe(false);
    expect((await agent.get('/api/v1/admin/site/pages')).statusCode).toBe(403);
    expect((await agent.put('/api/v1/admin/site/settings', { data: {} })).statusCode).toBe(403);

    expect((await admin.post('/api/v1/admin/site/editors', { user_id: member.id })).statusCode).toBe(201);
    expect((await agent.get('/api/v1/auth/session')).json().site_editor).toBe(true);
    expect((await agent.get('/api/v1/admin/site/pages')).statusCode).toBe(200);
    // Editors do not decide who else edits.
    expect((await agent.get('/api/v1/admin/site/editors')).statusCode).toBe(403);

    expect((await admin.delete(`/api/v1/admin/site/editors/${member.id}`)).statusCode).toBe(204);
    expect((await agent.get('/api/v1/auth/session')).json().site_editor).toBe(false);
    expect((await agent.get('/api/v1/admin/site/pages')).statusCode).toBe(403);
  });
});

describe("in the reader's language (issue 31)", () => {
  const submit = (slug: string, payload: Record<string, unknown>, language: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${slug}/submissions`,
      remoteAddress: address,
      headers: { cookie: `tp_lang=${language}` },
      payload: { rows: [], started_at: Date.now() - 10_000, ...payload },
    });

  it('refuses a form’s answers naming the field as the visitor reads it, and tells staff in theirs', async () => {
    const input = formInput('inbox-es');
    input.title = { en: 'Seasonal preparer application', es: 'Solicitud de preparador de temporada' } as never;
    input.fields[0]!.label = { en: 'Full name', es: 'Nombre completo' } as never;
    const form = await admin.post('/api/v1/admin/site/forms', { data: input });
    expect(form.statusCode, form.body).toBe(201);
    await admin.post(`/api/v1/admin/site/forms/${form.json().id}/publish`);
    const values = { full_name: 'Sam Seeker', email: 'sam@example.test', season: '2027' };

    const missing = await submit('inbox-es', { values: { ...values, full_name: '' } }, 'es', '198.51.100.210');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      detail: 'Nombre completo es obligatorio',
      errors: [{ field: 'values.full_name', message: 'Nombre completo es obligatorio' }],
    });
    // Left empty once its markup is dropped (the text schema's rule): the same words.
    const blank = await submit('inbox-es', { values: { ...values, full_name: '<b></b>' } }, 'es', '198.51.100.210');
    expect(blank.json().errors).toEqual([{ field: 'values.full_name', message: 'Nombre completo es obligatorio' }]);
    const english = await submit('inbox-es', { values: { ...values, full_name: '' } }, 'en', '198.51.100.210');
    expect(english.json()).toMatchObject({
      detail: 'Full name is required',
      errors: [{ field: 'values.full_name', message: 'Full name is required' }],
    });
    const rows = await submit(
      'inbox-es',
      { values, rows: Array(6).fill({ employer: 'Acme' }) },
      'es',
      '198.51.100.211',
    );
    expect(rows.json().errors).toEqual([{ field: 'rows', message: 'Como máximo 5 filas' }]);
    const tooFast = await submit('inbox-es', { values, started_at: Date.now() }, 'es', '198.51.100.211');
    expect(tooFast.json()).toMatchObject({
      detail: 'Tómese un momento para llenar el formulario y vuelva a enviarlo.',
      errors: [{ field: 'started_at', message: 'Enviado demasiado rápido' }],
    });

    const spanishStaff = await createStaff(t, 'Customer Care Department');
    await saveLanguage(t.database.db, spanishStaff.id, 'es');
    const sent = await submit('inbox-es', { values }, 'es', '198.51.100.212');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).not.toBe('Submitted successfully...!');
    const titles = async (userId: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.user_id, userId))).map((n) => n.title);
    expect(await titles(spanishStaff.id)).toContain('Nuevo envío de «Solicitud de preparador de temporada»');
    const englishStaff = await createStaff(t, 'Customer Care Department');
    const again = await submit('inbox-es', { values }, 'en', '198.51.100.212');
    expect(again.json()).toEqual({ status: 'Success', message: 'Submitted successfully...!' });
    expect(await titles(englishStaff.id)).toContain('New “Seasonal preparer application” submission');
  });

  it('writes what the portal adds to a reply in the replying staff member’s language', async () => {
    const { id, email } = await sendEnquiry();
    const spanishCare = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
    spanishCare.cookies.set('tp_lang', 'es');
    const res = await spanishCare.post(`/api/v1/admin/site/enquiries/${id}/replies`, { text: 'Sí, podemos ayudarle.' });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.subject).toBe('Re: Help with my return');
    expect(mail!.text).toMatch(/^Sí, podemos ayudarle\.\n\n---\nUsted escribió el \d{4}-\d{2}-\d{2}:\nI moved states/);
    const unknown = await spanishCare.post('/api/v1/admin/site/enquiries/nope/ticket', choice);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'No se encontró la consulta.' });
  });
});
