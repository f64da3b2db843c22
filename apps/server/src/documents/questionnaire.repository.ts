import { sql } from 'drizzle-orm';
import type { QuestionnaireSection } from '@taxportal/contract';
import { queryRows, type Tx } from '../platform/db/client.ts';

export interface SectionRow {
  section: QuestionnaireSection;
  answers: Record<string, unknown>;
  answered: number;
  required: number;
  prefilled_from_ticket_id: string | null;
  prefilled_from_name: string | null;
  updated_at: Date | string | null;
}

export async function listSections(db: Tx, ticketId: string): Promise<SectionRow[]> {
  return queryRows<SectionRow>(
    db,
    sql`select q.section, q.answers, q.answered, q.required, q.prefilled_from_ticket_id, p.name as prefilled_from_name,
               q.updated_at
        from questionnaire_answers q left join tickets p on p.id = q.prefilled_from_ticket_id
        where q.ticket_id = ${ticketId}`,
  );
}

/** The section's stored answers, locked until the saving transaction ends (saves of one section queue). */
export async function lockSection(
  tx: Tx,
  ticketId: string,
  section: QuestionnaireSection,
): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ answers: Record<string, unknown> }>(
    tx,
    sql`select answers from questionnaire_answers where ticket_id = ${ticketId} and section = ${section} for update`,
  );
  return row?.answers ?? null;
}

export async function upsertSection(
  tx: Tx,
  r: {
    ticketId: string;
    customerId: string;
    section: QuestionnaireSection;
    answers: Record<string, unknown>;
    answered: number;
    required: number;
    updatedBy: string | null;
    updatedAt: Date | null;
    prefilledFrom?: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into questionnaire_answers
          (ticket_id, section, customer_id, answers, answered, required, prefilled_from_ticket_id, updated_by, updated_at)
        values (${r.ticketId}, ${r.section}, ${r.customerId}, ${JSON.stringify(r.answers)}::jsonb, ${r.answered},
                ${r.required}, ${r.prefilledFrom ?? null}, ${r.updatedBy},
                ${r.updatedAt ? sql`${r.updatedAt.toISOString()}::timestamptz` : sql`null`})
        on conflict (ticket_id, section) do update set
          answers = excluded.answers, answered = excluded.answered, required = excluded.required,
          updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
}

/** The customer's newest other ticket that has answers: the source of a prefill. */
export async function previousAnsweredTicket(db: Tx, customerId: string, exceptTicketId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select t.id from tickets t
        where t.customer_id = ${customerId} and t.id <> ${exceptTicketId}
          and exists (select 1 from questionnaire_answers q where q.ticket_id = t.id and q.answered > 0)
        order by t.created_at desc, t.number desc limit 1`,
  );
  return row?.id ?? null;
}

export interface SummaryRow {
  ticket_id: string;
  ticket_name: string;
  service_name: string;
  year: number;
  status: string;
  answered: number | null;
  required: number | null;
  /** Comma-separated sections that have a row. */
  sections: string | null;
  updated_at: Date | string | null;
  created_at: Date | string;
}

/** Every ticket of a customer with its questionnaire's answered/required totals, newest ticket first. */
export async function summaries(db: Tx, customerId: string): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    db,
    sql`select t.id as ticket_id, t.name as ticket_name, s.name as service_name, t.year, t.status,
               sum(q.answered)::int as answered, sum(q.required)::int as required, string_agg(q.section, ',') as sections, max(q.updated_at) as updated_at,
               t.created_at
        from tickets t join services s on s.id = t.service_id
        left join questionnaire_answers q on q.ticket_id = t.id
        where t.customer_id = ${customerId}
        group by t.id, t.name, s.name, t.year, t.status, t.created_at, t.number
        order by t.created_at desc, t.number desc
        limit 200`,
  );
}
