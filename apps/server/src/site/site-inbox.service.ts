import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import {
  emailSchema,
  INBOX_PAGE_SIZE,
  MESSAGES,
  textIn,
  type ContactEnquiryBody,
  type Enquiry,
  type FormField,
  type WebFormData,
} from '@taxportal/contract';
import { z } from 'zod';
import { notifyUsers } from '../notifications/index.ts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import {
  contactEnquiries,
  contactEnquiryReplies,
  formSubmissions,
  siteEntries,
  tickets,
  users,
} from '../platform/db/schema.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import * as repo from './site.repository.ts';
import { sanitizePlainText } from './site.sanitize.ts';

export interface InboxDeps {
  db: Db;
  hub: RealtimeHub;
  /** The process clock, for time-to-submit (epoch ms). */
  now: () => number;
}

/** Who hears about a new enquiry: the people who answer Open Requests. */
const NOTIFIED_ROLES = ['Admin', 'Customer Care Department'] as const;
/** A person needs a few seconds to fill a form; a script posting at once is turned away. */
export const MIN_FILL_MS = 3000;
const tooFast = () =>
  new AppError('validation', 'Please take a moment to fill in the form, then send it again.', {
    errors: [{ field: 'started_at', message: 'Sent too quickly' }],
  });
/** The spam checks every public form shares: a bot filling the honeypot is answered as if sent, nothing kept. */
function isSpam(deps: InboxDeps, body: { website?: string; started_at: number }): boolean {
  if (body.website && body.website.trim() !== '') return true;
  if (deps.now() - body.started_at < MIN_FILL_MS) throw tooFast();
  return false;
}
const SUBMITTED = { status: 'Success' as const, message: MESSAGES.submittedSuccessfully };

async function notifyStaff(deps: InboxDeps, title: string, body: string, run: (tx: Db) => Promise<void>) {
  const after = await deps.db.transaction(async (tx) => {
    await run(tx as unknown as Db);
    const staff = await repo.usersWithRoles(tx, NOTIFIED_ROLES);
    return notifyUsers(tx, deps, staff, { kind: 'enquiry', title, body });
  });
  await after();
}

export async function sendContactEnquiry(deps: InboxDeps, input: ContactEnquiryBody & { started_at: number }) {
  if (isSpam(deps, input)) return SUBMITTED;
  const id = randomUUID();
  const name = sanitizePlainText(input.name);
  await notifyStaff(
    deps,
    `New enquiry from ${name}`,
    sanitizePlainText(input.subject ?? '') || 'Contact form',
    async (tx) => {
      await tx.insert(contactEnquiries).values({
        id,
        name,
        email: input.email,
        phone: sanitizePlainText(input.phone ?? ''),
        subject: sanitizePlainText(input.subject ?? ''),
        message: sanitizePlainText(input.message),
      });
    },
  );
  return SUBMITTED;
}

const enquiryColumns = {
  id: contactEnquiries.id,
  name: contactEnquiries.name,
  email: contactEnquiries.email,
  phone: contactEnquiries.phone,
  subject: contactEnquiries.subject,
  message: contactEnquiries.message,
  status: contactEnquiries.status,
  created_at: contactEnquiries.created_at,
  handled_at: contactEnquiries.handled_at,
  handled_by_name: users.full_name,
  customer_id: contactEnquiries.customer_id,
  ticket_id: contactEnquiries.ticket_id,
  ticket_name: tickets.name,
};
type EnquiryRow = { [K in keyof typeof enquiryColumns]: unknown } & {
  created_at: Date;
  handled_at: Date | null;
};
const enquiryDto = (r: EnquiryRow, replies: Enquiry['replies'] = []): Enquiry => ({
  id: String(r.id),
  name: String(r.name),
  email: String(r.email),
  phone: String(r.phone),
  subject: String(r.subject),
  message: String(r.message),
  status: r.status === 'handled' ? 'handled' : 'new',
  created_at: r.created_at.toISOString(),
  handled_at: r.handled_at ? r.handled_at.toISOString() : null,
  handled_by_name: (r.handled_by_name as string | null) ?? null,
  customer_id: (r.customer_id as string | null) ?? null,
  ticket_id: (r.ticket_id as string | null) ?? null,
  ticket_name: (r.ticket_name as string | null) ?? null,
  replies,
});

const selectEnquiries = (db: Tx) =>
  db
    .select(enquiryColumns)
    .from(contactEnquiries)
    .leftJoin(users, eq(users.id, contactEnquiries.handled_by))
    .leftJoin(tickets, eq(tickets.id, contactEnquiries.ticket_id));

/** The inbox's order: what still needs an answer first, then newest first. */
const unhandledFirst = (status: AnyColumn, created: AnyColumn, id: AnyColumn) => [
  sql`(${status} = 'new') desc`,
  desc(created),
  asc(id),
];
const pageOf = <T>(items: T[], total: number, page: number) => ({
  items,
  total,
  page,
  page_size: INBOX_PAGE_SIZE,
});

export async function listEnquiries(db: Db, q: { status?: 'new' | 'handled' | undefined; page: number }) {
  const where = q.status ? eq(contactEnquiries.status, q.status) : undefined;
  const rows = await selectEnquiries(db)
    .where(where)
    .orderBy(...unhandledFirst(contactEnquiries.status, contactEnquiries.created_at, contactEnquiries.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((q.page - 1) * INBOX_PAGE_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactEnquiries)
    .where(where);
  return pageOf(
    rows.map((r) => enquiryDto(r)),
    count?.n ?? 0,
    q.page,
  );
}

export async function getEnquiry(db: Tx, id: string) {
  const [row] = await selectEnquiries(db).where(eq(contactEnquiries.id, id));
  if (!row) throw notFound(MESSAGES.notFound);
  const replies = await db
    .select({
      id: contactEnquiryReplies.id,
      text: contactEnquiryReplies.text,
      author_name: users.full_name,
      created_at: contactEnquiryReplies.created_at,
    })
    .from(contactEnquiryReplies)
    .leftJoin(users, eq(users.id, contactEnquiryReplies.author_id))
    .where(eq(contactEnquiryReplies.enquiry_id, id))
    .orderBy(asc(contactEnquiryReplies.created_at));
  return enquiryDto(
    row,
    replies.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  );
}

export async function markEnquiryHandled(db: Db, actor: { userId: string; ip: string }, id: string) {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(contactEnquiries)
      .set({ status: 'handled', handled_at: new Date(), handled_by: actor.userId })
      .where(and(eq(contactEnquiries.id, id), eq(contactEnquiries.status, 'new')))
      .returning({ id: contactEnquiries.id });
    if (done.length)
      await audit(tx, {
        actorId: actor.userId,
        action: 'site.enquiry_handled',
        entityType: 'contact_enquiry',
        entityId: id,
        ip: actor.ip,
      });
  });
  return getEnquiry(db, id);
}

// Web forms: each submission is checked against the form's definition.
type Value = string | number | boolean | null;
const refuse = (field: string, message: string) =>
  new AppError('validation', message, { errors: [{ field, message }] });
const isBlank = (v: Value | undefined) => v === undefined || v === null || v === '' || v === false;
const PHONE = /^\+?[\d\s().-]{7,25}$/;

function checkField(f: FormField, raw: Value | undefined, path: string): Value {
  const label = textIn(f.label);
  if (isBlank(raw)) {
    if (f.required) throw refuse(path, `${label} is required`);
    return f.type === 'checkbox' ? false : null;
  }
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (f.type) {
    case 'checkbox':
      if (typeof raw !== 'boolean') throw refuse(path, `${label}: tick or leave it`);
      return raw;
    case 'number': {
      const n = typeof text === 'number' ? text : Number(text);
      if (!Number.isFinite(n)) throw refuse(path, `${label} must be a number`);
      return n;
    }
    case 'email': {
      const parsed = emailSchema.safeParse(text);
      if (!parsed.success) throw refuse(path, 'Enter a valid e-mail address');
      return parsed.data;
    }
    case 'phone':
      if (typeof text !== 'string' || !PHONE.test(text)) throw refuse(path, `${label} must be a phone number`);
      return text;
    case 'date':
      if (typeof text !== 'string' || !z.iso.date().safeParse(text).success)
        throw refuse(path, `${label} must be a date (YYYY-MM-DD)`);
      return text;
    case 'select':
      if (typeof text !== 'string' || !f.options.some((o) => o.value === text))
        throw refuse(path, `${label}: choose one of the options`);
      return text;
    case 'file':
      // Files go through the vault's upload rules; a JSON submission cannot carry one.
      throw refuse(path, `${label}: files cannot be sent with this form yet`);
    default:
      if (typeof text !== 'string') throw refuse(path, `${label} must be text`);
      if (text.length > (f.type === 'textarea' ? 5000 : 500)) throw refuse(path, `${label} is too long`);
      return sanitizePlainText(text);
  }
}

function checkRow(fields: FormField[], values: Record<string, Value>, prefix: string): Record<string, Value> {
  const known = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw refuse(`${prefix}.${unknown}`, 'This form has no such field');
  return Object.fromEntries(fields.map((f) => [f.name, checkField(f, values[f.name], `${prefix}.${f.name}`)]));
}

export async function submitForm(
  deps: InboxDeps,
  slug: string,
  body: { values: Record<string, Value>; rows: Record<string, Value>[]; website: string; started_at: number },
  userId: string | null,
) {
  const row = await repo.findPublished(deps.db, 'forms', slug);
  if (!row) throw notFound(MESSAGES.notFound);
  const form = row.published as WebFormData;
  if (isSpam(deps, body)) return SUBMITTED;
  const values = checkRow(form.fields, body.values, 'values');
  const group = form.child_group;
  if (!group && body.rows.length) throw refuse('rows', 'This form has no rows');
  if (group && body.rows.length > group.max_rows) throw refuse('rows', `At most ${group.max_rows} rows`);
  const rows = group ? body.rows.map((r, i) => checkRow(group.fields, r, `rows.${i}`)) : [];
  await notifyStaff(deps, `New “${textIn(form.title)}” submission`, '', async (tx) => {
    await tx
      .insert(formSubmissions)
      .values({ id: randomUUID(), entry_id: row.id, form_key: slug, values, rows, user_id: userId });
  });
  return SUBMITTED;
}

const submissionColumns = {
  id: formSubmissions.id,
  form: formSubmissions.form_key,
  form_title: sql<string | null>`${siteEntries.draft}->'title'->>'en'`,
  values: formSubmissions.values,
  rows: formSubmissions.rows,
  status: formSubmissions.status,
  created_at: formSubmissions.created_at,
  handled_at: formSubmissions.handled_at,
};
type SubmissionRow = {
  id: string;
  form: string;
  form_title: string | null;
  values: unknown;
  rows: unknown;
  status: string;
  created_at: Date;
  handled_at: Date | null;
};
const submissionDto = (r: SubmissionRow) => ({
  id: r.id,
  form: r.form,
  form_title: r.form_title ?? r.form,
  values: r.values as Record<string, Value>,
  rows: r.rows as Record<string, Value>[],
  status: r.status === 'handled' ? ('handled' as const) : ('new' as const),
  created_at: r.created_at.toISOString(),
  handled_at: r.handled_at ? r.handled_at.toISOString() : null,
});
const selectSubmissions = (db: Tx) =>
  db
    .select(submissionColumns)
    .from(formSubmissions)
    .innerJoin(siteEntries, eq(siteEntries.id, formSubmissions.entry_id));

export async function listSubmissions(db: Db, formId: string) {
  const form = await repo.findEntry(db, 'forms', formId);
  if (!form) throw notFound(MESSAGES.notFound);
  const rows = await selectSubmissions(db)
    .where(eq(formSubmissions.entry_id, formId))
    .orderBy(desc(formSubmissions.created_at))
    .limit(INBOX_PAGE_SIZE);
  return { items: rows.map(submissionDto) };
}

/** Every form's submissions for the inbox: unhandled first, filtered by status and form. */
export async function listInboxSubmissions(
  db: Db,
  q: { status?: 'new' | 'handled' | undefined; form?: string | undefined; page: number },
) {
  const where = and(
    q.status ? eq(formSubmissions.status, q.status) : undefined,
    q.form ? eq(formSubmissions.form_key, q.form) : undefined,
  );
  const rows = await selectSubmissions(db)
    .where(where)
    .orderBy(...unhandledFirst(formSubmissions.status, formSubmissions.created_at, formSubmissions.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((q.page - 1) * INBOX_PAGE_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(where);
  return pageOf(rows.map(submissionDto), count?.n ?? 0, q.page);
}

export async function getSubmission(db: Tx, id: string) {
  const [row] = await selectSubmissions(db).where(eq(formSubmissions.id, id));
  if (!row) throw notFound(MESSAGES.notFound);
  return submissionDto(row);
}

export async function markSubmissionHandled(db: Db, actor: { userId: string; ip: string }, id: string) {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(formSubmissions)
      .set({ status: 'handled', handled_at: new Date(), handled_by: actor.userId })
      .where(and(eq(formSubmissions.id, id), eq(formSubmissions.status, 'new')))
      .returning({ id: formSubmissions.id });
    if (done.length)
      await audit(tx, {
        actorId: actor.userId,
        action: 'site.submission_handled',
        entityType: 'form_submission',
        entityId: id,
        ip: actor.ip,
      });
  });
  return getSubmission(db, id);
}
