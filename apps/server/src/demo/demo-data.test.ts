import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_DEFINITIONS, TICKET_STATUSES, type Role, type TicketStatus } from '@taxportal/contract';
import { loadConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../platform/db/seed.ts';
import { siteSettings } from '../platform/db/schema.ts';
import { createFileStore } from '../platform/storage/index.ts';
import { testDatabase } from '../test/db.ts';
import { createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { canMove } from '../tickets/index.ts';
import { SAMPLE_MARKER, seedDemoAccounts, seedDemoData, seedSampleData, type SampleRecord } from './demo-data.ts';
import { SAMPLE_IP, type Catalogue, type Person } from './sample-engine.ts';
import { Plan } from './sample-timeline.ts';
import { SAMPLE_CUSTOMERS } from './sample-cast.ts';
import { buildPlan } from './sample-story.ts';
import { SAMPLE_ORGANIZER_SERVICE } from './sample-story-organizer.ts';

const log = pino({ level: 'silent' });
/** Loose rows for inspecting what the sample wrote; the values are what the assertions check. */
const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (db: Db, table: string) =>
  Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);

/** Every table the sample writes to, with its row count. */
const TABLES = [
  'users',
  'tickets',
  'ticket_status_changes',
  'ticket_assignments',
  'ticket_messages',
  'ticket_reads',
  'notifications',
  'documents',
  'document_requests',
  'questionnaire_answers',
  'tax_drafts',
  'invoices',
  'invoice_lines',
  'payment_entries',
  'test_payment_intents',
  'audit_log',
  'outbox',
];
const counts = async (db: Db) =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(db, t)])));

describe('where demo data is seeded', () => {
  it('nowhere with SEED_DEMO=false, and never in production whatever SEED_DEMO says', async () => {
    const database = await testDatabase();
    const secrets = { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) };
    const dataDir = path.join(os.tmpdir(), `tp-demo-off-${Date.now()}`);
    const off = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: 'https://portal.example.com',
    });
    for (const config of [off, production]) {
      expect(await seedDemoData({ database, config, secrets, log })).toBeNull();
      // As the server calls them: accounts before listening, the sample after.
      expect(await seedDemoAccounts({ database, config })).toBeNull();
      expect(await seedSampleData({ database, config, secrets, log })).toBeNull();
    }
    expect(await count(database.db, 'users')).toBe(0);
    expect(await count(database.db, 'tickets')).toBe(0);
    expect(await rows(database.db, sql`select 1 from site_settings where key = ${SAMPLE_MARKER}`)).toEqual([]);
  });

  it('not again when another server has claimed the sample (or it failed once): its record is returned as it is', async () => {
    const database = await testDatabase();
    const claimed: SampleRecord = { state: 'creating', version: 1, started_at: new Date().toISOString() };
    await database.db.insert(siteSettings).values({ key: SAMPLE_MARKER, value: claimed });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), `tp-demo-claimed-${Date.now()}`) });
    const secrets = { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) };
    expect(await seedSampleData({ database, config, secrets, log })).toEqual(claimed);
    expect(await count(database.db, 'tickets')).toBe(0);
  });
});

describe('a sample that fails', () => {
  it('is recorded with the step that failed, logged, not thrown, and not tried again', async () => {
    const database = await testDatabase();
    await seedDemo(database.db);
    // The demo preparer is no longer staff: the first assignment to them is refused by the tickets service.
    await database.db.execute(
      sql`update user_roles set role = 'Customer' where user_id = (select id from users where email = 'preparer@demo.test')`,
    );
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), `tp-demo-fail-${Date.now()}`) });
    const secrets = { sessionSecret: randomBytes(48), encryptionKey: randomBytes(32) };
    const record = await seedSampleData({ database, config, secrets, log });
    expect(record).toMatchObject({ state: 'failed', error: expect.stringMatching(/care assigns the preparer/) });
    const made = await counts(database.db);
    expect(await seedSampleData({ database, config, secrets, log })).toEqual(record);
    expect(await counts(database.db)).toEqual(made);
  });
});

describe('the plan of the sample', () => {
  it('refuses a story that goes back in time', () => {
    const s = new Plan().story('test');
    s.at(new Date('2026-01-02T10:00:00Z'), 'first', async () => {});
    expect(() => s.at(new Date('2026-01-02T09:59:00Z'), 'second', async () => {})).toThrow(/goes back in time/);
  });

  it('is in order and before today whatever the day and hour it is made', () => {
    const stub = {} as Person;
    const cast = {
      casey: stub,
      maria: stub,
      james: stub,
      priya: stub,
      hannah: stub,
      care: stub,
      prep: stub,
      rev: stub,
      admin: stub,
      signUp: async () => {},
    };
    const catalogue = {
      service: () => ({ id: 's', name: 'Service', service_type_id: 't', price_cents: 100 }),
    } as unknown as Catalogue;
    for (const today of ['2027-01-01T00:05:00Z', '2028-02-29T23:59:00Z', '2026-11-23T12:00:00Z']) {
      const plan = new Plan();
      const tickets = buildPlan(plan, cast, catalogue, new Date(today));
      const steps = plan.ordered();
      expect(steps.length).toBeGreaterThan(50);
      const midnight = new Date(today.slice(0, 10)).getTime();
      expect(steps.every((s) => s.at.getTime() < midnight)).toBe(true);
      expect(midnight - steps[0]!.at.getTime()).toBeGreaterThan(30 * 86_400_000);
      expect(Object.keys(tickets).length).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('the demo sample data (made in two starts, the first stopped half-way)', () => {
  let t: TestApp;
  let db: Db;
  let first: Record<string, number>;
  const deps = () => ({ database: t.database, config: t.config, secrets: t.secrets, log });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    // As an older version left it: the demo accounts, no sample.
    await seedDemo(db);
    // Stopped by a shutdown after 40 steps, then the next start goes on from there.
    let asked = 0;
    const paused = await seedSampleData({ ...deps(), stop: () => ++asked > 40 });
    expect(paused).toMatchObject({ state: 'paused', next: 40 });
    const demo = await seedDemoData(deps());
    first = await counts(db);
    expect(demo?.samples).toMatchObject({ state: 'done', tickets: first.tickets });
    expect(first.tickets).toBeGreaterThanOrEqual(10);
  });
  afterAll(async () => t.close());

  it('adds the sample customers to the demo accounts an older version made, once each', async () => {
    const users = await rows<{ email: string; roles: string }>(
      db,
      sql`select u.email, string_agg(r.role, ',') as roles from users u join user_roles r on r.user_id = u.id group by u.email`,
    );
    expect(users).toHaveLength(DEMO_ACCOUNTS.length + SAMPLE_CUSTOMERS.length);
    for (const c of SAMPLE_CUSTOMERS) expect(users.find((u) => u.email === c.email)?.roles).toBe('Customer');
    // They sign in with the demo password.
    const maria = await signIn(t, SAMPLE_CUSTOMERS[0].email, DEMO_PASSWORD);
    expect((await maria.get('/api/v1/tickets')).json().items.length).toBeGreaterThan(0);
  });

  it('spreads tickets over the pipeline so every staff view has something', async () => {
    const tickets = await rows<{
      name: string;
      status: TicketStatus;
      assignee: string | null;
      invoice: string | null;
      open_requests: number;
      drafts: number;
    }>(
      db,
      sql`select t.name, t.status, a.email as assignee,
            (select string_agg(i.status, ',') from invoices i where i.ticket_id = t.id) as invoice,
            (select count(*)::int from document_requests r where r.ticket_id = t.id and r.status = 'open') as open_requests,
            (select count(*)::int from tax_drafts d where d.ticket_id = t.id) as drafts
          from tickets t left join users a on a.id = t.assignee_id order by t.number`,
    );
    const some = (status: TicketStatus) => tickets.filter((x) => x.status === status);
    expect(some('Open').filter((x) => x.assignee === null).length).toBeGreaterThanOrEqual(2);
    expect(some('Tax Preparation').some((x) => x.assignee === 'preparer@demo.test')).toBe(true);
    expect(some('Required More Information').every((x) => x.open_requests > 0)).toBe(true);
    expect(some('Required More Information').length).toBeGreaterThanOrEqual(1);
    expect(some('Draft Ready').some((x) => x.drafts > 0)).toBe(true);
    expect(some('Ready For Invoice').some((x) => x.invoice === 'Unpaid')).toBe(true);
    expect(some('Payment Collected').some((x) => x.invoice === 'Paid')).toBe(true);
    expect(some('Completed').some((x) => x.invoice === 'Paid')).toBe(true);
    expect(some('Cancelled')).toHaveLength(1);
    // Ticket names as the app gives them.
    expect(tickets.map((x) => x.name)).toEqual(tickets.map((_, i) => `TD.${String(i + 1).padStart(4, '0')}`));

    // The demo customer has a handful, waiting on them and not.
    const casey = await signIn(t, 'customer@demo.test', DEMO_PASSWORD);
    const dash = (await casey.get('/api/v1/dashboard')).json();
    expect(dash.tickets.length).toBeGreaterThanOrEqual(4);
    expect(dash.counts.waiting_on_you).toBeGreaterThanOrEqual(2);
    expect(dash.counts.done).toBeGreaterThanOrEqual(1);
    expect(dash.recent_messages.length).toBeGreaterThan(3);
    const bell = (await casey.get('/api/v1/notifications')).json();
    expect(bell.items.length).toBeGreaterThan(5);
    expect(bell.unread_count).toBeGreaterThan(0);
    expect(bell.unread_count).toBeLessThan(bell.items.length);

    // Staff: a queue, assigned work, and charts with more than one week in them.
    for (const email of ['admin@demo.test', 'care@demo.test']) {
      const staff = await signIn(t, email, DEMO_PASSWORD);
      const open = (await staff.get('/api/v1/tickets?status=Open&scope=all')).json();
      expect(open.items.length).toBeGreaterThanOrEqual(2);
    }
    for (const email of ['preparer@demo.test', 'reviewer@demo.test', 'care@demo.test']) {
      const staff = await signIn(t, email, DEMO_PASSWORD);
      const d = (await staff.get('/api/v1/dashboard')).json();
      expect(d.assigned_to_me.count, email).toBeGreaterThan(0);
    }
    const admin = await signIn(t, 'admin@demo.test', DEMO_PASSWORD);
    const d = (await admin.get('/api/v1/dashboard')).json();
    expect(d.opened_per_week.filter((w: { count: number }) => w.count > 0).length).toBeGreaterThanOrEqual(4);
    expect(d.median_time_in_status.filter((m: { samples: number }) => m.samples > 0).length).toBeGreaterThanOrEqual(5);
    const billing = (await admin.get('/api/v1/invoices')).json();
    // Two payments a month apart: one bar or two, holding both.
    const collected = billing.totals.collected_by_month.filter((m: { amount_cents: number }) => m.amount_cents > 0);
    expect(collected.length).toBeGreaterThanOrEqual(1);
    const [paid] = await rows<{ n: number }>(db, sql`select sum(paid_amount_cents)::int as n from payment_entries`);
    expect(collected.reduce((n: number, m: { amount_cents: number }) => n + m.amount_cents, 0)).toBe(paid!.n);
  });

  it("keeps each ticket's history whole: every move allowed to whoever made it, or one that follows from a fact", async () => {
    const changes = await rows<{
      ticket_id: string;
      status: string;
      from_status: TicketStatus | null;
      to_status: TicketStatus;
      roles: string | null;
      note: string | null;
      created_at: Date | string;
      ended_at: Date | string | null;
      ticket_created: Date | string;
      status_changed_at: Date | string;
    }>(
      db,
      sql`select c.ticket_id, t.status, c.from_status, c.to_status, c.note, c.created_at, c.ended_at,
            t.created_at as ticket_created, t.status_changed_at,
            (select string_agg(r.role, ',') from user_roles r where r.user_id = c.changed_by) as roles
          from ticket_status_changes c join tickets t on t.id = c.ticket_id
          order by c.ticket_id, c.id`,
    );
    const byTicket = new Map<string, typeof changes>();
    for (const c of changes) byTicket.set(c.ticket_id, [...(byTicket.get(c.ticket_id) ?? []), c]);
    expect(byTicket.size).toBe(first.tickets);
    const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
    // What the system moves on its own (drafts, approvals, payments: docs/decisions/0005).
    const followsFromFact = (c: (typeof changes)[number]) =>
      (c.to_status === 'Draft Ready' && /^Draft v\d+ uploaded$/.test(c.note ?? '')) ||
      (c.to_status === 'Draft Finalised' && /^Draft v\d+ approved$/.test(c.note ?? '')) ||
      (c.to_status === 'Payment Collected' && /^Invoice SINV-\d{4}-\d{5} paid/.test(c.note ?? ''));
    for (const history of byTicket.values()) {
      expect(history[0]).toMatchObject({ from_status: null, to_status: 'Open' });
      expect(ms(history[0]!.created_at)).toBe(ms(history[0]!.ticket_created));
      history.forEach((c, i) => {
        const next = history[i + 1];
        if (i > 0) {
          expect(c.from_status).toBe(history[i - 1]!.to_status);
          const roles = (c.roles ?? '').split(',') as Role[];
          expect(
            canMove(roles, c.from_status!, c.to_status) || followsFromFact(c),
            `${c.from_status} → ${c.to_status}`,
          ).toBe(true);
        }
        if (next) {
          expect(ms(c.ended_at)).toBe(ms(next.created_at));
          expect(ms(next.created_at)!).toBeGreaterThan(ms(c.created_at)!);
        } else {
          expect(c.ended_at).toBeNull();
          expect(c.to_status).toBe(c.status);
          expect(ms(c.status_changed_at)).toBe(ms(c.created_at));
        }
      });
    }
    // The trigger-kept counters agree with the tickets.
    const byStatus = await rows<{ status: string; n: number; counted: number }>(
      db,
      sql`select t.status, count(*)::int as n, (select c.n from ticket_status_counts c where c.status = t.status)::int as counted
          from tickets t group by t.status`,
    );
    for (const s of byStatus) expect(s.counted).toBe(s.n);
    expect(TICKET_STATUSES.filter((s) => byStatus.some((b) => b.status === s)).length).toBeGreaterThanOrEqual(9);
  });

  it('dates everything in the past weeks, in order, with the per-day counters moved along', async () => {
    const [span] = await rows<{ oldest: Date | string; newest: Date | string; weeks: number }>(
      db,
      sql`select min(created_at) as oldest, max(created_at) as newest,
            count(distinct date_trunc('week', created_at))::int as weeks from tickets`,
    );
    const day = 86_400_000;
    expect(Date.now() - new Date(span!.oldest).getTime()).toBeGreaterThan(30 * day);
    expect(Date.now() - new Date(span!.newest).getTime()).toBeGreaterThan(0);
    expect(span!.weeks).toBeGreaterThanOrEqual(4);
    // Nothing of the sample is dated today or later.
    const late = await rows<{ what: string }>(
      db,
      sql`select 'ticket' as what from tickets where updated_at > now() - interval '1 hour'
          union all select 'message' from ticket_messages where created_at > now() - interval '1 hour'
          union all select 'change' from ticket_status_changes where created_at > now() - interval '1 hour'
          union all select 'notification' from notifications where created_at > now() - interval '1 hour' or read_at > now() - interval '1 hour'
          union all select 'document' from documents where created_at > now() - interval '1 hour'
          union all select 'invoice' from invoices where created_at > now() - interval '1 hour' or issued_at > now() - interval '1 hour'
          union all select 'payment' from payment_entries where created_at > now() - interval '1 hour'
          union all select 'audit' from audit_log where ip = ${SAMPLE_IP} and created_at > now() - interval '1 hour'`,
    );
    expect(late).toEqual([]);
    // Messages, documents and invoices come after their ticket was opened; conversations read in order.
    const early = await rows<{ what: string }>(
      db,
      sql`select 'message' as what from ticket_messages m join tickets t on t.id = m.ticket_id where m.created_at < t.created_at
          union all select 'document' from documents d join tickets t on t.id = d.ticket_id where d.created_at < t.created_at
          union all select 'invoice' from invoices i join tickets t on t.id = i.ticket_id where i.created_at < t.created_at
          union all select 'order' from ticket_messages a join ticket_messages b on b.ticket_id = a.ticket_id and b.id > a.id
            where b.created_at <= a.created_at`,
    );
    expect(early).toEqual([]);
    const days = await rows<{ day: string; n: number; counted: number | null }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
            (select d.n from ticket_daily_counts d where d.day = (t.created_at at time zone 'UTC')::date)::int as counted
          from tickets t group by 1, 3`,
    );
    for (const d of days) expect(d.counted).toBe(d.n);
    expect(await rows(db, sql`select day from ticket_daily_counts where n <> 0 and day >= current_date`)).toEqual([]);
  });

  it('bills in integer cents: totals equal their lines, numbers follow on, payments match', async () => {
    const invoices = await rows<{
      id: string;
      name: string;
      status: string;
      subtotal_cents: number;
      tax_cents: number;
      grand_total_cents: number;
      paid_cents: number;
      lines: number;
      line_total: number;
      bad_lines: number;
      paid: number | null;
      posting_date: string;
      due_date: string;
    }>(
      db,
      sql`select i.id, i.name, i.status, i.subtotal_cents, i.tax_cents, i.grand_total_cents, i.paid_cents,
            i.posting_date::text, i.due_date::text,
            (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines,
            (select sum(l.amount_cents)::int from invoice_lines l where l.invoice_id = i.id) as line_total,
            (select count(*)::int from invoice_lines l where l.invoice_id = i.id and l.amount_cents <> l.quantity * l.unit_amount_cents) as bad_lines,
            (select sum(p.paid_amount_cents)::int from payment_entries p where p.invoice_id = i.id) as paid
          from invoices i order by i.created_at`,
    );
    expect(invoices).toHaveLength(3);
    invoices.forEach((i, n) => {
      expect(i.name).toMatch(new RegExp(`^SINV-\\d{4}-${String(n + 1).padStart(5, '0')}$`));
      expect(i.lines).toBeGreaterThan(0);
      expect(i.bad_lines).toBe(0);
      expect(i.line_total).toBe(i.subtotal_cents);
      expect(i.grand_total_cents).toBe(i.subtotal_cents + i.tax_cents);
      expect(i.due_date > i.posting_date).toBe(true);
      if (i.status === 'Paid') expect([i.paid, i.paid_cents]).toEqual([i.grand_total_cents, i.grand_total_cents]);
      else expect([i.status, i.paid]).toEqual(['Unpaid', null]);
    });
    // The unpaid one is not overdue: the demo customer can pay it in test mode.
    const unpaid = invoices.find((i) => i.status === 'Unpaid')!;
    expect(unpaid.due_date >= new Date().toISOString().slice(0, 10)).toBe(true);
    const casey = await signIn(t, 'customer@demo.test', DEMO_PASSWORD);
    const mine = (await casey.get('/api/v1/invoices')).json();
    expect(mine.items.map((i: { status: string }) => i.status)).toContain('Unpaid');
    const intent = await casey.post(`/api/v1/invoices/${unpaid.id}/payment-intent`);
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ provider: 'test', amount_cents: unpaid.grand_total_cents });

    const entries = await rows<{ name: string; provider: string }>(
      db,
      sql`select name, provider from payment_entries order by created_at`,
    );
    expect(entries.map((e) => e.name)).toEqual(
      entries.map((_, n) => expect.stringMatching(new RegExp(`^ACC-PAY-\\d{4}-${String(n + 1).padStart(5, '0')}$`))),
    );
    expect(new Set(entries.map((e) => e.provider))).toEqual(new Set(['test']));
  });

  it('stores every document encrypted through the file store: each reads back with its sha256', async () => {
    const docs = await rows<{
      id: string;
      kind: string;
      content_type: string;
      size_bytes: number | string; // bigint: a string from node-postgres
      sha256: string;
      storage_key: string;
      wrapped_key: string;
      thumb_storage_key: string | null;
      thumb_wrapped_key: string | null;
      thumb_sha256: string | null;
    }>(db, sql`select * from documents`);
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(docs.filter((d) => d.content_type === 'image/png').length).toBeGreaterThanOrEqual(2);
    expect(docs.filter((d) => d.kind === 'draft').length).toBeGreaterThanOrEqual(4);
    const files = createFileStore(t.config, t.secrets.encryptionKey);
    for (const d of docs) {
      const bytes = await files.read({ storageKey: d.storage_key, wrappedKey: d.wrapped_key, sha256: d.sha256 });
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
      expect(bytes.length).toBe(Number(d.size_bytes));
      const magic = d.content_type === 'application/pdf' ? '%PDF-' : '\x89PNG';
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
      if (d.content_type === 'image/png') {
        const thumb = await files.read({
          storageKey: d.thumb_storage_key!,
          wrappedKey: d.thumb_wrapped_key!,
          sha256: d.thumb_sha256!,
        });
        expect(thumb.length).toBeGreaterThan(0);
      }
    }
    // And through the API, as the customer downloads them.
    const casey = await signIn(t, 'customer@demo.test', DEMO_PASSWORD);
    const vault = (await casey.get('/api/v1/documents')).json();
    expect(vault.items.length).toBeGreaterThanOrEqual(6);
    const file = await casey.get(vault.items[0].file_url);
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(vault.items[0].sha256);
  });

  it('answers questionnaires with obviously fake SSNs, sealed like any other', async () => {
    const answers = await rows<{ section: string; raw: string }>(
      db,
      sql`select section, answers::text as raw from questionnaire_answers`,
    );
    expect(answers.length).toBeGreaterThanOrEqual(4);
    // No value anywhere is a tax id in clear.
    const strings = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    for (const a of answers) {
      for (const v of strings(JSON.parse(a.raw))) expect(v).not.toMatch(/^\d{3}-?\d{2}-?\d{4}$/);
    }
    const ssns = answers.flatMap((a) => {
      const ssn = (JSON.parse(a.raw) as { ssn?: { $sealed?: string; last4?: string } }).ssn;
      return ssn ? [ssn] : [];
    });
    expect(ssns.length).toBeGreaterThanOrEqual(2);
    for (const ssn of ssns)
      expect(ssn).toMatchObject({ $sealed: expect.any(String), last4: expect.stringMatching(/^\d{4}$/) });
    // Read back through the API as the customer sees them: masked, in the 900 range nobody is issued.
    const casey = await signIn(t, 'customer@demo.test', DEMO_PASSWORD);
    const [ticket] = await rows<{ id: string }>(
      db,
      sql`select q.ticket_id as id from questionnaire_answers q join users u on u.id = q.customer_id
          where u.email = 'customer@demo.test' and q.section = 'tax_payer'`,
    );
    const profile = (await casey.get(`/api/v1/tickets/${ticket!.id}/profile`)).json();
    expect(profile.sections.tax_payer.answers.ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    const revealed = await casey.post(`/api/v1/tickets/${ticket!.id}/profile/reveal`, { field: 'tax_payer.ssn' });
    expect(revealed.json().value).toMatch(/^900-\d{2}-\d{4}$/);
  });

  it('publishes one organizer, for a service no sample ticket uses, so the questionnaires stay as they were', async () => {
    const made = await rows<{ name: string; service: string; tax_year: number; published: number }>(
      db,
      sql`select t.name, s.name as service, t.tax_year,
            (select count(*)::int from organizer_versions v where v.template_id = t.id and v.published_at is not null) as published
          from organizer_templates t join services s on s.id = t.service_id`,
    );
    expect(made).toEqual([
      {
        name: 'Individual organizer (sample)',
        service: SAMPLE_ORGANIZER_SERVICE,
        tax_year: new Date().getUTCFullYear() - 1,
        published: 1,
      },
    ]);
    const onIt = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tickets t join services s on s.id = t.service_id
          where s.name = ${SAMPLE_ORGANIZER_SERVICE}`,
    );
    expect(onIt[0]!.n).toBe(0);
  });

  it('sends no mail and marks what it did in the audit log', async () => {
    // The only mail is the one this test's own sign-ins cause (a demo account in a new browser is told of it).
    const mail = await rows<{ subject: string }>(db, sql`select subject from outbox`);
    expect(mail.filter((m) => m.subject !== 'New sign-in to your Tax Portal account')).toEqual([]);
    const ips = await rows<{ ip: string | null }>(
      db,
      sql`select distinct ip from audit_log where created_at < now() - interval '1 hour'`,
    );
    expect(ips.map((r) => r.ip).filter((ip) => ip !== null)).toEqual([SAMPLE_IP]);
  });

  it('is made once: a second start adds nothing and leaves what people changed alone', async () => {
    const prep = await signIn(t, 'preparer@demo.test', DEMO_PASSWORD);
    const [open] = await rows<{ id: string }>(
      db,
      sql`select id from tickets where status = 'Open' and assignee_id is null order by number limit 1`,
    );
    expect((await prep.post(`/api/v1/tickets/${open!.id}/status`, { status: 'Tax Preparation' })).statusCode).toBe(200);
    const changed = await counts(db);
    const again = await seedDemoData(deps());
    expect(again?.samples.state).toBe('done');
    expect(await counts(db)).toEqual(changed);
    expect(changed.tickets).toBe(first.tickets);
    const [after] = await rows<{ status: string }>(db, sql`select status from tickets where id = ${open!.id}`);
    expect(after!.status).toBe('Tax Preparation');
    expect(STATUS_DEFINITIONS.some((s) => s.name === after!.status)).toBe(true);
  });
});
