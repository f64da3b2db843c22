import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_REQUEST_REMINDER_DAYS,
  MESSAGES,
  REQUEST_CHECKLIST,
  STATUS_DEFINITIONS,
  type CreateDocumentRequestsBody,
  type DocumentRequest,
  type DocumentRequestList,
  type DocumentRequestStatus,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import type { TFunction } from 'i18next';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import type { MailMessage } from '../platform/mail/mail.ts';
import { savedLanguage } from '../platform/users.ts';
import { visibleTicket, type TicketRef } from '../tickets/index.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import * as repo from './requests.repository.ts';
import { requestsFor, toDocumentRequest } from './requests.dto.ts';

export const REQUEST_NOT_FOUND = TICKET_TEXTS.requests.notFound;
const DAY_MS = 86_400_000;
export const reminderInterval = DOCUMENT_REQUEST_REMINDER_DAYS * DAY_MS;

/** Statuses after which nobody asks for documents any more (categories done and cancelled). */
export const FINISHED_STATUSES: readonly string[] = STATUS_DEFINITIONS.filter(
  (s) => s.is_pipeline && (s.category === 'done' || s.category === 'cancelled'),
).map((s) => s.name);

const requireStaffHere = (auth: AuthContext) => {
  if (!isStaff(auth)) throw new AppError('forbidden', MESSAGES.forbidden);
};

export async function listTicketRequests(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
): Promise<DocumentRequestList> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  return { items: await requestsFor(deps.db, auth, await repo.listForTicket(deps.db, ticket.id)) };
}

export async function listOutstanding(
  deps: DocumentsDeps,
  auth: AuthContext,
  q: { status: DocumentRequestStatus; customer_id?: string | undefined; limit: number },
): Promise<DocumentRequestList> {
  // A customer sees those of the tickets they file (their own, joint returns), whatever customer_id they pass.
  const staff = isStaff(auth);
  const rows = await repo.listForCustomer(deps.db, {
    customerId: staff ? (q.customer_id ?? null) : null,
    filerId: staff ? undefined : auth.user.id,
    status: q.status,
    limit: q.limit,
  });
  return { items: await requestsFor(deps.db, auth, rows) };
}

/** The ticket's facts the request and reminder e-mails name. */
export const requestMailParams = (ticket: Pick<TicketRef, 'name' | 'service_name' | 'year'>) => ({
  ticket: ticket.name,
  service: ticket.service_name,
  year: ticket.year,
});

/** The documents asked for, one a line. */
export const requestList = (labels: string[]) => labels.map((l) => `  - ${l}`).join('\n');

function requestMail(
  t: TFunction,
  ticket: TicketRef,
  labels: string[],
  note: string | null,
  link: string,
): MailMessage {
  return {
    to: ticket.customer_email,
    subject: t('notifications.documentsRequested.title', { ticket: ticket.name }),
    text:
      `${t('mail.hello', { name: ticket.customer_name })}\n\n` +
      `${t('notifications.documentsRequested.text', requestMailParams(ticket))}\n\n${requestList(labels)}\n` +
      (note ? `\n${t('notifications.documentsRequested.note', { note })}\n` : '') +
      `\n${t('notifications.documentsRequested.upload', { link })}\n`,
  };
}

export const ticketLink = (deps: Pick<DocumentsDeps, 'publicUrl'>, ticketName: string) =>
  `${deps.publicUrl}/form/message/${encodeURIComponent(ticketName)}`;

/**
 * Free-text requests, each with the type staff filed it under (or none): one per text, the first one's type; `at`
 * is where it was in the body (a refusal names that field).
 */
function freeTextRequests(custom: NonNullable<CreateDocumentRequestsBody['custom']>) {
  const byLabel = new Map<string, { label: string; typeId: string | null; at: number }>();
  for (const [at, c] of custom.entries()) {
    const [label, typeId] = typeof c === 'string' ? [c.trim(), null] : [c.label.trim(), c.document_type_id ?? null];
    if (!byLabel.has(label)) byLabel.set(label, { label, typeId, at });
  }
  return [...byLabel.values()];
}

/** Staff ask for documents: one row per checklist item or free-text line, the customer told once. */
export async function createRequests(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  body: CreateDocumentRequestsBody,
  ip: string,
): Promise<DocumentRequestList> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  requireStaffHere(auth);
  if (FINISHED_STATUSES.includes(ticket.status))
    throw new AppError('conflict', TICKET_TEXTS.requests.ticketFinished, { params: { status: ticket.status } });
  const checklist = [...new Set(body.checklist ?? [])].map((k) => REQUEST_CHECKLIST.find((c) => c.key === k)!);
  const custom = freeTextRequests(body.custom ?? []);
  const note = body.note?.trim() || null;
  const now = deps.now();
  const next = new Date(now.getTime() + reminderInterval);
  const ids: string[] = [];
  const {
    created: notice,
    language,
    spouseNotice,
  } = await deps.db.transaction(async (tx) => {
    const types = await repo.documentTypeIdsByName(
      tx,
      checklist.flatMap((c) => (c.document_type ? [c.document_type] : [])),
    );
    const known = await repo.existingDocumentTypeIds(
      tx,
      custom.flatMap((c) => (c.typeId ? [c.typeId] : [])),
    );
    const unknown = custom.find((c) => c.typeId !== null && !known.has(c.typeId));
    if (unknown) throw fieldError(`custom.${unknown.at}.document_type_id`, TICKET_TEXTS.requests.chooseDocumentType);
    const rows = [
      ...checklist.map((c) => ({
        label: c.label,
        typeId: c.document_type ? (types.get(c.document_type) ?? null) : null,
      })),
      ...custom.map((c) => ({ label: c.label, typeId: c.typeId })),
    ];
    for (const [i, r] of rows.entries()) {
      const id = randomUUID();
      ids.push(id);
      await repo.insertRequest(tx, {
        id,
        ticket_id: ticket.id,
        customer_id: ticket.customer_id,
        label: r.label,
        document_type_id: r.typeId,
        note,
        source: 'staff',
        source_key: null,
        requested_by: auth.user.id,
        next_reminder_at: next,
        created_at: new Date(now.getTime() + i),
      });
    }
    // Written in the customer's language (the notification row as the e-mail after the commit).
    const language = recipientLanguage(await savedLanguage(tx, ticket.customer_id));
    const created = await repo.insertNotification(tx, {
      userId: ticket.customer_id,
      ticketId: ticket.id,
      title: textsIn(language)('notifications.documentsRequested.title', { ticket: ticket.name }),
      body: rows.map((r) => r.label).join(', '),
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'document_request.create',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      meta: { request_ids: ids, labels: rows.map((r) => r.label) },
    });
    // A joint return's spouse, who answers requests too (0032), gets the notice in the app, in their language.
    const spouseNotice = ticket.spouse_id
      ? await repo.insertNotification(tx, {
          userId: ticket.spouse_id,
          ticketId: ticket.id,
          title: textsIn(recipientLanguage(await savedLanguage(tx, ticket.spouse_id)))(
            'notifications.documentsRequested.title',
            { ticket: ticket.name },
          ),
          body: rows.map((r) => r.label).join(', '),
        })
      : null;
    return { created, language, spouseNotice };
  });
  const items = (await repo.requestsByIds(deps.db, ids)).map((r) => toDocumentRequest(r));
  try {
    await deps.mailer.send(
      requestMail(
        textsIn(language),
        ticket,
        items.map((i) => i.label),
        note,
        ticketLink(deps, ticket.name),
      ),
    );
  } catch (err) {
    deps.log.error({ err: (err as Error).message, ticket_id: ticket.id }, 'document request mail failed');
  }
  // The bell, live (the notification rows are already committed).
  try {
    const told = [
      { userId: ticket.customer_id, n: notice },
      ...(spouseNotice && ticket.spouse_id ? [{ userId: ticket.spouse_id, n: spouseNotice }] : []),
    ];
    for (const { userId, n } of told)
      await deps.hub.publish(
        { users: [userId] },
        {
          type: 'notification.created',
          notification: { ...n, read: false, created_at: n.created_at.toISOString() },
          unread_count: await repo.unreadNotifications(deps.db, userId),
        },
      );
  } catch (err) {
    deps.log.error({ err: (err as Error).message }, 'document request live event failed');
  }
  return { items };
}

export async function cancelRequest(
  deps: DocumentsDeps,
  auth: AuthContext,
  requestId: string,
  ip: string,
): Promise<DocumentRequest> {
  const request = await repo.findRequest(deps.db, requestId);
  if (!request || (!isStaff(auth) && request.customer_id !== auth.user.id)) throw notFound(REQUEST_NOT_FOUND);
  requireStaffHere(auth);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.cancelRequest(tx, request.id)))
      throw new AppError('conflict', TICKET_TEXTS.requests.already[request.status]);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'document_request.cancel',
      entityType: 'document_request',
      entityId: request.id,
      ip,
      meta: { ticket_id: request.ticket_id },
    });
  });
  return toDocumentRequest((await repo.findRequest(deps.db, request.id))!);
}

/** A questionnaire question that calls for a document, and whether the customer's answer now asks for it. */
export interface AnswerRequest {
  /** `<section>.<question>`: one request per ticket and question. */
  sourceKey: string;
  label: string;
  documentType: string | null;
  wanted: boolean;
}

/** A request an answer makes (the questionnaire's or an organizer's), under its key; nothing if the key has one. */
async function insertAnswerRequest(
  tx: Tx,
  ticket: Pick<TicketRef, 'id' | 'customer_id'>,
  a: { sourceKey: string; label: string; documentType: string | null },
  types: Map<string, string>,
  next: Date,
  createdAt: Date,
): Promise<void> {
  await repo.insertRequestIfAbsent(tx, {
    id: randomUUID(),
    ticket_id: ticket.id,
    customer_id: ticket.customer_id,
    label: a.label,
    document_type_id: a.documentType ? (types.get(a.documentType) ?? null) : null,
    note: null,
    source: 'questionnaire',
    source_key: a.sourceKey,
    requested_by: null,
    next_reminder_at: next,
    created_at: createdAt,
  });
}

/**
 * The requests a questionnaire section's answers make: a wanted one is created (or reopened if withdrawn earlier),
 * one no longer wanted is cancelled while nothing has been uploaded against it. Unique per ticket and answer
 * (source_key), so saving again never duplicates.
 */
export async function syncAnswerRequests(
  tx: Tx,
  deps: Pick<DocumentsDeps, 'now'>,
  ticket: Pick<TicketRef, 'id' | 'customer_id'>,
  asked: AnswerRequest[],
): Promise<void> {
  const now = deps.now();
  const next = new Date(now.getTime() + reminderInterval);
  const types = await repo.documentTypeIdsByName(
    tx,
    asked.flatMap((a) => (a.documentType ? [a.documentType] : [])),
  );
  for (const [i, a] of asked.entries()) {
    const existing = await repo.findBySourceKey(tx, ticket.id, a.sourceKey);
    if (a.wanted) {
      if (!existing) {
        await insertAnswerRequest(tx, ticket, a, types, next, new Date(now.getTime() + i));
      } else if (existing.status === 'cancelled') {
        await repo.reopenRequest(tx, existing.id, next);
      }
    } else if (existing?.status === 'open') {
      await repo.cancelRequest(tx, existing.id);
    }
  }
}

/** A document an organizer's answers ask for now (issue 32), by its stable key (`org:…`). */
export interface KeyedRequest {
  sourceKey: string;
  label: string;
  documentType: string | null;
}

/**
 * The requests an organizer's answers make: each key asked for is created (or reopened if withdrawn earlier, or
 * renamed if its entry was), and every open request of the ticket whose key starts with `prefix` and is no longer
 * asked for is cancelled; a fulfilled one stays. Unique per ticket and key (source_key), so saving again never
 * duplicates. Returns the ticket's requests under `prefix` as they now stand.
 */
export async function syncKeyedRequests(
  tx: Tx,
  deps: Pick<DocumentsDeps, 'now'>,
  ticket: Pick<TicketRef, 'id' | 'customer_id'>,
  prefix: string,
  asked: KeyedRequest[],
): Promise<KeyedRequestState[]> {
  const now = deps.now();
  const next = new Date(now.getTime() + reminderInterval);
  const existing = new Map((await repo.listBySourcePrefix(tx, ticket.id, prefix)).map((r) => [r.source_key!, r]));
  const wanted = new Set(asked.map((a) => a.sourceKey));
  for (const r of existing.values())
    if (!wanted.has(r.source_key!) && r.status === 'open') await repo.cancelRequest(tx, r.id);
  const types = await repo.documentTypeIdsByName(
    tx,
    asked.flatMap((a) => (a.documentType ? [a.documentType] : [])),
  );
  for (const [i, a] of asked.entries()) {
    const found = existing.get(a.sourceKey);
    if (!found) {
      await insertAnswerRequest(tx, ticket, a, types, next, new Date(now.getTime() + i));
      continue;
    }
    if (found.status === 'cancelled') await repo.reopenRequest(tx, found.id, next);
    if (found.status !== 'fulfilled' && found.label !== a.label) await repo.relabelRequest(tx, found.id, a.label);
  }
  return keyedRequests(tx, ticket.id, prefix);
}

/** A ticket's answer-made request as the organizer shows it. */
export interface KeyedRequestState {
  id: string;
  source_key: string;
  label: string;
  status: DocumentRequestStatus;
}

/** The ticket's requests whose key starts with `prefix`, by key. */
export async function keyedRequests(db: Tx, ticketId: string, prefix: string): Promise<KeyedRequestState[]> {
  return (await repo.listForTicket(db, ticketId))
    .filter((r) => r.source_key?.startsWith(prefix))
    .map((r) => ({ id: r.id, source_key: r.source_key!, label: r.label, status: r.status }));
}
