import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import {
  contactEnquiryBodySchema,
  INBOX_PAGE_SIZE,
  MESSAGES,
  type ContactEnquiryBody,
  type Enquiry,
  type Language,
} from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import { notifyUsers } from '../notifications/index.ts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { contactEnquiries, contactEnquiryReplies, tickets, users } from '../platform/db/schema.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { translate } from '../platform/i18n.ts';
import { normalisePhone } from '../platform/phone.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import type { FileStore } from '../platform/storage/index.ts';
import * as repo from './site.repository.ts';
import { takeSanitised } from './site.sanitize.ts';
import { firmCountry } from './site.service.ts';

/**
 * Contact enquiries (SPEC's Contact Enquiry): sent, listed unhandled first, read and marked handled; and what every
 * public form shares: the spam checks, staff notification, paging. Web form submissions: site-submissions.service.ts.
 */
export interface InboxDeps {
  db: Db;
  hub: RealtimeHub;
  /** The vault's encrypted store: files sent with web forms go there, through the vault's rules. */
  files: FileStore;
  log: FastifyBaseLogger;
  /** The process clock, for time-to-submit (epoch ms). */
  now: () => number;
}

/** Who hears about a new enquiry: the people who answer Open Requests. */
const NOTIFIED_ROLES = ['Admin', 'Customer Care Department'] as const;
/** A person needs a few seconds to fill a form; a script posting at once is turned away. */
export const MIN_FILL_MS = 3000;
const tooFast = () =>
  new AppError('validation', SITE_TEXTS.form.tooFast, {
    errors: [{ field: 'started_at', message: SITE_TEXTS.form.tooFastField }],
  });
/** The spam checks every public form shares: a bot filling the honeypot is answered as if sent, nothing kept. */
export function isSpam(deps: InboxDeps, body: { website?: string; started_at: number }): boolean {
  if (body.website && body.website.trim() !== '') return true;
  if (deps.now() - body.started_at < MIN_FILL_MS) throw tooFast();
  return false;
}
/** What a visitor is told of what they sent, in their language (the request's). */
export const submitted = (language: Language) => ({
  status: 'Success' as const,
  message: translate(language, MESSAGES.submittedSuccessfully),
});

/**
 * Staff who answer Open Requests hear of what `run` writes, once it is committed (enquiries, submissions, edits):
 * `write` gives the notification in each one's language.
 */
export async function notifyStaff(
  deps: InboxDeps,
  write: (t: TFunction, language: Language) => { title: string; body: string },
  run: (tx: Db) => Promise<void>,
  committed = () => {},
) {
  const after = await deps.db.transaction(async (tx) => {
    await run(tx as unknown as Db);
    const staff = await repo.usersWithRoles(tx, NOTIFIED_ROLES);
    return notifyUsers(tx, deps, staff, { kind: 'enquiry', write });
  });
  committed();
  await after();
}

/** `language`: the visitor's (the request's), which the answer is in. */
export async function sendContactEnquiry(
  deps: InboxDeps,
  input: ContactEnquiryBody & { started_at: number },
  language: Language,
) {
  if (isSpam(deps, input)) return submitted(language);
  // Sanitised, then checked on what is left: `&#x202E;` in a name is refused as the override it stands for.
  const clean = takeSanitised(contactEnquiryBodySchema, input, '');
  // Optional; when given, stored in E.164 (read in the firm's country), so it becomes a customer's phone as it is.
  const phone = clean.phone && normalisePhone(clean.phone, { region: await firmCountry(deps.db), field: 'phone' });
  const id = randomUUID();
  const write = (t: TFunction) => ({
    title: t('site.notify.newEnquiry', { name: clean.name }),
    body: clean.subject || t('site.notify.contactForm'),
  });
  await notifyStaff(deps, write, async (tx) => {
    await tx.insert(contactEnquiries).values({
      id,
      name: clean.name,
      email: clean.email,
      phone,
      subject: clean.subject,
      message: clean.message,
    });
  });
  return submitted(language);
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
export const unhandledFirst = (status: AnyColumn, created: AnyColumn, id: AnyColumn) => [
  sql`(${status} = 'new') desc`,
  desc(created),
  asc(id),
];
export const pageOf = <T>(items: T[], total: number, page: number) => ({
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

/** Files of a multipart submission by their field's path (`values.resume`, `rows.0.certificate`), staged in the vault. */
