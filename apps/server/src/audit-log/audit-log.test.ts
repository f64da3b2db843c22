import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChainReportSchema, auditLogListSchema } from '@taxportal/contract';
import { audit, verifyAuditChain } from '../platform/audit.ts';
import { openPostgres } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema } from '../platform/db/rows.ts';
import { Agent, createCustomer, createStaff, createTestApp, PASSWORD, signIn, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { csvCell } from './audit-log-csv.ts';

let t: TestApp;
let admin: Agent;
let adminId: string;
let customer: Agent;
let customerId: string;
let ticketId: string;
let otherStaff: [string, Agent][];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

beforeAll(async () => {
  t = await createTestApp();
  const a = await createStaff(t, 'Admin');
  adminId = a.id;
  admin = await signIn(t, a.email);
  const c = await createCustomer(t, { full_name: 'Ada Auditee' });
  customerId = c.id;
  customer = await signIn(t, c.email);
  ticketId = (await openTicket(t, customer, {})).id;
  // A sign-in from a browser: the entry records where it came from.
  const res = await new Agent(t.app).post(
    '/api/v1/auth/login',
    { email: c.email, password: PASSWORD },
    {
      headers: { 'user-agent': BROWSER },
    },
  );
  expect(res.statusCode).toBe(200);
  otherStaff = [];
  for (const role of ['Customer Care Department', 'Tax Preparer', 'Reviewer'] as const)
    otherStaff.push([role, await signIn(t, (await createStaff(t, role)).email)]);
}, 180_000);
afterAll(async () => t.close());

const list = async (query = '') => {
  const res = await admin.get(`/api/v1/admin/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditLogListSchema.parse(res.json());
};

describe('who may read the audit log', () => {
  const urls = ['/api/v1/admin/audit-log', '/api/v1/admin/audit-log/export.csv', '/api/v1/admin/audit-log/verify'];

  it.each(urls)('%s: anonymous 401, a customer and every other staff role 403', async (url) => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await customer.get(url)).statusCode).toBe(403);
    for (const [role, staff] of otherStaff) {
      const res = await staff.get(url);
      expect(res.statusCode, role).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('the list', () => {
  it('says who did what to which object, when and from where', async () => {
    const { items } = await list(`?entity_type=ticket&entity_id=${ticketId}`);
    const created = items.find((i) => i.action === 'ticket.created');
    expect(created).toBeDefined();
    expect(created!.actor).toEqual({ id: customerId, name: 'Ada Auditee', email: expect.stringContaining('@') });
    expect(created!.ip).toBe('127.0.0.1');
    expect(created!.seq).toBeGreaterThan(0);
    expect(created!.hash).toMatch(/^[0-9a-f]{64}$/);
    const all = await list(`?actor=${customerId}`);
    expect(all.items.find((i) => i.user_agent === BROWSER)?.action).toBe('user.login');
  });

  it('filters by person (id or e-mail), action (or family), object and dates', async () => {
    const byId = await list(`?actor=${customerId}`);
    expect(byId.items.length).toBeGreaterThan(0);
    expect(byId.items.every((i) => i.actor?.id === customerId)).toBe(true);
    const email = byId.items[0]!.actor!.email!;
    const byEmail = await list(`?actor=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.items.map((i) => i.id)).toEqual(byId.items.map((i) => i.id));

    const logins = await list('?action=user.login');
    expect(logins.items.length).toBeGreaterThanOrEqual(2);
    expect(logins.items.every((i) => i.action === 'user.login')).toBe(true);
    const family = await list('?action=user');
    expect(family.items.every((i) => i.action.startsWith('user.'))).toBe(true);
    expect(family.items.length).toBeGreaterThanOrEqual(logins.items.length);
    expect((await list('?action=use')).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}&actor=${customerId}`)).items.length).toBe(byId.items.length);
    expect((await list(`?to=2000-01-01&actor=${customerId}`)).items).toEqual([]);
    expect((await list(`?from=2999-01-01T00:00:00Z`)).items).toEqual([]);
  });

  it('pages newest first with a keyset cursor, no entry twice or missed', async () => {
    const whole = await list('?limit=200');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(whole.items.map((i) => i.id));
  });

  it('refuses bad filters with 422 problem+json', async () => {
    for (const q of ['?from=2024-02-30', '?to=yesterday', '?action=%25', '?limit=0', '?cursor=nope', '?actor=']) {
      const res = await admin.get(`/api/v1/admin/audit-log${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('CSV export', () => {
  it('escapes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
  });

  it('exports the filtered entries, injected text escaped, and audits the export', async () => {
    await audit(t.database.db, {
      actorId: adminId,
      action: 'test.inject',
      entityType: 'ticket',
      entityId: '=cmd|"/c calc"!A1',
    });
    const res = await admin.get('/api/v1/admin/audit-log/export.csv?action=test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{8}-\d{6}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,seq,created_at_utc,actor_id,actor_name,actor_email,action,entity_type,entity_id,ip,user_agent,meta,hash',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=cmd|""/c calc""!A1"`);
    const exports = await list('?action=audit_log.export');
    expect(exports.items[0]).toMatchObject({ actor: { id: adminId }, meta: { action: 'test' } });
  });
});

const chainRow = rowSchema({ id: col.int(), seq: col.int() });
const verify = async () => {
  const res = await admin.get('/api/v1/admin/audit-log/verify');
  expect(res.statusCode).toBe(200);
  return auditChainReportSchema.parse(res.json());
};

describe('the hash chain', () => {
  it('holds for everything written so far', async () => {
    const report = await verify();
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checked).toBeGreaterThan(5);
    expect(report.head?.seq).toBe(report.checked);
  });

  it('reports an altered entry and a deleted one, each where it is', async () => {
    for (let i = 0; i < 6; i++)
      await audit(t.database.db, { actorId: adminId, action: 'test.chain', entityType: 'test', entityId: String(i) });
    const entries = await rows(
      t.database.db,
      chainRow,
      sql`select id, seq from audit_log where action = 'test.chain' order by seq`,
    );
    const altered = entries[1]!;
    const deleted = entries[3]!;
    const after = entries[4]!;
    await t.database.db.execute(sql`update audit_log set entity_id = 'changed' where id = ${altered.id}`);
    await t.database.db.execute(sql`delete from audit_log where id = ${deleted.id}`);
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([
      { problem: 'altered', id: altered.id, seq: altered.seq },
      { problem: 'deleted', id: after.id, seq: after.seq, missing: { from: deleted.seq, to: deleted.seq } },
    ]);
    // The verification itself is audited.
    expect((await list('?action=audit_log.verify')).items[0]?.meta).toMatchObject({ ok: false });
    // Rewriting a hash to match the new content shows at the next link; deleting the newest entries, at the head.
    await t.database.db.execute(
      sql`update audit_log a set hash = audit_log_entry_hash(a.prev_hash, a) where id = ${altered.id}`,
    );
    const last = (await firstRow(
      t.database.db,
      chainRow,
      sql`select id, seq from audit_log order by seq desc limit 1`,
    ))!;
    await t.database.db.execute(sql`delete from audit_log where id = ${last.id}`);
    const again = await verifyAuditChain(t.database.db);
    expect(again.breaks).toEqual([
      { problem: 'relinked', id: entries[2]!.id, seq: entries[2]!.seq },
      { problem: 'deleted', id: after.id, seq: after.seq, missing: { from: deleted.seq, to: deleted.seq } },
      { problem: 'tail_deleted', id: null, seq: null, missing: { from: last.seq, to: last.seq } },
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers writing at once (PostgreSQL)', () => {
  it('still makes one valid chain', async () => {
    const fresh = await createTestApp();
    try {
      const url = (await firstRow(
        fresh.database.db,
        rowSchema({ db: col.text() }),
        sql`select current_database() as db`,
      ))!;
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${url.db}`;
      const servers = [openPostgres(u.toString(), 8), openPostgres(u.toString(), 8)];
      try {
        await Promise.all(
          servers.flatMap((s, n) =>
            Array.from({ length: 40 }, (_, i) =>
              s.db.transaction(async (tx) => {
                await audit(tx, { actorId: null, action: 'test.race', entityType: 'test', entityId: `${n}-${i}` });
                await audit(tx, { actorId: null, action: 'test.race', entityType: 'test', entityId: `${n}-${i}b` });
              }),
            ),
          ),
        );
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
      const report = await verifyAuditChain(fresh.database.db);
      expect(report.breaks).toEqual([]);
      const n = await firstRow(
        fresh.database.db,
        rowSchema({ n: col.int() }),
        sql`select count(*) as n from audit_log where action = 'test.race'`,
      );
      expect(n?.n).toBe(160);
    } finally {
      await fresh.close();
    }
  });
});
