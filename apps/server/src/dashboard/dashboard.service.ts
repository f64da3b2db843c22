import {
  customerStatusView,
  progressOf,
  type BadgeStyle,
  type CustomerDashboard,
  type CustomerDashboardTicket,
  type Dashboard,
  type StaffDashboard,
  type StaffDashboardTicket,
  type StatusCategory,
  type Language,
  type TicketStatus,
} from '@taxportal/contract';
import { isStaff } from '../platform/auth/guard.ts';
import { statusLabelIn } from '../platform/i18n.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import { ticketStatuses } from '../platform/db/schema.ts';
import * as repo from './dashboard.repository.ts';
import { unsignedLetters } from '../engagement/index.ts';

const WEEKS = 12;
const MEDIAN_SAMPLE = 1000;

/** The dashboard of `auth`, its status labels in the reader's `language`. */
export async function dashboardFor(db: Db, auth: AuthContext, language: Language = 'en'): Promise<Dashboard> {
  return isStaff(auth) ? staffDashboard(db, auth, language) : customerDashboard(db, auth, language);
}

async function customerLabels(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: ticketStatuses.name, customer_label: ticketStatuses.customer_label })
    .from(ticketStatuses);
  return new Map(rows.map((r) => [r.name, r.customer_label]));
}

async function customerDashboard(db: Db, auth: AuthContext, language: Language): Promise<CustomerDashboard> {
  const me = auth.user.id;
  const [labels, tickets, waiting, counts, messages] = await Promise.all([
    customerLabels(db),
    repo.customerTickets(db, me, { waitingOnly: false, limit: 20 }),
    repo.customerTickets(db, me, { waitingOnly: true, limit: 20 }),
    repo.customerCategoryCounts(db, me),
    repo.recentCustomerMessages(db, me, 10),
  ]);
  const toTicket = (r: repo.CustomerTicketRow): CustomerDashboardTicket => {
    const view = customerStatusView(r);
    const label = (s: string, english: string) => statusLabelIn(language, s, 'customer', english);
    return {
      id: r.id,
      name: r.name,
      service_name: r.service_name,
      service_type_name: r.service_type_name,
      year: r.year,
      status: r.status as TicketStatus,
      status_label: label(r.status, view.label),
      badge: r.badge as BadgeStyle,
      status_category: view.category,
      progress: progressOf(
        r.status as TicketStatus,
        view.category,
        (s) => label(s, s === r.status ? view.label : (labels.get(s) ?? s)),
        'customer',
      ),
      unread_count: r.unread_count,
      updated_at: r.updated_at.toISOString(),
    };
  };
  const count = (c: StatusCategory) =>
    counts.filter((x) => customerStatusView(x).category === c).reduce((n, x) => n + x.n, 0);
  return {
    role: 'customer',
    counts: {
      in_progress: count('open'),
      waiting_on_you: count('waiting_on_customer'),
      done: count('done'),
      cancelled: count('cancelled'),
    },
    tickets: tickets.map(toTicket),
    waiting_on_you: waiting.map(toTicket),
    recent_messages: messages.map((m) => ({
      id: m.id,
      ticket_id: m.ticket_id,
      ticket_name: m.ticket_name,
      author: m.author_name === null ? null : { full_name: m.author_name, is_staff: m.author_is_staff === true },
      body: m.body,
      created_at: m.created_at.toISOString(),
    })),
  };
}

const staffTicket =
  (language: Language) =>
  (r: repo.StaffTicketRow): StaffDashboardTicket => ({
    id: r.id,
    name: r.name,
    customer_name: r.customer_name,
    service_name: r.service_name,
    status: r.status as TicketStatus,
    status_label: statusLabelIn(language, r.status, 'staff', r.staff_label),
    badge: r.badge as BadgeStyle,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  });

async function staffDashboard(db: Db, auth: AuthContext, language: Language): Promise<StaffDashboard> {
  const active = await repo.activeStatuses(db);
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [counts, unassigned, mine, weekly, medians, letters] = await Promise.all([
    repo.statusCounts(db),
    repo.openUnassigned(db, 10),
    repo.assignedTo(db, auth.user.id, active, 10),
    repo.openedPerWeek(db, WEEKS),
    repo.medianTimeInStatus(db, MEDIAN_SAMPLE),
    unsignedLetters(db, new Date(), 10),
  ]);
  return {
    role: 'staff',
    counts_by_status: counts.map((c) => ({
      status: c.status as TicketStatus,
      label: statusLabelIn(language, c.status, 'staff', c.staff_label),
      badge: c.badge as BadgeStyle,
      category: c.category as StatusCategory,
      count: c.n,
    })),
    open_unassigned: { count: unassigned.count, items: unassigned.items.map(staffTicket(language)) },
    assigned_to_me: { count: mine.count, items: mine.items.map(staffTicket(language)) },
    opened_per_week: weekly.map((w) => ({ week_start: w.week_start, count: w.n })),
    median_time_in_status: medians.map((m) => ({
      status: m.status as TicketStatus,
      label: statusLabelIn(language, m.status, 'staff', m.staff_label),
      median_seconds: m.median_seconds === null ? null : Math.round(m.median_seconds),
      samples: m.samples,
    })),
    unsigned_letters: letters,
  };
}
