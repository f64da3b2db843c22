import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tickets, ticketStatusChanges } from '../platform/db/schema.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';

/**
 * The median time per status is read from status-change rows that people's moves and system moves (a draft
 * uploaded) both write, through tickets' moveTicket with one clock: the database's, the transaction's time
 * (docs/decisions/0010).
 */
let t: TestApp;
let customer: Agent;
let prep: Agent;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t, (await createCustomer(t)).email);
  prep = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
});
afterAll(async () => t.close());

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const backDate = (ticketId: string, to: string, interval: string) =>
  t.database.db
    .update(ticketStatusChanges)
    .set({ created_at: sql`${ticketStatusChanges.created_at} - ${interval}::interval` })
    .where(and(eq(ticketStatusChanges.ticket_id, ticketId), eq(ticketStatusChanges.to_status, to)));

describe('time per status from person and system moves', () => {
  it('measures each stay between the move that began it and the move that ended it, on one clock', async () => {
    const ticket = await openTicket(t, customer);
    for (const status of ['Tax Preparation', 'Filing In Process']) {
      const res = await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A person's move began three hours in Filing In Process; a system move (a draft uploaded) ends it.
    await backDate(ticket.id, 'Filing In Process', '3 hours');
    const upload = await prep.request({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/drafts`,
      ...multipart({}, [{ name: 'draft.pdf', data: pdf('CLOCK') }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // The system move began an hour in Draft Ready; a person's move ends it.
    await backDate(ticket.id, 'Draft Ready', '1 hour');
    const back = await prep.post(`/api/v1/tickets/${ticket.id}/status`, { status: 'Filing In Process' });
    expect(back.statusCode, back.body).toBe(200);

    const rows = await t.database.db
      .select()
      .from(ticketStatusChanges)
      .where(eq(ticketStatusChanges.ticket_id, ticket.id))
      .orderBy(asc(ticketStatusChanges.id));
    expect(rows.map((r) => r.to_status)).toEqual([
      'Open',
      'Tax Preparation',
      'Filing In Process',
      'Draft Ready',
      'Filing In Process',
    ]);
    // Each stay ends at the instant the next begins (less the hours moved back above): one stamp per move,
    // whoever made it.
    const HOUR = 3_600_000;
    const shift = [0, 0, 3 * HOUR, HOUR, 0];
    for (let i = 1; i < rows.length; i++) {
      expect(ms(rows[i - 1]!.ended_at), rows[i]!.to_status).toBe(ms(rows[i]!.created_at)! + shift[i]!);
    }
    expect(rows.at(-1)!.ended_at).toBeNull();
    const [now] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(ms(now!.status_changed_at)).toBe(ms(rows.at(-1)!.created_at));
    // The system move's stamp is its transaction's time, as the audit entry written beside it.
    const [uploaded] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'draft.uploaded'), eq(auditLog.entity_id, ticket.id)));
    expect(ms(uploaded!.created_at)).toBe(ms(rows[2]!.ended_at));

    const res = await prep.get('/api/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const median = (status: string) =>
      res.json().median_time_in_status.find((m: { status: string }) => m.status === status) as {
        median_seconds: number;
        samples: number;
      };
    expect(median('Filing In Process').samples).toBe(1);
    expect(median('Filing In Process').median_seconds).toBeGreaterThanOrEqual(3 * 3600);
    expect(median('Filing In Process').median_seconds).toBeLessThan(3 * 3600 + 60);
    expect(median('Draft Ready').samples).toBe(1);
    expect(median('Draft Ready').median_seconds).toBeGreaterThanOrEqual(3600);
    expect(median('Draft Ready').median_seconds).toBeLessThan(3600 + 60);
  });
});
