import { randomUUID } from 'node:crypto';
import {
  hasAnyRole,
  HOUSEHOLD_MESSAGES,
  MESSAGES,
  OPEN_REQUEST_ROLES,
  type CreateTicketBody,
  type ListTicketsQuery,
  type TicketDetail,
  type TicketList,
  type TicketStatus,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { z } from 'zod';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { cursorTimestamp, keysetCursor } from '../platform/keyset-cursor.ts';
import { toTicketDetail, toTicketSummary } from './ticket-dto.ts';
import {
  commitChange,
  statusLabels,
  ticketAudience,
  viewerOf,
  visibleTicketRow,
  type TicketsDeps,
} from './tickets-context.ts';
import type { Audience, RealtimeEvent } from '../platform/realtime.ts';
import * as messages from './messages.repository.ts';
import { holdOn } from './ticket-holds.ts';
import { writeStatusChange } from './ticket-moves.ts';
import * as requestKeys from './ticket-request-keys.repository.ts';
import * as repo from './tickets.repository.ts';
import { spouseOf } from '../households/index.ts';

export async function getTicket(
  deps: Pick<TicketsDeps, 'db'>,
  auth: AuthContext,
  idOrName: string,
): Promise<TicketDetail> {
  const [row, labels] = await Promise.all([visibleTicketRow(deps.db, auth, idOrName), statusLabels(deps.db)]);
  return toTicketDetail(viewerOf(auth), auth.roles, row, labels, await staffHold(deps.db, auth, row));
}

/** Loads a ticket for its detail view inside a transaction that just changed it. */
export async function ticketDetailIn(tx: Tx, auth: AuthContext, id: string): Promise<TicketDetail> {
  const row = (await repo.findTicket(tx, viewerOf(auth), id))!;
  return toTicketDetail(viewerOf(auth), auth.roles, row, await statusLabels(tx), await staffHold(tx, auth, row));
}

/** What keeps the ticket where it is (ticket-holds.ts), for staff: the ticket page says so beside its moves. */
const staffHold = (db: Tx, auth: AuthContext, row: repo.TicketRow) =>
  viewerOf(auth).isStaff ? holdOn(db, { id: row.id, status: row.status as TicketStatus }) : Promise.resolve(null);

/**
 * The spouse a joint return of `customerId` is filed with: the other member of their household (households owns
 * who that is; docs/decisions/0032). None: a joint return cannot be chosen (422 on `joint`).
 */
export async function jointSpouse(db: Tx, customerId: string): Promise<string> {
  const spouse = await spouseOf(db, customerId);
  if (!spouse) throw fieldError('joint', HOUSEHOLD_MESSAGES.noSpouse);
  return spouse.user_id;
}

/** The customer's profile phone, read-only for customers; `given` only fills a missing one (or is staff's choice). */
function phoneFor(auth: AuthContext, profilePhone: string | null, given: string | undefined): string {
  const staff = viewerOf(auth).isStaff;
  const phone = staff ? given || profilePhone : profilePhone || given;
  if (!phone) throw fieldError('phone', TICKET_TEXTS.ticket.phoneRequired);
  return phone;
}

/** The service and tax year a new ticket is for, checked (field errors name the choice that is wrong). */
export async function checkTicketChoice(
  db: Tx,
  choice: { service_id: string; service_type_id?: string | undefined; year: number },
) {
  const service = await repo.findServiceForTicket(db, choice.service_id);
  if (!service || !service.active) throw fieldError('service_id', TICKET_TEXTS.ticket.chooseService);
  if (choice.service_type_id && choice.service_type_id !== service.service_type_id) {
    throw fieldError('service_id', TICKET_TEXTS.ticket.serviceNotOfType);
  }
  if (!(await repo.isOfferedYear(db, choice.year))) throw fieldError('year', TICKET_TEXTS.ticket.chooseTaxYear);
  return { id: service.id, service_type_id: service.service_type_id };
}

/**
 * Opens a ticket inside the caller's transaction (Open, audited), with the customer's first message when given;
 * the caller publishes the returned live events after its commit.
 */
export async function insertNewTicket(
  tx: Tx,
  v: {
    customerId: string;
    /** A joint return's other filer: the customer's spouse in their household (jointSpouse). */
    spouseId?: string | null | undefined;
    service: { id: string; service_type_id: string };
    year: number;
    phone: string;
    actorId: string;
    ip: string;
    firstMessage?: string | undefined;
  },
): Promise<{ id: string; name: string; events: [Audience, RealtimeEvent][] }> {
  const created = await repo.insertTicket(tx, {
    id: randomUUID(),
    customer_id: v.customerId,
    spouse_id: v.spouseId ?? null,
    service_id: v.service.id,
    service_type_id: v.service.service_type_id,
    year: v.year,
    phone: v.phone,
    created_by: v.actorId,
  });
  await writeStatusChange(tx, { ticketId: created.id, from: null, to: 'Open', by: v.actorId, note: null });
  if (v.firstMessage) {
    await messages.insertMessage(tx, {
      ticketId: created.id,
      authorId: v.customerId,
      body: v.firstMessage,
      internal: false,
      documentIds: [],
    });
    await messages.touchTicketForMessage(tx, created.id);
  }
  await audit(tx, {
    actorId: v.actorId,
    action: 'ticket.created',
    entityType: 'ticket',
    entityId: created.id,
    ip: v.ip,
    meta: { name: created.name, ...(v.spouseId ? { spouse_id: v.spouseId } : {}) },
  });
  return {
    id: created.id,
    name: created.name,
    events: [
      [
        ticketAudience({ customer_id: v.customerId, spouse_id: v.spouseId ?? null, assignee_id: null }),
        { type: 'ticket.created', ticket_id: created.id, ticket_name: created.name, customer_id: v.customerId },
      ],
    ],
  };
}

/** An Idempotency-Key sent again with another request (other customer, service or year). */
export const TICKET_REQUEST_KEY_REUSED = TICKET_TEXTS.ticket.requestKeyReused;

export async function createTicket(
  deps: TicketsDeps,
  auth: AuthContext,
  body: CreateTicketBody,
  ip: string,
  /** The request's Idempotency-Key: sent again, it answers the ticket it made (tickets.routes.ts reads it). */
  requestKey?: string,
): Promise<TicketDetail> {
  const viewer = viewerOf(auth);
  let customerId = auth.user.id;
  let profilePhone: string | null;
  if (viewer.isStaff) {
    if (!body.customer_id) throw fieldError('customer_id', TICKET_TEXTS.ticket.chooseCustomer);
    const customer = await repo.findCustomer(deps.db, body.customer_id);
    if (!customer) throw fieldError('customer_id', TICKET_TEXTS.ticket.chooseExistingCustomer);
    customerId = customer.id;
    profilePhone = customer.phone;
  } else {
    if (body.customer_id && body.customer_id !== auth.user.id) throw new AppError('forbidden', MESSAGES.forbidden);
    profilePhone = await repo.findUserPhone(deps.db, auth.user.id);
  }
  const service = await checkTicketChoice(deps.db, body);
  const phone = phoneFor(auth, profilePhone, body.phone);
  const spouseId = body.joint ? await jointSpouse(deps.db, customerId) : null;

  return commitChange(deps, async (tx) => {
    const made = requestKey ? await requestKeys.ticketOfRequestKey(tx, auth.user.id, requestKey) : null;
    if (made) {
      // The same request again: its ticket. Another request under an old key is refused, never answered with a
      // ticket it did not ask for (staff opening one for another customer under a reused key).
      const first = await ticketDetailIn(tx, auth, made);
      if (first.customer.id !== customerId || first.service.id !== body.service_id || first.year !== body.year) {
        throw fieldError('idempotency_key', TICKET_REQUEST_KEY_REUSED);
      }
      return { result: first };
    }
    const created = await insertNewTicket(tx, {
      customerId,
      spouseId,
      service,
      year: body.year,
      phone,
      actorId: auth.user.id,
      ip,
    });
    if (requestKey) await requestKeys.rememberRequestKey(tx, auth.user.id, requestKey, created.id);
    return { result: await ticketDetailIn(tx, auth, created.id), events: created.events };
  });
}

/** Keyset on (updated_at, id), or on (assigned, created_at, id) for the Open queue. */
const cursor = keysetCursor(z.object({ assigned: z.boolean().optional(), ts: cursorTimestamp, id: z.string() }));

/**
 * What a search box query means: 7 or more digits written like a phone number
 * ("(202) 555-0101", "+1 202 555 0101", "5550101") search phones by their
 * trailing digits; anything else is a case-insensitive fragment of the ticket
 * name, customer name, e-mail or phone, service, type or year. LIKE wildcards
 * typed by the user are escaped.
 */
export function parseSearch(q: string): repo.TicketSearch | undefined {
  const trimmed = q.trim();
  if (!trimmed) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  if (/^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 7) {
    return { kind: 'phone', reversedPrefix: `${[...digits].reverse().join('')}%` };
  }
  const term = trimmed.toLowerCase();
  return { kind: 'text', pattern: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, indexable: term.length >= 3 };
}

export async function listTickets(
  deps: Pick<TicketsDeps, 'db'>,
  auth: AuthContext,
  q: ListTicketsQuery,
): Promise<TicketList> {
  const viewer = viewerOf(auth);
  const openRequest = q.scope === 'all' && q.status === 'Open';
  if (!viewer.isStaff && q.scope === 'all') throw new AppError('forbidden', MESSAGES.forbidden);
  if (openRequest && !hasAnyRole(auth.roles, OPEN_REQUEST_ROLES)) throw new AppError('forbidden', MESSAGES.forbidden);

  let assigneeId: string | null | undefined;
  if (viewer.isStaff) {
    if (q.scope === 'mine' || q.assignee === 'me') assigneeId = auth.user.id;
    else if (q.assignee === 'none') assigneeId = null;
    else assigneeId = q.assignee;
  }
  const after = q.cursor ? cursor.decode(q.cursor) : undefined;
  const rows = await repo.listTickets(deps.db, viewer, {
    // Customers see the tickets they file (their own, joint returns they share), whatever they ask for.
    customerId: viewer.isStaff ? q.customer : undefined,
    filerId: viewer.isStaff ? undefined : auth.user.id,
    status: q.status,
    assigneeId,
    serviceTypeId: q.service_type,
    year: q.year,
    search: q.q ? parseSearch(q.q) : undefined,
    order: openRequest ? 'open_queue' : 'recent',
    after,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next =
    rows.length > q.limit && last
      ? cursor.encode(
          openRequest
            ? { assigned: last.assignee_id !== null, ts: last.k_created, id: last.id }
            : { ts: last.k_updated, id: last.id },
        )
      : null;
  return { items: page.map((r) => toTicketSummary(viewer, auth.roles, r)), next_cursor: next };
}
