import {
  draftSchema,
  progressOf,
  sessionSchema,
  STATUS_DEFINITIONS,
  ticketDetailSchema,
  type Draft,
  type Session,
  type TicketDetail,
} from '@taxportal/contract';

/*
 * Test fixtures built through the contract's schemas: a field the contract adds, renames or retypes breaks the
 * tests that use them, where a partial object cast to the type would hide it. Each takes the fields a test cares
 * about; the rest are plausible defaults.
 */

/** A signed-in session (a Tax Preparer unless `over` says otherwise). */
export function aSession(over: Partial<Session> = {}): Session {
  return sessionSchema.parse({
    user: { id: 'p1', full_name: 'Parker Preparer', email: 'p@x.test', phone: null },
    roles: ['Tax Preparer'],
    login_role: 'Tax Preparer',
    currency: 'USD',
    statuses: STATUS_DEFINITIONS,
    referral_code: null,
    ...over,
  });
}

/** GET /api/v1/tickets/:id as staff read it; the status view and progress follow `over.status`. */
export function aTicketDetail(over: Partial<TicketDetail> = {}): TicketDetail {
  const status = over.status ?? 'Open';
  const definition = STATUS_DEFINITIONS.find((s) => s.name === status)!;
  return ticketDetailSchema.parse({
    id: 't1',
    name: 'TD.0001',
    customer: { id: 'c1', full_name: 'Casey Customer', email: 'c@x.test' },
    service: { id: 's1', name: 'Individual Tax Return', price_cents: 25_000, currency: 'USD' },
    service_type: { id: 'st1', name: 'Personal' },
    year: 2025,
    phone: null,
    status,
    status_label: definition.staff_label,
    badge: definition.badge,
    status_category: definition.category,
    assignee: null,
    allowed_statuses: [],
    unread_count: 0,
    version: 1,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    progress: progressOf(status, definition.category, (s) => s),
    status_changed_at: '2026-03-01T09:00:00.000Z',
    last_message_at: null,
    moves_by_others: [],
    system_moves: [],
    ...over,
  });
}

/** A tax draft of a ticket, pending the customer's decision. */
export function aDraft(over: Partial<Draft> & Pick<Draft, 'version'>): Draft {
  return draftSchema.parse({
    id: `d${over.version}`,
    ticket_id: 't1',
    label: 'Draft',
    status: 'pending',
    is_current: true,
    superseded_by_version: null,
    note: null,
    document_id: `doc${over.version}`,
    file_name: `draft-v${over.version}.pdf`,
    size_bytes: 1000,
    uploaded_by: { id: 's1', full_name: 'Parker Preparer' },
    created_at: '2026-03-01T10:00:00.000Z',
    decided_by: null,
    decided_at: null,
    decision_message: null,
    ...over,
  });
}
