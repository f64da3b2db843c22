import type { Language, Progress, StatusChange, TicketSummary } from '@taxportal/contract';

type StatusHistory = { items: StatusChange[] };
import { statusLabelIn } from '../platform/i18n.ts';

/*
 * A ticket's status labels as its reader reads them (issue 31): the statuses' own labels (SPEC §4, a customer's or
 * staff's) in the request's language; a label the firm renamed is its words, shown as written. Applied where a
 * ticket leaves the server (tickets.routes.ts), so the services keep one shape in the firm's words.
 */
const label = (language: Language, status: string, text: string) =>
  statusLabelIn(language, status, 'customer', statusLabelIn(language, status, 'staff', text));

const progressIn = (language: Language, status: string, p: Progress): Progress => ({
  ...p,
  current_label: label(language, status, p.current_label),
  steps: p.steps.map((s) => ({ ...s, label: label(language, s.status, s.label) })),
});

export function ticketIn<T extends Pick<TicketSummary, 'status' | 'status_label'> & { progress?: Progress }>(
  language: Language,
  t: T,
): T {
  if (language === 'en') return t;
  return {
    ...t,
    status_label: label(language, t.status, t.status_label),
    ...(t.progress ? { progress: progressIn(language, t.status, t.progress) } : {}),
  };
}

export function historyIn(language: Language, h: StatusHistory): StatusHistory {
  if (language === 'en') return h;
  return {
    ...h,
    items: h.items.map((i) => ({
      ...i,
      from_label: i.from_status && i.from_label ? label(language, i.from_status, i.from_label) : i.from_label,
      to_label: label(language, i.to_status, i.to_label),
    })),
  };
}
