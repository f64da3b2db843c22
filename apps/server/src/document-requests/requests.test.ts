import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRequest, DocumentRequestList } from '@taxportal/contract';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { createMailer } from '../platform/mail/mail.ts';
import { saveLanguage } from '../platform/users.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { EventStream, listenOnce } from '../test/sse.ts';
import { forceStatus, openTicket } from '../test/ticket-fixtures.ts';
import { claimDueReminders } from './requests.repository.ts';
import { createDocumentsJobRunner, reminderHandler, reminderScan } from './requests.reminders.ts';
import { FINISHED_STATUSES } from './requests.service.ts';

let t: TestApp;
let staff: Agent;
let customerA: Agent;
let customerB: Agent;
let a: Awaited<ReturnType<typeof createCustomer>>;
let b: Awaited<ReturnType<typeof createCustomer>>;
let ticketA: { id: string; name: string };
let ticketA2: { id: string; name: string };
let ticketB: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await createCustomer(t, { full_name: 'Alice Able' });
  b = await createCustomer(t, { full_name: 'Bob Baker' });
  const preparer = await createStaff(t, 'Tax Preparer');
  staff = await signIn(t, preparer.email);
  customerA = await signIn(t, a.email);
  customerB = await signIn(t, b.email);
  ticketA = await openTicket(t, customerA);
  ticketA2 = await openTicket(t, customerA);
  ticketB = await openTicket(t, customerB);
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (to: string, subjectLike = '%') =>
  rows(
    t.database.db,
    rowSchema({ subject: col.text(), text: col.text() }),
    sql`select subject, text from outbox where "to" = ${to} and subject like ${subjectLike} order by created_at`,
  );
const countRequests = () =>
  rows(t.database.db, rowSchema({ n: col.int() }), sql`select count(*)::int as n from document_requests`);

async function request(ticketId: string, body: object): Promise<DocumentRequest[]> {
  const res = await staff.post(`/api/v1/tickets/${ticketId}/document-requests`, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as DocumentRequestList).items;
}

describe('document requests: staff ask, the customer sees and is told', () => {
  it('creates several at once, mapping checklist items to document types, and notifies the customer', async () => {
    const items = await request(ticketA.id, {
      checklist: ['w2', '1099_int', '1095_a'],
      custom: ['Daycare provider letter'],
      note: 'For the 2023 return, please.',
    });
    expect(items.map((i) => i.label)).toEqual(['W-2', '1099-INT', '1095-A', 'Daycare provider letter']);
    expect(items.every((i) => i.status === 'open' && i.source === 'staff' && i.ticket_name === ticketA.name)).toBe(
      true,
    );
    expect(items[0]).toMatchObject({ document_type_name: 'W-2', note: 'For the 2023 return, please.' });
    expect(items[0]!.document_type_id).toBeTruthy();
    expect(items[2]).toMatchObject({ document_type_id: null, document_type_name: null });
    expect(items[0]!.requested_by_name).toBe('Test Tax Preparer');
    const days = (new Date(items[0]!.next_reminder_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);

    const notes = await customerA.get('/api/v1/notifications');
    const n = notes.json().items.find((x: { kind: string }) => x.kind === 'document_request');
    expect(n).toMatchObject({ ticket_id: ticketA.id, title: `${ticketA.name}: documents requested` });
    expect(n.body).toContain('W-2');
    const [mail] = await mailsTo(a.email, '%documents requested');
    expect(mail!.text).toContain('  - 1099-INT');
    expect(mail!.text).toContain('Daycare provider letter');
    expect(mail!.text).toContain('For the 2023 return, please.');
    expect(mail!.text).toContain(`http://portal.test/form/message/${ticketA.name}`);
  });

  it("the customer sees their ticket's requests and their outstanding ones across tickets", async () => {
    await request(ticketA2.id, { checklist: ['photo_id'] });
    await request(ticketB.id, { checklist: ['1099_b'] });
    const onTicket = await customerA.get(`/api/v1/tickets/${ticketA.id}/document-requests`);
    expect(onTicket.statusCode).toBe(200);
    expect(onTicket.json().items).toHaveLength(4);
    const byName = await customerA.get(`/api/v1/tickets/${ticketA.name}/document-requests`);
    expect(byName.json().items).toHaveLength(4);

    const mine = (await customerA.get('/api/v1/document-requests?status=open')).json() as DocumentRequestList;
    expect(mine.items).toHaveLength(5);
    expect(new Set(mine.items.map((i) => i.ticket_id))).toEqual(new Set([ticketA.id, ticketA2.id]));
    // A customer cannot look at someone else's by passing customer_id.
    const sneaky = (await customerB.get(`/api/v1/document-requests?customer_id=${a.id}`)).json();
    expect(sneaky.items.map((i: DocumentRequest) => i.label)).toEqual(['1099-B']);
    // Staff may ask for one customer's.
    const forA = (await staff.get(`/api/v1/document-requests?customer_id=${a.id}`)).json();
    expect(forA.items).toHaveLength(5);
  });

  it("answers 404 on every endpoint for another customer's ticket or request (403 on staff's, to any customer)", async () => {
    const [reqA] = (await customerA.get(`/api/v1/tickets/${ticketA.id}/document-requests`)).json().items;
    expect((await customerB.get(`/api/v1/tickets/${ticketA.id}/document-requests`)).statusCode).toBe(404);
    expect((await customerB.get(`/api/v1/tickets/${ticketA.name}/document-requests`)).statusCode).toBe(404);
    expect(
      (await customerB.post(`/api/v1/tickets/${ticketA.id}/document-requests`, { checklist: ['w2'] })).statusCode,
    ).toBe(403);
    expect((await customerB.post(`/api/v1/document-requests/${reqA.id}/cancel`)).statusCode).toBe(403);
    expect((await staff.get('/api/v1/tickets/no-such-ticket/document-requests')).statusCode).toBe(404);
    expect((await staff.post('/api/v1/document-requests/no-such-request/cancel')).statusCode).toBe(404);
  });

  it('refuses a customer creating or cancelling a request (403), and anonymous callers (401)', async () => {
    const before = await countRequests();
    const res = await customerA.post(`/api/v1/tickets/${ticketA.id}/document-requests`, { checklist: ['w2'] });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const [reqA] = (await customerA.get(`/api/v1/tickets/${ticketA.id}/document-requests`)).json().items;
    expect((await customerA.post(`/api/v1/document-requests/${reqA.id}/cancel`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/document-requests' })).statusCode).toBe(401);
    const after = await countRequests();
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await customerA.get(`/api/v1/tickets/${ticketA.id}/document-requests`)).json().items[0].status).toBe(
      'open',
    );
  });

  it("rings the customer's bell live (notification.created over SSE), and nobody else's", async () => {
    const base = await listenOnce(t);
    const { stream: mine } = await EventStream.open(base, customerA);
    const { stream: theirs } = await EventStream.open(base, customerB);
    try {
      await request(ticketA2.id, { custom: ['Lease agreement'] });
      const e = await mine.next('notification.created', (x) => x.data.type === 'notification.created');
      expect(e.data).toMatchObject({
        notification: { kind: 'document_request', ticket_id: ticketA2.id, ticket_name: ticketA2.name, read: false },
      });
      expect((e.data.notification as { body: string }).body).toBe('Lease agreement');
      expect(e.data.unread_count).toBeGreaterThanOrEqual(1);
      expect(theirs.events.filter((x) => x.data.type === 'notification.created')).toHaveLength(0);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('refuses bad input with 422 naming the field, writing nothing', async () => {
    const before = await countRequests();
    const empty = await staff.post(`/api/v1/tickets/${ticketA.id}/document-requests`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].field).toBe('checklist');
    const unknown = await staff.post(`/api/v1/tickets/${ticketA.id}/document-requests`, { checklist: ['w-99'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toBe('checklist.0');
    const blank = await staff.post(`/api/v1/tickets/${ticketA.id}/document-requests`, { custom: ['   '] });
    expect(blank.statusCode).toBe(422);
    const wrongType = await staff.post(`/api/v1/tickets/${ticketA.id}/document-requests`, { checklist: 'w2' });
    expect(wrongType.statusCode).toBe(422);
    const after = await countRequests();
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('staff cancel an open request once (409 after), and nobody asks on a finished ticket', async () => {
    const [req] = await request(ticketA2.id, { custom: ['Brokerage statement'] });
    const res = await staff.post(`/api/v1/document-requests/${req!.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', next_reminder_at: null });
    expect((await staff.post(`/api/v1/document-requests/${req!.id}/cancel`)).statusCode).toBe(409);
    const open = (await customerA.get('/api/v1/document-requests')).json().items as DocumentRequest[];
    expect(open.find((i) => i.id === req!.id)).toBeUndefined();

    const done = await openTicket(t, customerA);
    await forceStatus(t, done.id, 'Completed');
    expect((await staff.post(`/api/v1/tickets/${done.id}/document-requests`, { checklist: ['w2'] })).statusCode).toBe(
      409,
    );
  });

  it('moving a ticket to Required More Information with open requests tells the customer which', async () => {
    const res = await staff.post(`/api/v1/tickets/${ticketA.id}/status`, { status: 'Required More Information' });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(a.email, `${ticketA.name}: %`);
    const status = mails.find((m) => m.text.includes('still need these documents'));
    expect(status).toBeDefined();
    expect(status!.text).toContain('  - W-2');
    expect(status!.text).toContain('  - Daycare provider letter');
    const notes = (await customerA.get('/api/v1/notifications')).json().items;
    const n = notes.find((x: { kind: string; ticket_id: string }) => x.kind === 'status_changed');
    expect(n.body).toContain('Documents needed: W-2, 1099-INT');
  });
});

describe('document request reminders (background job, injected clock)', () => {
  const log = pino({ level: 'silent' });
  let clock = new Date();
  const runner = () =>
    createDocumentsJobRunner({
      db: t.database.db,
      mailer: createMailer({ db: t.database.db, log, from: 'test@portal.test' }),
      publicUrl: 'http://portal.test',
      log,
      now: () => clock,
    });

  it('reminds every 3 days while open, and never after fulfilment or cancellation', async () => {
    const c = await createCustomer(t, { full_name: 'Carol Clock' });
    const agent = await signIn(t, c.email);
    const ticket = await openTicket(t, agent);
    const start = new Date();
    clock = start;
    const [w2, int] = await request(ticket.id, { checklist: ['w2', '1099_int'] });
    const reminders = () => mailsTo(c.email, 'Reminder:%');
    const r = runner();

    clock = new Date(start.getTime() + 2 * 86_400_000);
    await r.tick();
    expect(await reminders()).toHaveLength(0);

    clock = new Date(start.getTime() + 3 * 86_400_000 + 60_000);
    await r.tick();
    let sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Reminder: ${ticket.name} is waiting for your documents`);
    expect(sent[0]!.text).toContain('  - W-2');
    expect(sent[0]!.text).toContain('  - 1099-INT');
    await r.tick();
    expect(await reminders()).toHaveLength(1);
    let mine = (await agent.get(`/api/v1/tickets/${ticket.id}/document-requests`)).json().items as DocumentRequest[];
    expect(mine.map((i) => i.reminders_sent)).toEqual([1, 1]);
    expect(new Date(mine[0]!.next_reminder_at!).getTime()).toBe(clock.getTime() + 3 * 86_400_000);

    // The W-2 arrives (as the vault's upload marks it), the 1099-INT is withdrawn.
    await t.database.db.execute(
      sql`update document_requests set status = 'fulfilled', fulfilled_at = now() where id = ${w2!.id}`,
    );
    clock = new Date(start.getTime() + 6 * 86_400_000 + 120_000);
    await r.tick();
    sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).not.toContain('W-2');
    expect(sent[1]!.text).toContain('1099-INT');

    expect((await staff.post(`/api/v1/document-requests/${int!.id}/cancel`)).statusCode).toBe(200);
    for (const d of [9, 12, 30]) {
      clock = new Date(start.getTime() + d * 86_400_000 + 180_000);
      await r.tick();
    }
    expect(await reminders()).toHaveLength(2);
    mine = (await agent.get(`/api/v1/tickets/${ticket.id}/document-requests`)).json().items;
    expect(mine.map((i) => [i.status, i.reminders_sent])).toEqual([
      ['fulfilled', 1],
      ['cancelled', 2],
    ]);
  });

  it('a request fulfilled after its reminder was queued gets no mail', async () => {
    const c = await createCustomer(t);
    const ticket = await openTicket(t, await signIn(t, c.email));
    const start = new Date();
    clock = start;
    const [req] = await request(ticket.id, { checklist: ['k1'] });
    // One runner's scan queues the reminder; the upload lands before any runner sends it.
    const scanOnly = createDocumentsJobRunner({
      db: t.database.db,
      mailer: { send: async () => {} },
      publicUrl: 'http://portal.test',
      log,
      now: () => clock,
    });
    clock = new Date(start.getTime() + 3 * 86_400_000 + 1000);
    await reminderScan({ db: t.database.db })({ db: t.database.db, now: clock, log });
    await t.database.db.execute(sql`update document_requests set status = 'fulfilled' where id = ${req!.id}`);
    await runner().tick();
    await scanOnly.tick();
    expect(await mailsTo(c.email, 'Reminder:%')).toHaveLength(0);
  });

  it('a backlog larger than one batch still sends one mail per ticket, listing every request', async () => {
    const c = await createCustomer(t);
    const ticket = await openTicket(t, await signIn(t, c.email));
    const start = new Date();
    clock = start;
    await request(ticket.id, { checklist: ['w2', '1099_int', '1099_div', '1099_b', '1099_r'] });
    clock = new Date(start.getTime() + 3 * 86_400_000 + 1000);
    // Batches of two: three claims, one queued reminder that grows.
    await reminderScan({ db: t.database.db }, 2)({ db: t.database.db, now: clock, log });
    await runner().tick();
    const mails = await mailsTo(c.email, 'Reminder:%');
    expect(mails).toHaveLength(1);
    for (const label of ['W-2', '1099-INT', '1099-DIV', '1099-B', '1099-R'])
      expect(mails[0]!.text).toContain(`  - ${label}`);
  });

  // Needs two transactions open at once: PostgreSQL (the embedded database runs one at a time).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a ticket is claimed whole: a runner claiming while another holds a ticket gets none of its requests',
    async () => {
      const [a, b] = await Promise.all([createCustomer(t), createCustomer(t)]);
      const start = new Date();
      clock = start;
      const ticketA = await openTicket(t, await signIn(t, a.email));
      await request(ticketA.id, { checklist: ['w2', '1099_int', '1099_div'] });
      const ticketB = await openTicket(t, await signIn(t, b.email));
      await request(ticketB.id, { checklist: ['w2', '1099_int', '1099_div'] });
      const due = new Date(start.getTime() + 3 * 86_400_000 + 5000);
      // Only these two tickets are due (earlier tests in this file left requests of their own).
      await t.database.db.execute(
        sql`update document_requests set next_reminder_at = now() + interval '1 year'
            where ticket_id not in (${ticketA.id}, ${ticketB.id})`,
      );

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let claimedFirst!: (rows: { id: string; ticket_id: string }[]) => void;
      const first = new Promise<{ id: string; ticket_id: string }[]>((r) => (claimedFirst = r));
      // One ticket per batch: the first runner takes one ticket whole and holds it.
      const holding = t.database.db.transaction(async (tx) => {
        claimedFirst(await claimDueReminders(tx, due, FINISHED_STATUSES, 1));
        await held;
      });
      const firstRows = await first;
      const second = await t.database.db.transaction((tx) => claimDueReminders(tx, due, FINISHED_STATUSES, 10));
      release();
      await holding;
      const held1 = firstRows[0]?.ticket_id;
      const other = held1 === ticketA.id ? ticketB.id : ticketA.id;
      expect(firstRows.map((r) => r.ticket_id)).toEqual([held1, held1, held1]);
      expect(second.map((r) => r.ticket_id)).toEqual([other, other, other]);
    },
  );

  it('runners racing send one reminder per ticket, listing each request once (a ticket is never split)', async () => {
    // On PostgreSQL the runners really overlap (a pool of connections); locking single requests let two of them
    // take parts of one ticket and mail its customer twice (seen in CI). Many requests per ticket, four runners.
    const customers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createCustomer(t)));
    const start = new Date();
    clock = start;
    const checklist = ['w2', '1099_int', '1099_div', '1099_b', '1099_r'];
    for (const c of customers) {
      const ticket = await openTicket(t, await signIn(t, c.email));
      await request(ticket.id, { checklist });
    }
    clock = new Date(start.getTime() + 3 * 86_400_000 + 5000);
    const runners = [runner(), runner(), runner(), runner()];
    await Promise.all([...runners, ...runners].map((r) => r.tick()));
    for (const c of customers) {
      const mails = await mailsTo(c.email, 'Reminder:%');
      expect(mails).toHaveLength(1);
      for (const label of ['W-2', '1099-INT', '1099-DIV', '1099-B', '1099-R'])
        expect(mails[0]!.text.split(`  - ${label}\n`)).toHaveLength(2);
    }
  });
});

describe('free-text requests filed under a document type (issue 29)', () => {
  it('keeps the type staff chose for each text, none for a bare text, and refuses an unknown type', async () => {
    const c = await createCustomer(t, { full_name: 'Kim Kay' });
    const ticket = await openTicket(t, await signIn(t, c.email));
    const types = (await t.app.inject('/api/v1/catalog/document-types')).json().items as { id: string; name: string }[];
    const typeId = (name: string) => types.find((x) => x.name === name)!.id;

    const items = await request(ticket.id, {
      custom: [
        { label: 'Form 1099-K from PayPal', document_type_id: typeId('1099-K') },
        'Lease agreement',
        { label: 'W2 from employer', document_type_id: typeId('W-2') },
        { label: 'Daycare letter', document_type_id: null },
        { label: 'Form 1099-K from PayPal', document_type_id: typeId('Other') },
      ],
    });
    expect(items.map((i) => [i.label, i.document_type_name])).toEqual([
      ['Form 1099-K from PayPal', '1099-K'],
      ['Lease agreement', null],
      ['W2 from employer', 'W-2'],
      ['Daycare letter', null],
    ]);

    const before = await countRequests();
    const unknown = await staff.post(`/api/v1/tickets/${ticket.id}/document-requests`, {
      custom: ['Bank letter', { label: 'Brokerage statement', document_type_id: 'no-such-type' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toBe('custom.1.document_type_id');
    expect(await countRequests()).toEqual(before);
  });
});

describe("in the customer's language (issue 31)", () => {
  it('asks a customer who chose Spanish for documents in Spanish, and reminds them in Spanish', async () => {
    const c = await createCustomer(t, { full_name: 'Sofía Solicitante' });
    await saveLanguage(t.database.db, c.id, 'es');
    const agent = await signIn(t, c.email);
    const ticket = await openTicket(t, agent);
    const items = await request(ticket.id, {
      checklist: ['w2'],
      custom: ['Carta de la guardería'],
      note: 'Para la declaración de 2023.',
    });
    const [mail] = await mailsTo(c.email, `${ticket.name}: %`);
    expect(mail!.subject).toBe(`${ticket.name}: le solicitamos documentos`);
    expect(
      mail!.text.startsWith(
        `Hola, Sofía Solicitante:\n\nSu equipo de impuestos le pide estos documentos para el caso ${ticket.name} (`,
      ),
    ).toBe(true);
    expect(mail!.text).toContain('):\n\n  - W-2\n  - Carta de la guardería\n');
    expect(mail!.text).toContain('\nNota de su equipo de impuestos: Para la declaración de 2023.\n');
    expect(mail!.text).toContain(`\nSúbalos en el caso: http://portal.test/form/message/${ticket.name}\n`);
    expect(mail!.text).not.toMatch(/Hello|Your tax team|Upload them/);
    const notes = (await agent.get('/api/v1/notifications')).json().items as { kind: string; title: string }[];
    expect(notes.find((n) => n.kind === 'document_request')!.title).toBe(`${ticket.name}: le solicitamos documentos`);

    const log = pino({ level: 'silent' });
    const mailer = createMailer({ db: t.database.db, log, from: 'test@portal.test' });
    const remind = reminderHandler({ db: t.database.db, mailer, publicUrl: 'http://portal.test' });
    await remind({ ticket_id: ticket.id, request_ids: items.map((i) => i.id) }, {} as Parameters<typeof remind>[1]);
    const [reminder] = await mailsTo(c.email, 'Recordatorio:%');
    expect(reminder!.subject).toBe(`Recordatorio: ${ticket.name} está esperando sus documentos`);
    expect(reminder!.text).toContain(
      `Le recordamos que su equipo de impuestos todavía espera estos documentos para el caso ${ticket.name} (`,
    );
    expect(reminder!.text).toContain('  - W-2\n  - Carta de la guardería\n');
    expect(reminder!.text).not.toMatch(/Hello|A reminder|Upload them/);
  });
});
