import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_REQUEST_MATCHES, DOCUMENT_REQUEST_STATUSES, type DocumentRequestStatus } from '@taxportal/contract';
import { z } from 'zod';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import {
  documentRequests,
  documents,
  documentTypes,
  jobs,
  notifications,
  tickets,
  users,
} from '../platform/db/schema.ts';
import { ticketsFiledBy } from '../tickets/index.ts';

const requestRow = rowSchema({
  id: col.text(),
  ticket_id: col.text(),
  ticket_name: col.text(),
  ticket_status: col.text(),
  customer_id: col.text(),
  label: col.text(),
  document_type_id: col.text().nullable(),
  document_type_name: col.text().nullable(),
  note: col.text().nullable(),
  status: z.enum(DOCUMENT_REQUEST_STATUSES),
  source: z.enum(['staff', 'questionnaire']),
  source_key: col.text().nullable(),
  requested_by_name: col.text().nullable(),
  fulfilled_document_id: col.text().nullable(),
  fulfilled_at: col.timestamp().nullable(),
  fulfilled_file_name: col.text().nullable(),
  fulfilled_file_at: col.timestamp().nullable(),
  fulfilled_file_visibility: col.text().nullable(),
  fulfilled_file_type_name: col.text().nullable(),
  fulfilled_via: z.enum(DOCUMENT_REQUEST_MATCHES).nullable(),
  fulfilled_by_name: col.text().nullable(),
  reminders_sent: col.int(),
  next_reminder_at: col.timestamp().nullable(),
  created_at: col.timestamp(),
});
export type RequestRow = RowOf<typeof requestRow.shape>;
const idRow = rowSchema({ id: col.text() });
const ticketIdRow = rowSchema({ ticket_id: col.text() });

const select = sql`select r.id, r.ticket_id, t.name as ticket_name, t.status as ticket_status, r.customer_id, r.label, r.document_type_id,
  dt.name as document_type_name, r.note, r.status, r.source, r.source_key, rb.full_name as requested_by_name,
  r.fulfilled_document_id, r.fulfilled_at, fd.file_name as fulfilled_file_name, fd.created_at as fulfilled_file_at,
  fd.visibility as fulfilled_file_visibility, fdt.name as fulfilled_file_type_name, r.fulfilled_via, fb.full_name as fulfilled_by_name,
  r.reminders_sent, r.next_reminder_at, r.created_at
  from ${documentRequests} r
  join ${tickets} t on t.id = r.ticket_id
  left join ${documentTypes} dt on dt.id = r.document_type_id
  left join ${users} rb on rb.id = r.requested_by
  left join ${documents} fd on fd.id = r.fulfilled_document_id
  left join ${documentTypes} fdt on fdt.id = fd.document_type_id
  left join ${users} fb on fb.id = r.fulfilled_by`;

export async function documentTypeIdsByName(db: Tx, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const found = await db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(inArray(documentTypes.name, names));
  return new Map(found.map((r) => [r.name, r.id]));
}

/** Which of these Tax Document Type ids exist. */
export async function existingDocumentTypeIds(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found = await db.select({ id: documentTypes.id }).from(documentTypes).where(inArray(documentTypes.id, ids));
  return new Set(found.map((r) => r.id));
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
  return rows(
    db,
    requestRow,
    sql`${select} where r.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by r.created_at, r.id`,
  );
}

export async function listForTicket(db: Tx, ticketId: string): Promise<RequestRow[]> {
  return rows(db, requestRow, sql`${select} where r.ticket_id = ${ticketId} order by r.created_at, r.id`);
}

export async function listForCustomer(
  db: Tx,
  opts: {
    customerId: string | null;
    /** A customer's own list: the requests of the tickets they file (a joint return's too: docs/decisions/0032). */
    filerId?: string | undefined;
    status: DocumentRequestStatus;
    limit: number;
  },
): Promise<RequestRow[]> {
  return rows(
    db,
    requestRow,
    sql`${select} where r.status = ${opts.status}
        ${opts.customerId ? sql`and r.customer_id = ${opts.customerId}` : sql``}
        ${opts.filerId ? sql`and r.ticket_id in (${ticketsFiledBy(opts.filerId)})` : sql``}
        order by r.created_at desc, r.id limit ${opts.limit}`,
  );
}

export async function findRequest(db: Tx, id: string, opts: { lock?: boolean } = {}): Promise<RequestRow | null> {
  return firstRow(db, requestRow, sql`${select} where r.id = ${id}${opts.lock ? sql` for update of r` : sql``}`);
}

/** Open → cancelled; false when it was no longer open. */
export async function cancelRequest(tx: Tx, id: string): Promise<boolean> {
  const cancelled = await rows(
    tx,
    idRow,
    sql`update ${documentRequests} set status = 'cancelled', next_reminder_at = null
        where id = ${id} and status = 'open' returning id`,
  );
  return cancelled.length > 0;
}

/** The questionnaire's request for one answer, if any (unique by ticket and source_key). */
export async function findBySourceKey(tx: Tx, ticketId: string, sourceKey: string): Promise<RequestRow | null> {
  return firstRow(
    tx,
    requestRow,
    sql`${select} where r.ticket_id = ${ticketId} and r.source_key = ${sourceKey} for update of r`,
  );
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

/** The ticket's answer-made requests whose key starts with `prefix` (an organizer's: `org:`), locked. */
export async function listBySourcePrefix(tx: Tx, ticketId: string, prefix: string): Promise<RequestRow[]> {
  return rows(
    tx,
    requestRow,
    sql`${select} where r.ticket_id = ${ticketId} and left(r.source_key, ${prefix.length}) = ${prefix}
        order by r.created_at, r.id for update of r`,
  );
}

/** An answer-made request named anew (its entry was renamed); open or reopened requests only. */
export async function relabelRequest(tx: Tx, id: string, label: string): Promise<void> {
  await tx.execute(sql`update ${documentRequests} set label = ${label} where id = ${id} and status = 'open'`);
}

export async function reopenRequest(tx: Tx, id: string, nextReminderAt: Date): Promise<void> {
  await tx.execute(
    sql`update document_requests set status = 'open', next_reminder_at = ${nextReminderAt.toISOString()}::timestamptz
        where id = ${id} and status = 'cancelled'`,
  );
}

const dueReminder = rowSchema({ id: col.text(), ticket_id: col.text() });
export type DueReminder = RowOf<typeof dueReminder.shape>;

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
    and not exists (select 1 from ${tickets} t where t.id = r.ticket_id and t.status in (${sql.join(
      finishedStatuses.map((st) => sql`${st}`),
      sql`, `,
    )}))`;
  // 1. Candidate tickets (no locks). 2. Those whose lock we get, one lock call per ticket. 3. Their requests,
  // read again: in a new statement, a ticket another runner just finished is no longer due.
  const candidates = await rows(
    tx,
    ticketIdRow,
    sql`select r.ticket_id from ${documentRequests} r where ${due}
        group by r.ticket_id order by min(r.next_reminder_at) limit ${limitTickets}`,
  );
  if (!candidates.length) return [];
  const list = (rows: { ticket_id: string }[]) =>
    sql.join(
      rows.map((c) => sql`(${c.ticket_id})`),
      sql`, `,
    );
  const claimed = await rows(
    tx,
    ticketIdRow,
    sql`select c.ticket_id from (values ${list(candidates)}) as c(ticket_id)
        where pg_try_advisory_xact_lock(hashtextextended('document-reminders:' || c.ticket_id, 0))`,
  );
  if (!claimed.length) return [];
  return rows(
    tx,
    dueReminder,
    sql`select r.id, r.ticket_id from ${documentRequests} r
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
  const added = await rows(
    tx,
    idRow,
    sql`update ${jobs} set payload = jsonb_set(payload, '{request_ids}', (payload->'request_ids') || ${JSON.stringify(ids)}::jsonb)
        where kind = ${kind} and done_at is null and locked_until is null and attempts = 0
          and payload->>'ticket_id' = ${ticketId}
        returning id::text as id`,
  );
  return added.length > 0;
}

const notificationRow = rowSchema({
  id: col.text(),
  kind: z.literal('document_request'),
  ticket_id: col.text(),
  ticket_name: col.text(),
  title: col.text(),
  body: col.text(),
  created_at: col.timestamp(),
});
export type NotificationRow = RowOf<typeof notificationRow.shape>;

/** The customer's notice (the notifications feature's table, kind document_request). */
export async function insertNotification(
  tx: Tx,
  n: { userId: string; ticketId: string; title: string; body: string },
): Promise<NotificationRow> {
  const [row] = await rows(
    tx,
    notificationRow,
    sql`with n as (
          insert into ${notifications} (user_id, kind, ticket_id, title, body)
          values (${n.userId}, 'document_request', ${n.ticketId}, ${n.title}, ${n.body})
          returning id, kind, ticket_id, title, body, created_at)
        select n.id::text as id, n.kind, n.ticket_id, t.name as ticket_name, n.title, n.body, n.created_at
        from n join ${tickets} t on t.id = n.ticket_id`,
  );
  return row!;
}

export async function unreadNotifications(db: Tx, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
}
