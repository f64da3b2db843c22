import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  engagementLetterSigners,
  engagementLetters,
  engagementTemplates,
  engagementTemplateVersions,
  serviceTypes,
  services,
  siteSettings,
  tickets,
  users,
} from '../platform/db/schema.ts';
import type { Tx } from '../platform/db/client.ts';

/** Engagement letters' SQL (docs/decisions/0036): templates and versions, letters and their signers, the setting. */

export type TemplateRow = typeof engagementTemplates.$inferSelect & { service_type_name: string | null };
export type LetterRow = typeof engagementLetters.$inferSelect;
export type SignerRow = typeof engagementLetterSigners.$inferSelect;

const templateColumns = {
  id: engagementTemplates.id,
  name: engagementTemplates.name,
  service_type_id: engagementTemplates.service_type_id,
  is_default: engagementTemplates.is_default,
  version: engagementTemplates.version,
  created_by: engagementTemplates.created_by,
  created_at: engagementTemplates.created_at,
  updated_at: engagementTemplates.updated_at,
  service_type_name: serviceTypes.name,
};

export const listTemplates = (db: Tx): Promise<TemplateRow[]> =>
  db
    .select(templateColumns)
    .from(engagementTemplates)
    .leftJoin(serviceTypes, eq(serviceTypes.id, engagementTemplates.service_type_id))
    .orderBy(asc(engagementTemplates.name), asc(engagementTemplates.id));

export async function findTemplate(db: Tx, id: string, opts: { lock?: boolean } = {}): Promise<TemplateRow | null> {
  const q = db
    .select(templateColumns)
    .from(engagementTemplates)
    .leftJoin(serviceTypes, eq(serviceTypes.id, engagementTemplates.service_type_id))
    .where(eq(engagementTemplates.id, id));
  const [row] = opts.lock ? await q.for('update', { of: engagementTemplates }) : await q;
  return row ?? null;
}

/** The default template for a service type, else the default for any type; null without one. */
export async function defaultTemplateFor(db: Tx, serviceTypeId: string | null): Promise<TemplateRow | null> {
  const rows = await db
    .select(templateColumns)
    .from(engagementTemplates)
    .leftJoin(serviceTypes, eq(serviceTypes.id, engagementTemplates.service_type_id))
    .where(
      and(
        eq(engagementTemplates.is_default, true),
        serviceTypeId
          ? or(eq(engagementTemplates.service_type_id, serviceTypeId), isNull(engagementTemplates.service_type_id))
          : isNull(engagementTemplates.service_type_id),
      ),
    );
  return rows.find((r) => r.service_type_id !== null) ?? rows[0] ?? null;
}

export async function insertTemplate(tx: Tx, row: typeof engagementTemplates.$inferInsert) {
  await tx.insert(engagementTemplates).values(row);
}

export async function updateTemplate(tx: Tx, id: string, set: Partial<typeof engagementTemplates.$inferInsert>) {
  await tx.update(engagementTemplates).set(set).where(eq(engagementTemplates.id, id));
}

/** No other template stays the default of this service type (one default per type). */
export async function clearDefault(tx: Tx, serviceTypeId: string | null, exceptId: string) {
  // Two Admins making a default at once take turns: the partial unique index never sees two.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engagement-template-default'))`);
  await tx
    .update(engagementTemplates)
    .set({ is_default: false })
    .where(
      and(
        eq(engagementTemplates.is_default, true),
        sql`coalesce(${engagementTemplates.service_type_id}, '') = ${serviceTypeId ?? ''}`,
        sql`${engagementTemplates.id} <> ${exceptId}`,
      ),
    );
}

export async function insertVersion(tx: Tx, row: typeof engagementTemplateVersions.$inferInsert) {
  await tx.insert(engagementTemplateVersions).values(row);
}

export const versionsOf = (db: Tx, templateId: string) =>
  db
    .select()
    .from(engagementTemplateVersions)
    .where(eq(engagementTemplateVersions.template_id, templateId))
    .orderBy(desc(engagementTemplateVersions.version));

export async function versionBody(db: Tx, templateId: string, version: number): Promise<string | null> {
  const [row] = await db
    .select({ body: engagementTemplateVersions.body })
    .from(engagementTemplateVersions)
    .where(
      and(eq(engagementTemplateVersions.template_id, templateId), eq(engagementTemplateVersions.version, version)),
    );
  return row?.body ?? null;
}

export async function serviceTypeExists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: serviceTypes.id }).from(serviceTypes).where(eq(serviceTypes.id, id));
  return !!row;
}

// ---- The setting ----

type SettingsValue = { expiry_days?: unknown; hold_at_open_until_signed?: unknown };
export async function settingsValue(db: Tx): Promise<SettingsValue | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'engagement'));
  return row && typeof row.value === 'object' && row.value !== null ? (row.value as SettingsValue) : null;
}

export async function saveSettings(db: Tx, value: { expiry_days: number; hold_at_open_until_signed: boolean }) {
  await db
    .insert(siteSettings)
    .values({ key: 'engagement', value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

/**
 * The letters that speak for a ticket at the hold at Open (engagement-hold.ts): its own, and its customer's letter for
 * the ticket's tax year made without a ticket (a client's-year letter). Whether one is signed, and whether one waits
 * for the client (sent or viewed, not past its expiry on the database's clock).
 */
export async function ticketLetterStanding(
  db: Tx,
  ticketId: string,
): Promise<{ signed: boolean; pending: boolean; ended: boolean }> {
  const [row] = await db
    .select({
      signed: sql<boolean>`coalesce(bool_or(${engagementLetters.state} = 'signed'), false)`,
      // A letter that was sent and came to nothing: declined, voided, expired (or past its expiry, not yet scanned).
      ended: sql<boolean>`coalesce(bool_or(${engagementLetters.state} in ('declined', 'voided', 'expired') or (${engagementLetters.state} in ('sent', 'viewed') and ${engagementLetters.expires_at} <= now())), false)`,
      pending: sql<boolean>`coalesce(bool_or(${engagementLetters.state} in ('sent', 'viewed') and (${engagementLetters.expires_at} is null or ${engagementLetters.expires_at} > now())), false)`,
    })
    .from(engagementLetters)
    .innerJoin(tickets, eq(tickets.id, ticketId))
    .where(
      or(
        eq(engagementLetters.ticket_id, ticketId),
        and(
          isNull(engagementLetters.ticket_id),
          eq(engagementLetters.customer_id, tickets.customer_id),
          eq(engagementLetters.tax_year, tickets.year),
        ),
      ),
    );
  return { signed: row?.signed === true, pending: row?.pending === true, ended: row?.ended === true };
}

// ---- Letters ----

/** A ticket as a letter needs it: its filers, its service (with the catalogue's price) and year. */
export async function ticketForLetter(db: Tx, ticketId: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      name: tickets.name,
      customer_id: tickets.customer_id,
      spouse_id: tickets.spouse_id,
      year: tickets.year,
      service_type_id: tickets.service_type_id,
      service_name: services.name,
      price_cents: services.price_cents,
    })
    .from(tickets)
    .innerJoin(services, eq(services.id, tickets.service_id))
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}

export async function person(db: Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function insertLetter(tx: Tx, row: typeof engagementLetters.$inferInsert) {
  await tx.insert(engagementLetters).values(row);
}

export async function findLetter(db: Tx, id: string, opts: { lock?: boolean } = {}): Promise<LetterRow | null> {
  const q = db.select().from(engagementLetters).where(eq(engagementLetters.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateLetter(tx: Tx, id: string, set: Partial<typeof engagementLetters.$inferInsert>) {
  await tx
    .update(engagementLetters)
    .set({ ...set, updated_at: sql`now()` })
    .where(eq(engagementLetters.id, id));
}

/** Letters with their client's name and ticket's name, newest first; `where` filters (at most 500). */
export const listLetters = (db: Tx, where: SQL | undefined) =>
  db
    .select({
      id: engagementLetters.id,
      state: engagementLetters.state,
      ticket_id: engagementLetters.ticket_id,
      ticket_name: tickets.name,
      customer_id: engagementLetters.customer_id,
      customer_name: users.full_name,
      tax_year: engagementLetters.tax_year,
      total_cents: engagementLetters.total_cents,
      deposit_cents: engagementLetters.deposit_cents,
      sent_at: engagementLetters.sent_at,
      expires_at: engagementLetters.expires_at,
      signed_at: engagementLetters.signed_at,
      created_at: engagementLetters.created_at,
    })
    .from(engagementLetters)
    .innerJoin(users, eq(users.id, engagementLetters.customer_id))
    .leftJoin(tickets, eq(tickets.id, engagementLetters.ticket_id))
    .where(where)
    .orderBy(desc(engagementLetters.created_at), desc(engagementLetters.id))
    .limit(500);

export const signersOf = (db: Tx, letterId: string): Promise<SignerRow[]> =>
  db
    .select()
    .from(engagementLetterSigners)
    .where(eq(engagementLetterSigners.letter_id, letterId))
    .orderBy(desc(engagementLetterSigners.role));

export async function insertSigners(tx: Tx, rows: (typeof engagementLetterSigners.$inferInsert)[]) {
  if (rows.length) await tx.insert(engagementLetterSigners).values(rows);
}

export async function updateSigner(
  tx: Tx,
  letterId: string,
  role: string,
  set: Partial<typeof engagementLetterSigners.$inferInsert>,
) {
  await tx
    .update(engagementLetterSigners)
    .set(set)
    .where(and(eq(engagementLetterSigners.letter_id, letterId), eq(engagementLetterSigners.role, role)));
}

export async function countFailure(tx: Tx, letterId: string, role: string) {
  await tx
    .update(engagementLetterSigners)
    .set({ failures: sql`${engagementLetterSigners.failures} + 1` })
    .where(and(eq(engagementLetterSigners.letter_id, letterId), eq(engagementLetterSigners.role, role)));
}

export const inStates = (states: readonly string[]) => inArray(engagementLetters.state, [...states]);

/** A ticket's letters that speak for it now: waiting for signature (sent, viewed) or signed. */
export const liveLettersOfTicket = (db: Tx, ticketId: string): Promise<LetterRow[]> =>
  db
    .select()
    .from(engagementLetters)
    .where(
      and(eq(engagementLetters.ticket_id, ticketId), inArray(engagementLetters.state, ['sent', 'viewed', 'signed'])),
    );

/** The unique index that keeps one open letter per ticket (a race past the service's check). */
export const ONE_OPEN_LETTER_INDEX = 'engagement_letters_one_open_per_ticket';

/**
 * A client's letters for a year without a ticket (a client's-year letter) that speak for that year now: waiting for
 * signature or signed. Under a lock of that client and year, held to the transaction's end: two at once make one.
 */
export async function liveYearLetters(db: Tx, customerId: string, year: number): Promise<LetterRow[]> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`engagement-year:${customerId}:${year}`}))`);
  return db
    .select()
    .from(engagementLetters)
    .where(
      and(
        isNull(engagementLetters.ticket_id),
        eq(engagementLetters.customer_id, customerId),
        eq(engagementLetters.tax_year, year),
        inArray(engagementLetters.state, ['sent', 'viewed', 'signed']),
      ),
    );
}

/**
 * A client's ticket letters for a year (their tickets of that year) waiting for signature or signed: a client's-year
 * letter is refused beside them, as a ticket letter is beside a year letter (liveYearLetters' lock serialises both).
 */
export const liveTicketLettersOfYear = (db: Tx, customerId: string, year: number): Promise<LetterRow[]> =>
  db
    .select()
    .from(engagementLetters)
    .where(
      and(
        isNotNull(engagementLetters.ticket_id),
        eq(engagementLetters.customer_id, customerId),
        eq(engagementLetters.tax_year, year),
        inArray(engagementLetters.state, ['sent', 'viewed', 'signed']),
      ),
    );

/** The unique index that keeps one open client's-year letter per client and year. */
export const ONE_OPEN_YEAR_LETTER_INDEX = 'engagement_letters_one_open_per_year';
