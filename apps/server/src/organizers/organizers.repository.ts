import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../platform/db/client.ts';
import { col, firstRow, rows, rowSchema, type RowOf } from '../platform/db/rows.ts';
import { organizerTemplates, organizerVersions, services, ticketOrganizers, tickets } from '../platform/db/schema.ts';

type Json = Record<string, unknown>;
const answers = z.record(z.string(), z.unknown());

const templateRow = rowSchema({
  id: col.text(),
  name: col.text(),
  service_id: col.text().nullable(),
  service_name: col.text().nullable(),
  tax_year: col.int().nullable(),
  published_version: col.int().nullable(),
  has_draft: col.bool(),
  tickets: col.int(),
  updated_at: col.timestamp(),
});
export type TemplateRow = RowOf<typeof templateRow.shape>;

const templateSelect = sql`select t.id, t.name, t.service_id, s.name as service_name, t.tax_year,
    (select max(v.version) from ${organizerVersions} v where v.template_id = t.id and v.published_at is not null)
      as published_version,
    exists (select 1 from ${organizerVersions} v where v.template_id = t.id and v.published_at is null) as has_draft,
    (select count(*) from ${ticketOrganizers} o where o.template_id = t.id) as tickets,
    t.updated_at
  from ${organizerTemplates} t left join ${services} s on s.id = t.service_id`;

/** The templates not archived, the newest change first. */
export async function listTemplates(db: Tx): Promise<TemplateRow[]> {
  return rows(db, templateRow, sql`${templateSelect} where t.archived_at is null order by t.updated_at desc, t.id`);
}

/** A template not archived; `lock` row-locks it for a change (Admin's edits of one template queue). */
export async function findTemplate(db: Tx, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRow | null> {
  return firstRow(
    db,
    templateRow,
    sql`${templateSelect} where t.id = ${id} and t.archived_at is null ${opts.lock ? sql`for update of t` : sql``}`,
  );
}

export async function serviceExists(db: Tx, id: string): Promise<boolean> {
  const row = await firstRow(db, rowSchema({ id: col.text() }), sql`select id from ${services} where id = ${id}`);
  return row !== null;
}

export async function insertTemplate(
  tx: Tx,
  t: { id: string; name: string; service_id: string | null; tax_year: number | null; created_by: string; at: Date },
): Promise<void> {
  await tx.insert(organizerTemplates).values({
    id: t.id,
    name: t.name,
    service_id: t.service_id,
    tax_year: t.tax_year,
    created_by: t.created_by,
    created_at: t.at,
    updated_at: t.at,
  });
}

export async function updateTemplate(
  tx: Tx,
  id: string,
  t: { name: string; service_id: string | null; tax_year: number | null; at: Date },
): Promise<void> {
  await tx.execute(
    sql`update ${organizerTemplates} set name = ${t.name}, service_id = ${t.service_id}, tax_year = ${t.tax_year},
          updated_at = ${t.at.toISOString()}::timestamptz
        where id = ${id}`,
  );
}

export async function touchTemplate(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update ${organizerTemplates} set updated_at = ${at.toISOString()}::timestamptz where id = ${id}`,
  );
}

/** Archives it; false when there was nothing (left) to archive. */
export async function archiveTemplate(tx: Tx, id: string, at: Date): Promise<boolean> {
  const done = await rows(
    tx,
    rowSchema({ id: col.text() }),
    sql`update ${organizerTemplates} set archived_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
        where id = ${id} and archived_at is null returning id`,
  );
  return done.length > 0;
}

const versionRow = rowSchema({
  id: col.text(),
  template_id: col.text(),
  version: col.int(),
  definition: col.json(),
  published_at: col.timestamp().nullable(),
  created_at: col.timestamp(),
});
export type VersionRow = RowOf<typeof versionRow.shape>;
const versionSelect = sql`select v.id, v.template_id, v.version, v.definition, v.published_at, v.created_at
  from ${organizerVersions} v`;

/** Every version of a template, the newest first. */
export async function listVersions(db: Tx, templateId: string): Promise<VersionRow[]> {
  return rows(db, versionRow, sql`${versionSelect} where v.template_id = ${templateId} order by v.version desc`);
}

export async function findVersion(db: Tx, id: string): Promise<VersionRow | null> {
  return firstRow(db, versionRow, sql`${versionSelect} where v.id = ${id}`);
}

export async function insertVersion(
  tx: Tx,
  v: { id: string; template_id: string; version: number; definition: unknown; created_by: string; at: Date },
): Promise<void> {
  await tx.insert(organizerVersions).values({
    id: v.id,
    template_id: v.template_id,
    version: v.version,
    definition: v.definition,
    created_by: v.created_by,
    created_at: v.at,
    updated_at: v.at,
  });
}

export async function updateDraft(tx: Tx, id: string, definition: unknown, at: Date): Promise<void> {
  await tx.execute(
    sql`update ${organizerVersions} set definition = ${JSON.stringify(definition)}::jsonb,
          updated_at = ${at.toISOString()}::timestamptz
        where id = ${id} and published_at is null`,
  );
}

export async function publishVersion(tx: Tx, id: string, by: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update ${organizerVersions} set published_at = ${at.toISOString()}::timestamptz, published_by = ${by}
        where id = ${id} and published_at is null`,
  );
}

/** The ticket's service and year: what decides which template applies. */
export async function ticketChoice(db: Tx, ticketId: string) {
  return firstRow(
    db,
    rowSchema({ service_id: col.text(), year: col.int() }),
    sql`select service_id, year from ${tickets} where id = ${ticketId}`,
  );
}

const applicableRow = rowSchema({ template_id: col.text(), name: col.text(), version_id: col.text() });

/**
 * The template a ticket of this service and year gets now: published, not archived, the most specific (service
 * and year, then service, then year, then any); among equals the one published last. Its newest published version.
 */
export async function applicableTemplate(db: Tx, serviceId: string, year: number) {
  return firstRow(
    db,
    applicableRow,
    sql`select t.id as template_id, t.name, v.id as version_id
        from ${organizerTemplates} t
        join lateral (
          select v.id, v.published_at from ${organizerVersions} v
          where v.template_id = t.id and v.published_at is not null
          order by v.version desc limit 1
        ) v on true
        where t.archived_at is null
          and (t.service_id = ${serviceId} or t.service_id is null)
          and (t.tax_year = ${year} or t.tax_year is null)
        order by (t.service_id is not null) desc, (t.tax_year is not null) desc, v.published_at desc, t.id
        limit 1`,
  );
}

const ticketOrganizerRow = rowSchema({
  template_id: col.text(),
  name: col.text(),
  version_id: col.text(),
  answers,
  carried: z.array(z.string()),
  carried_from_year: col.int().nullable(),
  carried_from_name: col.text().nullable(),
  updated_at: col.timestamp(),
  revision: col.int(),
});
export type TicketOrganizerRow = RowOf<typeof ticketOrganizerRow.shape>;

/** The ticket's pinned organizer, if its answers were ever saved; `lock`: for the saving transaction. */
export async function findTicketOrganizer(
  db: Tx,
  ticketId: string,
  opts: { lock?: boolean } = {},
): Promise<TicketOrganizerRow | null> {
  return firstRow(
    db,
    ticketOrganizerRow,
    sql`select o.template_id, t.name, o.version_id, o.answers, o.carried, p.year as carried_from_year,
               p.name as carried_from_name, o.updated_at, o.revision
        from ${ticketOrganizers} o join ${organizerTemplates} t on t.id = o.template_id
        left join ${tickets} p on p.id = o.carried_from_ticket_id
        where o.ticket_id = ${ticketId}
        ${opts.lock ? sql`for update of o` : sql``}`,
  );
}

export async function upsertTicketOrganizer(
  tx: Tx,
  r: {
    ticketId: string;
    templateId: string;
    versionId: string;
    answers: Json;
    answered: number;
    required: number;
    /** Carried-forward questions still to confirm. */
    carried: string[];
    /** The row's new revision (the one the save read, plus one). */
    revision: number;
    updatedBy: string;
    at: Date;
  },
): Promise<void> {
  const at = sql`${r.at.toISOString()}::timestamptz`;
  await tx.execute(
    sql`insert into ${ticketOrganizers} (ticket_id, template_id, version_id, answers, answered, required, carried,
                                         revision, updated_by, updated_at)
        values (${r.ticketId}, ${r.templateId}, ${r.versionId}, ${JSON.stringify(r.answers)}::jsonb, ${r.answered},
                ${r.required}, ${JSON.stringify(r.carried)}::jsonb, ${r.revision}, ${r.updatedBy}, ${at})
        on conflict (ticket_id) do update set
          answers = excluded.answers, answered = excluded.answered, required = excluded.required,
          carried = excluded.carried, revision = excluded.revision, updated_by = excluded.updated_by,
          updated_at = excluded.updated_at`,
  );
}

/**
 * A ticket's organizer started from an earlier one's answers (nobody has saved it: `updated_by` null). Another tab
 * that got there first keeps its own (nothing is written).
 */
export async function insertCarriedOrganizer(
  tx: Tx,
  r: {
    ticketId: string;
    templateId: string;
    versionId: string;
    answers: Json;
    carried: string[];
    fromTicketId: string;
    answered: number;
    required: number;
    at: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into ${ticketOrganizers} (ticket_id, template_id, version_id, answers, carried, carried_from_ticket_id,
                                         answered, required, updated_by, updated_at)
        values (${r.ticketId}, ${r.templateId}, ${r.versionId}, ${JSON.stringify(r.answers)}::jsonb,
                ${JSON.stringify(r.carried)}::jsonb, ${r.fromTicketId}, ${r.answered}, ${r.required}, null,
                ${r.at.toISOString()}::timestamptz)
        on conflict (ticket_id) do nothing`,
  );
}

const earlierRow = rowSchema({ ticket_id: col.text(), year: col.int(), version_id: col.text(), answers });

/**
 * The customer's organizer of the latest earlier tax year that a person saved (not a carried copy nobody touched):
 * where this year's starts from.
 */
export async function earlierOrganizer(db: Tx, customerId: string, ticketId: string, year: number) {
  return firstRow(
    db,
    earlierRow,
    sql`select o.ticket_id, k.year, o.version_id, o.answers
        from ${ticketOrganizers} o join ${tickets} k on k.id = o.ticket_id
        where k.customer_id = ${customerId} and k.id <> ${ticketId} and k.year < ${year}
          and o.updated_by is not null
        order by k.year desc, o.updated_at desc
        limit 1`,
  );
}
