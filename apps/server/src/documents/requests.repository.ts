import { sql } from 'drizzle-orm';
import type { DocumentRequestStatus } from '@taxportal/contract';
import { queryRows, type Tx } from '../platform/db/client.ts';

export interface RequestRow {
  id: string;
  ticket_id: string;
  ticket_name: string;
  customer_id: string;
  label: string;
  document_type_id: string | null;
  document_type_name: string | null;
  note: string | null;
  status: DocumentRequestStatus;
  source: 'staff' | 'questionnaire';
  source_key: string | null;
  requested_by_name: string | null;
  fulfilled_document_id: string | null;
  fulfilled_at: Date | string | null;
  reminders_sent: number;
  next_reminder_at: Date | string | null;
  created_at: Date | string;
}

const select = sql`select r.id, r.ticket_id, t.name as ticket_name, r.customer_id, r.label, r.document_type_id,
  dt.name as document_type_name, r.note, r.status, r.source, r.source_key, rb.full_name as requested_by_name,
  r.fulfilled_document_id, r.fulfilled_at, r.reminders_sent, r.next_reminder_at, r.created_at
  from document_requests r
  join tickets t on t.id = r.ticket_id
  left join document_types dt on dt.id = r.document_type_id
  left join users rb on rb.id = r.requested_by`;

export async function documentTypeIdsByName(db: Tx, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from document_types where name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface NewRequest {
  id: string;
  ticket_id: string;
  customer_id: string;
  label: string;
  document_type_id: string | null;
  note: string | null;
  source: 'staff' | 'questionnaire';
  source_key: string | null;
  requested_by: string | null;
  next_reminder_at: Date;
  /** Set by the caller (its clock, a millisecond apart per row) so a batch lists in the order it was asked. */
  created_at: Date;
}

export async function insertRequest(tx: Tx, r: NewRequest): Promise<void> {
  await tx.execute(
    sql`insert into document_requests
          (id, ticket_id, customer_id, label, document_type_id, note, source, source_key, requested_by, next_reminder_at, created_at)
        values (${r.id}, ${r.ticket_id}, ${r.customer_id}, ${r.label}, ${r.document_type_id}, ${r.note}, ${r.source},
                ${r.source_key}, ${r.requested_by}, ${r.next_reminder_at.toISOString()}::timestamptz,
                ${r.created_at.toISOString()}::timestamptz)`,
  );
}

export async function requestsByIds(db: Tx, ids: string[]): Promise<RequestRow[]> {
  if (!ids.length) return [];
  return queryRows<RequestRow>(
    db,
    sql`${select} where r.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by r.created_at, r.id`,
  );
}

export async function listForTicket(db: Tx, ticketId: string): Promise<RequestRow[]> {
  return queryRows<RequestRow>(db, sql`${select} where r.ticket_id = ${ticketId} order by r.created_at, r.id`);
}

export async function listForCustomer(
  db: Tx,
  opts: { customerId: string | null; status: DocumentRequestStatus; limit: number },
): Promise<RequestRow[]> {
  return queryRows<RequestRow>(
    db,
    sql`${select} where r.status = ${opts.status}
        ${opts.customerId ? sql`and r.customer_id = ${opts.customerId}` : sql``}
        order by r.created_at desc, r.id limit ${opts.limit}`,
  );
}

export async function findRequest(db: Tx, id: string): Promise<RequestRow | null> {
  const [row] = await queryRows<RequestRow>(db, sql`${select} where r.id = ${id}`);
  return row ?? null;
}

/** Open → cancelled; false when it was no longer open. */
export async function cancelRequest(tx: Tx, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update document_requests set status = 'cancelled', next_reminder_at = null
        where id = ${id} and status = 'open' returning id`,
  );
  return rows.length > 0;
}

/** The questionnaire's request for one answer, if any (unique by ticket and source_key). */
export async function findBySourceKey(tx: Tx, ticketId: string, sourceKey: string): Promise<RequestRow | null> {
  const [row] = await queryRows<RequestRow>(
    tx,
    sql`${select} where r.ticket_id = ${ticketId} and r.source_key = ${sourceKey} for update of r`,
  );
  return row ?? null;
}

/** Creates the questionnaire's request, or nothing if another save made it meanwhile. */
export async function insertRequestIfAbsent(tx: Tx, r: NewRequest): Promise<void> {
  await tx.execute(
    sql`insert into document_requests
          (id, ticket_id, customer_id, label, document_type_id, note, source, source_key, requested_by, next_reminder_at, created_at)
        values (${r.id}, ${r.ticket_id}, ${r.customer_id}, ${r.label}, ${r.document_type_id}, ${r.note}, ${r.source},
                ${r.source_key}, ${r.requested_by}, ${r.next_reminder_at.toISOString()}::timestamptz,
                ${r.created_at.toISOString()}::timestamptz)
        on conflict (ticket_id, source_key) where source_key is not null do nothing`,
  );
}

export async function reopenRequest(tx: Tx, id: string, nextReminderAt: Date): Promise<void> {
  await tx.execute(
    sql`update document_requests set status = 'open', next_reminder_at = ${nextReminderAt.toISOString()}::timestamptz
        where id = ${id} and status = 'cancelled'`,
  );
}

export interface DueReminder {
  id: string;
  ticket_id: string;
}

/**
 * Claims whole tickets whose reminders are due (at most `limitTickets`, earliest due first) and returns their
 * due requests, locked for this transaction. A ticket is claimed with a transaction-scoped advisory lock, so two
 * runners never split one ticket's requests between them (each would then mail the customer); a ticket another
 * runner holds is skipped and left for the next pass. Requests on finished tickets are left alone.
 */
export async function claimDueReminders(
  tx: Tx,
  now: Date,
  finishedStatuses: readonly string[],
  limitTickets: number,
): Promise<DueReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`r.status = 'open' and r.next_reminder_at <= ${at}
    and not exists (select 1 from tickets t where t.id = r.ticket_id and t.status in (${sql.join(
      finishedStatuses.map((st) => sql`${st}`),
      sql`, `,
    )}))`;
  // 1. Candidate tickets (no locks). 2. Those whose lock we get, one lock call per ticket. 3. Their requests,
  // read again: in a new statement, a ticket another runner just finished is no longer due.
  const candidates = await queryRows<{ ticket_id: string }>(
    tx,
    sql`select r.ticket_id from document_requests r where ${due}
        group by r.ticket_id order by min(r.next_reminder_at) limit ${limitTickets}`,
  );
  if (!candidates.length) return [];
  const list = (rows: { ticket_id: string }[]) =>
    sql.join(
      rows.map((c) => sql`(${c.ticket_id})`),
      sql`, `,
    );
  const claimed = await queryRows<{ ticket_id: string }>(
    tx,
    sql`select c.ticket_id from (values ${list(candidates)}) as c(ticket_id)
        where pg_try_advisory_xact_lock(hashtextextended('document-reminders:' || c.ticket_id, 0))`,
  );
  if (!claimed.length) return [];
  return queryRows<DueReminder>(
    tx,
    sql`select r.id, r.ticket_id from document_requests r
        where ${due} and r.ticket_id in (select c.ticket_id from (values ${list(claimed)}) as c(ticket_id))
        order by r.next_reminder_at
        for update of r`,
  );
}

export async function advanceReminders(tx: Tx, ids: string[], next: Date): Promise<void> {
  await tx.execute(
    sql`update document_requests set reminders_sent = reminders_sent + 1, next_reminder_at = ${next.toISOString()}::timestamptz
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

/**
 * Adds requests to a ticket's reminder that is queued and not yet taken by a runner, so one pass sends
 * one mail per ticket; false when there is none (a runner holding it makes this wait, then miss it).
 */
export async function addToQueuedReminder(tx: Tx, kind: string, ticketId: string, ids: string[]): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update jobs set payload = jsonb_set(payload, '{request_ids}', (payload->'request_ids') || ${JSON.stringify(ids)}::jsonb)
        where kind = ${kind} and done_at is null and locked_until is null and attempts = 0
          and payload->>'ticket_id' = ${ticketId}
        returning id::text as id`,
  );
  return rows.length > 0;
}

export interface NotificationRow {
  id: string;
  kind: 'document_request';
  ticket_id: string;
  ticket_name: string;
  title: string;
  body: string;
  created_at: Date | string;
}

/** The customer's notice (the notifications feature's table, kind document_request). */
export async function insertNotification(
  tx: Tx,
  n: { userId: string; ticketId: string; title: string; body: string },
): Promise<NotificationRow> {
  const [row] = await queryRows<NotificationRow>(
    tx,
    sql`with n as (
          insert into notifications (user_id, kind, ticket_id, title, body)
          values (${n.userId}, 'document_request', ${n.ticketId}, ${n.title}, ${n.body})
          returning id, kind, ticket_id, title, body, created_at)
        select n.id::text as id, n.kind, n.ticket_id, t.name as ticket_name, n.title, n.body, n.created_at
        from n join tickets t on t.id = n.ticket_id`,
  );
  return row!;
}

export async function unreadNotifications(db: Tx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return Number(row?.n ?? 0);
}
