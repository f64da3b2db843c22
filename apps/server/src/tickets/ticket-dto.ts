import {
  customerStatusView,
  progressOf,
  type BadgeStyle,
  type TicketMessage,
  type Role,
  type StatusCategory,
  type TicketDetail,
  type TicketStatus,
  type TicketSummary,
} from '@taxportal/contract';
import { languageOrNull } from '../platform/users.ts';
import type { MessageRow } from './messages.repository.ts';
import { holdRefuses, type TicketHold } from './ticket-holds.ts';
import { allowedMoves, movesByOthers, systemMovesFrom } from './ticket-transitions.ts';
import type { TicketRow, Viewer } from './tickets.repository.ts';

export interface StatusLabels {
  staff_label: string;
  customer_label: string;
  category: string;
}
export type LabelMap = Map<string, StatusLabels>;

export const labelFor = (viewer: Viewer, s: { staff_label: string; customer_label: string }) =>
  viewer.isStaff ? s.staff_label : s.customer_label;

/** Staff read the pipeline's status; customers its customer view (customerStatusView). */
const statusViewOf = (viewer: Viewer, r: TicketRow): { label: string; category: StatusCategory } =>
  viewer.isStaff ? { label: r.staff_label, category: r.category as StatusCategory } : customerStatusView(r);

export function toTicketSummary(viewer: Viewer, roles: readonly Role[], r: TicketRow): TicketSummary {
  const view = statusViewOf(viewer, r);
  return {
    id: r.id,
    name: r.name,
    customer: {
      id: r.customer_id,
      full_name: r.customer_name,
      email: r.customer_email,
      language: languageOrNull(r.customer_language),
    },
    spouse: r.spouse_id ? { id: r.spouse_id, full_name: r.spouse_name ?? '' } : null,
    service: { id: r.service_id, name: r.service_name },
    service_type: { id: r.service_type_id, name: r.service_type_name },
    year: r.year,
    phone: r.phone,
    status: r.status as TicketStatus,
    status_label: view.label,
    badge: r.badge as BadgeStyle,
    status_category: view.category,
    assignee: r.assignee_id ? { id: r.assignee_id, full_name: r.assignee_name ?? '' } : null,
    allowed_statuses: allowedMoves(roles, r.status as TicketStatus),
    unread_count: Number(r.unread_count),
    version: r.version,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The ticket in full; `hold`: a feature's hold on it where it is (ticket-holds.ts), shown to staff. */
export function toTicketDetail(
  viewer: Viewer,
  roles: readonly Role[],
  r: TicketRow,
  labels: LabelMap,
  hold: TicketHold | null = null,
): TicketDetail {
  const summary = toTicketSummary(viewer, roles, r);
  const status = r.status as TicketStatus;
  // The current step reads as the ticket does (for a customer, possibly "Invoice ready to pay").
  const labelOf = (s: TicketStatus) => {
    if (s === status) return summary.status_label;
    const l = labels.get(s);
    return l ? labelFor(viewer, l) : s;
  };
  return {
    ...summary,
    service: { id: r.service_id, name: r.service_name, price_cents: r.price_cents, currency: r.currency },
    progress: progressOf(status, summary.status_category, labelOf, viewer.isStaff ? 'staff' : 'customer'),
    status_changed_at: r.status_changed_at.toISOString(),
    last_message_at: r.last_message_at?.toISOString() ?? null,
    moves_by_others: viewer.isStaff ? movesByOthers(roles, status) : [],
    // A held ticket does not move by itself either (ticket-holds.ts): those moves are not promised.
    system_moves: viewer.isStaff ? systemMovesFrom(status).filter((m) => !holdRefuses(hold, m.status)) : [],
    hold: viewer.isStaff && hold ? { reason: hold.reason, allows: [...hold.allows] } : null,
  };
}

export function toMessage(r: MessageRow): TicketMessage {
  return {
    id: r.id,
    ticket_id: r.ticket_id,
    body: r.body,
    internal: r.internal,
    author: r.author_id
      ? { id: r.author_id, full_name: r.author_name ?? '', is_staff: r.author_is_staff === true }
      : null,
    document_ids: Array.isArray(r.document_ids) ? r.document_ids : [],
    created_at: r.created_at.toISOString(),
  };
}
