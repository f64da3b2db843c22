import { sql } from 'drizzle-orm';
import { QUESTIONNAIRE_SECTIONS, type QuestionnaireSection } from '@taxportal/contract';
import { z } from 'zod';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { questionnaireAnswers, services, tickets } from '../platform/db/schema.ts';
import { filedBySql } from '../tickets/index.ts';

const answers = z.record(z.string(), z.unknown());
const sectionRow = rowSchema({
  section: z.enum(QUESTIONNAIRE_SECTIONS),
  answers,
  answered: col.int(),
  required: col.int(),
  prefilled_from_ticket_id: col.text().nullable(),
  prefilled_from_name: col.text().nullable(),
  updated_at: col.timestamp().nullable(),
  carried_over: col.bool(),
});
export type SectionRow = RowOf<typeof sectionRow.shape>;

export async function listSections(db: Tx, ticketId: string): Promise<SectionRow[]> {
  return rows(
    db,
    sectionRow,
    sql`select q.section, q.answers, q.answered, q.required, q.prefilled_from_ticket_id, p.name as prefilled_from_name,
               q.updated_at, (q.prefilled_from_ticket_id is not null and q.updated_by is null) as carried_over
        from ${questionnaireAnswers} q left join ${tickets} p on p.id = q.prefilled_from_ticket_id
        where q.ticket_id = ${ticketId}`,
  );
}

/** The section's stored answers, locked until the saving transaction ends (saves of one section queue). */
export async function lockSection(
  tx: Tx,
  ticketId: string,
  section: QuestionnaireSection,
): Promise<Record<string, unknown> | null> {
  const row = await firstRow(
    tx,
    rowSchema({ answers }),
    sql`select answers from ${questionnaireAnswers} where ticket_id = ${ticketId} and section = ${section} for update`,
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

/**
 * The customer's newest other ticket with answers a person gave (not only answers carried over, which are copies):
 * the source of a prefill.
 */
export async function previousAnsweredTicket(db: Tx, customerId: string, exceptTicketId: string) {
  const row = await firstRow(
    db,
    rowSchema({ id: col.text() }),
    sql`select t.id from ${tickets} t
        where t.customer_id = ${customerId} and t.id <> ${exceptTicketId}
          and exists (select 1 from ${questionnaireAnswers} q where q.ticket_id = t.id and q.answered > 0 and q.updated_by is not null)
        order by t.created_at desc, t.number desc limit 1`,
  );
  return row?.id ?? null;
}

/**
 * The customer's ticket of the latest tax year before `year` whose questionnaire a person saved (not only answers
 * carried over): where an organizer of a later year carries from.
 */
export async function earlierAnsweredTicket(db: Tx, customerId: string, exceptTicketId: string, year: number) {
  return firstRow(
    db,
    rowSchema({ id: col.text(), year: col.int() }),
    sql`select t.id, t.year from ${tickets} t
        where t.customer_id = ${customerId} and t.id <> ${exceptTicketId} and t.year < ${year}
          and exists (select 1 from ${questionnaireAnswers} q where q.ticket_id = t.id and q.updated_by is not null)
        order by t.year desc, t.created_at desc, t.number desc limit 1`,
  );
}

const summaryRow = rowSchema({
  ticket_id: col.text(),
  customer_id: col.text(),
  ticket_name: col.text(),
  service_name: col.text(),
  year: col.int(),
  status: col.text(),
  answered: col.int().nullable(),
  required: col.int().nullable(),
  /** Comma-separated sections that have a row. */
  sections: col.text().nullable(),
  updated_at: col.timestamp().nullable(),
  created_at: col.timestamp(),
});
export type SummaryRow = RowOf<typeof summaryRow.shape>;

/**
 * Every ticket a customer files (their own, joint returns: tickets' filedBySql) with its questionnaire's
 * answered/required totals, newest ticket first.
 */
export async function summaries(db: Tx, customerId: string): Promise<SummaryRow[]> {
  return rows(
    db,
    summaryRow,
    sql`select t.id as ticket_id, t.customer_id, t.name as ticket_name, s.name as service_name, t.year, t.status,
               sum(q.answered)::int as answered, sum(q.required)::int as required, string_agg(q.section, ',') as sections, max(q.updated_at) as updated_at,
               t.created_at
        from ${tickets} t join ${services} s on s.id = t.service_id
        left join ${questionnaireAnswers} q on q.ticket_id = t.id
        where ${filedBySql('t', customerId)}
        group by t.id, t.customer_id, t.name, s.name, t.year, t.status, t.created_at, t.number
        order by t.created_at desc, t.number desc
        limit 200`,
  );
}

/** The questionnaire sections whose answers ask for documents on this ticket's service (Service.document_sections). */
export async function documentSectionsOf(db: Tx, ticketId: string): Promise<string[]> {
  const row = await firstRow(
    db,
    rowSchema({ document_sections: z.array(z.string()) }),
    sql`select s.document_sections from ${tickets} t join ${services} s on s.id = t.service_id where t.id = ${ticketId}`,
  );
  return row?.document_sections ?? [];
}
