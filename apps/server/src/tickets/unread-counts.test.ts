// Unread counts are kept by the write path (docs/decisions/0023): these tests hold them to the rule they replace,
// computed here from the messages themselves: messages the viewer did not write, newer than their last read,
// internal notes for staff only.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { createCustomer, createStaff, createTestApp, signIn, type Agent, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';

let t: TestApp;
interface Person {
  agent: Agent;
  id: string;
  isStaff: boolean;
}
let customer: Person;
let preparer: Person;
let reviewer: Person;

beforeAll(async () => {
  t = await createTestApp();
  const person = async (made: { id: string; email: string }, isStaff: boolean) => ({
    agent: await signIn(t, made.email),
    id: made.id,
    isStaff,
  });
  customer = await person(await createCustomer(t), false);
  preparer = await person(await createStaff(t, 'Tax Preparer'), true);
  reviewer = await person(await createStaff(t, 'Reviewer'), true);
});
afterAll(async () => t.close());

const n = rowSchema({ n: col.int() });

/** The rule as it was computed before the counts (tickets.repository.ts up to decision 0023). */
async function recounted(p: Person, ticketId: string): Promise<number> {
  const [row] = await rows(
    t.database.db,
    n,
    sql`select count(*)::int as n from ticket_messages m
        where m.ticket_id = ${ticketId}
          and m.created_at > coalesce(
            (select r.last_read_at from ticket_reads r where r.ticket_id = m.ticket_id and r.user_id = ${p.id}),
            '-infinity'::timestamptz)
          and m.author_id is distinct from ${p.id}
          ${p.isStaff ? sql`` : sql`and not m.internal`}`,
  );
  return row!.n;
}

/** What the API says, wherever it says it: the ticket, the list (and the customer's dashboard). */
async function shown(p: Person, ticketId: string): Promise<number> {
  const detail = (await p.agent.get(`/api/v1/tickets/${ticketId}`)).json().unread_count as number;
  const list = (await p.agent.get(p.isStaff ? '/api/v1/tickets?scope=all' : '/api/v1/tickets')).json();
  const row = (list.items as { id: string; unread_count: number }[]).find((x) => x.id === ticketId);
  expect(row?.unread_count, 'list').toBe(detail);
  if (!p.isStaff) {
    const dash = (await p.agent.get('/api/v1/dashboard')).json() as { tickets: { id: string; unread_count: number }[] };
    expect(dash.tickets.find((x) => x.id === ticketId)?.unread_count, 'dashboard').toBe(detail);
  }
  return detail;
}

/** Each person's count, as shown and as the old rule computes it. */
async function expectUnread(ticketId: string, want: { customer: number; preparer: number; reviewer: number }) {
  const got = {
    customer: await shown(customer, ticketId),
    preparer: await shown(preparer, ticketId),
    reviewer: await shown(reviewer, ticketId),
  };
  expect(got).toEqual(want);
  expect({
    customer: await recounted(customer, ticketId),
    preparer: await recounted(preparer, ticketId),
    reviewer: await recounted(reviewer, ticketId),
  }).toEqual(want);
}

/** The tickets' counts are the messages' counts, everywhere. */
async function expectCountsTrue() {
  const drift = await rows(
    t.database.db,
    rowSchema({ id: col.text() }),
    sql`select t.id from tickets t
        left join (select ticket_id, count(*)::int as a, (count(*) filter (where not internal))::int as p
                   from ticket_messages group by ticket_id) c on c.ticket_id = t.id
        where t.message_count <> coalesce(c.a, 0) or t.public_message_count <> coalesce(c.p, 0)`,
  );
  expect(drift).toEqual([]);
}

const post = (p: Person, ticketId: string, body: string, internal = false) =>
  p.agent.post(`/api/v1/tickets/${ticketId}/messages`, { body, internal }).then((r) => {
    expect(r.statusCode, r.body).toBe(201);
  });
const read = (p: Person, ticketId: string) =>
  p.agent.post(`/api/v1/tickets/${ticketId}/read`).then((r) => expect(r.json().unread_count).toBe(0));

describe('unread counts kept by the write path', () => {
  it('count others’ messages since the last read; internal notes for staff only; one’s own never', async () => {
    const ticket = await openTicket(t, customer.agent);
    await expectUnread(ticket.id, { customer: 0, preparer: 0, reviewer: 0 });
    await post(preparer, ticket.id, 'one');
    await post(preparer, ticket.id, 'two');
    await post(preparer, ticket.id, 'a note', true);
    await post(reviewer, ticket.id, 'three');
    // Posting reads the conversation up to one's post: the reviewer has seen what came before theirs.
    await expectUnread(ticket.id, { customer: 3, preparer: 1, reviewer: 0 });

    await read(customer, ticket.id);
    await post(preparer, ticket.id, 'another note', true);
    await expectUnread(ticket.id, { customer: 0, preparer: 0, reviewer: 1 });

    await post(preparer, ticket.id, 'four');
    await post(customer, ticket.id, 'thanks');
    await expectUnread(ticket.id, { customer: 0, preparer: 1, reviewer: 3 });

    await read(preparer, ticket.id);
    await read(preparer, ticket.id); // twice changes nothing
    await post(reviewer, ticket.id, 'a reviewer note', true);
    await expectUnread(ticket.id, { customer: 0, preparer: 1, reviewer: 0 });
    await read(reviewer, ticket.id);
    await expectUnread(ticket.id, { customer: 0, preparer: 1, reviewer: 0 });
    await expectCountsTrue();
  });

  it('keep each ticket and each reader apart', async () => {
    const a = await openTicket(t, customer.agent);
    const b = await openTicket(t, customer.agent);
    await post(preparer, a.id, 'on a');
    await post(preparer, b.id, 'on b');
    await post(preparer, b.id, 'on b again');
    await read(customer, a.id);
    await expectUnread(a.id, { customer: 0, preparer: 0, reviewer: 1 });
    await expectUnread(b.id, { customer: 2, preparer: 0, reviewer: 2 });
  });

  it('stay true when posts run side by side', async () => {
    const ticket = await openTicket(t, customer.agent);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => post(preparer, ticket.id, `p${i}`, i % 3 === 0)),
      ...Array.from({ length: 6 }, (_, i) => post(reviewer, ticket.id, `r${i}`)),
      read(customer, ticket.id),
    ]);
    await expectCountsTrue();
    // Each poster read the conversation as far as their post; who was last depends on the race. Reading ends it.
    await Promise.all([read(customer, ticket.id), read(preparer, ticket.id), read(reviewer, ticket.id)]);
    await expectUnread(ticket.id, { customer: 0, preparer: 0, reviewer: 0 });
    await post(reviewer, ticket.id, 'last');
    await expectUnread(ticket.id, { customer: 1, preparer: 1, reviewer: 0 });
  });

  it('follow messages written by SQL, deleted or moved (the trigger on ticket_messages)', async () => {
    const a = await openTicket(t, customer.agent);
    const b = await openTicket(t, customer.agent);
    // A bulk insert (as a seed or an import writes): one statement, several tickets and authors.
    await t.database.db.execute(sql`
      insert into ticket_messages (ticket_id, author_id, body, internal)
      values (${a.id}, ${preparer.id}, 'x1', false), (${a.id}, ${preparer.id}, 'x2', true),
             (${a.id}, ${customer.id}, 'x3', false), (${b.id}, ${reviewer.id}, 'y1', false),
             (${b.id}, null, 'a message without author', false)`);
    await expectCountsTrue();
    await expectUnread(a.id, { customer: 1, preparer: 1, reviewer: 3 });
    await expectUnread(b.id, { customer: 2, preparer: 2, reviewer: 1 });

    // Deleting an unread message takes it out of the count; a read one leaves the count as it is.
    await read(customer, a.id);
    await post(preparer, a.id, 'x4');
    await t.database.db.execute(sql`delete from ticket_messages where ticket_id = ${a.id} and body in ('x1', 'x2')`);
    await expectCountsTrue();
    await expectUnread(a.id, { customer: 1, preparer: 0, reviewer: 2 });

    // A message moved to another ticket leaves one count and joins the other.
    await t.database.db.execute(
      sql`update ticket_messages set ticket_id = ${b.id} where ticket_id = ${a.id} and body = 'x4'`,
    );
    await expectCountsTrue();
    await expectUnread(a.id, { customer: 0, preparer: 0, reviewer: 1 });
    await expectUnread(b.id, { customer: 3, preparer: 2, reviewer: 2 });

    // A note made public now counts for the customer too.
    await post(preparer, b.id, 'internal first', true);
    await t.database.db.execute(sql`update ticket_messages set internal = false where body = 'internal first'`);
    await expectCountsTrue();
    await expectUnread(b.id, { customer: 4, preparer: 0, reviewer: 3 });
  });

  it('are what the migration’s backfill computes from the messages and the read times', async () => {
    const ticket = await openTicket(t, customer.agent);
    await post(preparer, ticket.id, 'one');
    await post(preparer, ticket.id, 'a note', true);
    await read(customer, ticket.id);
    await post(reviewer, ticket.id, 'two');
    await post(customer, ticket.id, 'three');
    const want = { customer: 0, preparer: 2, reviewer: 1 };
    await expectUnread(ticket.id, want);
    // Forget every count, then run the migration's backfill statements as they are in the file.
    const file = fs.readFileSync(new URL('../../drizzle/0025_unread_counts.sql', import.meta.url), 'utf8');
    const backfill = file.slice(file.indexOf('-- Backfill')).split('--> statement-breakpoint');
    expect(backfill).toHaveLength(3);
    await t.database.db.execute(sql`update tickets set message_count = 0, public_message_count = 0`);
    await t.database.db.execute(sql`delete from ticket_reads where last_read_at is null`);
    await t.database.db.execute(sql`update ticket_reads set seen_all = 0, seen_public = 0`);
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    await expectCountsTrue();
    await expectUnread(ticket.id, want);
  });
});
