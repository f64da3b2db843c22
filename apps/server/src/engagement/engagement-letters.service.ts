import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createLetterBodySchema,
  ENGAGEMENT_MESSAGES as M,
  localeOf,
  OPEN_LETTER_STATES,
  type Letter,
  type LetterService,
  type LetterSummary,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { engagementLetters } from '../platform/db/schema.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { rolesOf, savedLanguage } from '../platform/users.ts';
import { firmAddress, firmName } from '../site/index.ts';
import { findTicketRef } from '../tickets/index.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import { money, renderLetter, totalOf } from './engagement.merge.ts';
import { getSettings } from './engagement-templates.service.ts';
import { LetterFollowUps } from './engagement-notify.ts';
import * as repo from './engagement.repository.ts';
import type { LetterRow } from './engagement.repository.ts';
import { letterView, partOf, stateAt, visibleLetter } from './engagement-view.ts';
import { checkTicketTakesLetter, checkYearTakesLetter, oneOpenLetter } from './engagement-live-letter.ts';

/**
 * Engagement letters (docs/decisions/0036): staff make one for a ticket or a client's year from a template (the
 * client's default for the ticket's service type unless named), with services and fees (the ticket's service from
 * the catalogue unless given) and an optional deposit; sent at once or kept as a draft. The client's first open
 * marks it viewed; they decline with a reason (or sign: engagement-sign.service.ts); staff void it before it is
 * signed. Every change is audited.
 */

const DAY_MS = 86_400_000;
interface Target {
  ticketId: string | null;
  customerId: string;
  spouseId: string | null;
  year: number;
  serviceTypeId: string | null;
  services: LetterService[];
}

async function targetOf(
  db: Tx,
  q: { ticket_id?: string | undefined; customer_id?: string | undefined; tax_year?: number | undefined },
): Promise<Target> {
  if (q.ticket_id) {
    const ref = await findTicketRef(db, q.ticket_id);
    const t = ref && (await repo.ticketForLetter(db, ref.id));
    if (!t) throw notFound();
    return {
      ticketId: t.id,
      customerId: t.customer_id,
      spouseId: t.spouse_id,
      year: t.year,
      serviceTypeId: t.service_type_id,
      services: [{ name: t.service_name, fee_cents: t.price_cents }],
    };
  }
  const customerId = q.customer_id ?? '';
  if (!(await rolesOf(db, customerId)).includes('Customer')) throw fieldError('customer_id', M.noCustomer);
  if (q.tax_year === undefined) throw fieldError('tax_year', M.ticketOrYear);
  return { ticketId: null, customerId, spouseId: null, year: q.tax_year, serviceTypeId: null, services: [] };
}

/** GET …/prefill (staff): the template a letter would use and the services with the catalogue's fees. */
export async function prefill(
  deps: EngagementDeps,
  q: { ticket_id?: string | undefined; customer_id?: string | undefined; tax_year?: number | undefined },
) {
  const target = await targetOf(deps.db, q);
  const template = await repo.defaultTemplateFor(deps.db, target.serviceTypeId);
  return { template_id: template?.id ?? null, services: target.services, joint: target.spouseId !== null };
}

const longDate = (d: Date, language: 'en' | 'es') =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(d);

export async function createLetter(
  deps: EngagementDeps,
  auth: AuthContext,
  body: z.output<typeof createLetterBodySchema>,
  ip: string,
): Promise<Letter> {
  const follow = new LetterFollowUps();
  const id = await oneOpenLetter(() =>
    deps.db.transaction((tx) => writeLetter(tx, deps, auth.user.id, body, ip, follow)),
  );
  await follow.run(deps);
  return letterView(deps, auth, (await repo.findLetter(deps.db, id))!);
}

/**
 * A letter made (and sent unless `body.send` is false) in the caller's transaction, audited; the signers' notices go
 * to `follow`, for the caller to run once it commits. One letter (createLetter) or each of a batch's (its `batchId`
 * in the audit entry).
 */
export async function writeLetter(
  tx: Tx,
  deps: EngagementDeps,
  actorId: string | null,
  body: z.output<typeof createLetterBodySchema>,
  ip: string | null,
  follow: LetterFollowUps,
  opts: { batchId?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const target = await targetOf(tx, body);
  // A deposit is billed on a ticket (its invoice credits it): a client's-year letter asks none (0036).
  if (body.deposit_cents && !target.ticketId) throw fieldError('deposit_cents', M.depositNeedsTicket);
  if (target.ticketId) await checkTicketTakesLetter(tx, deps, target.ticketId, null);
  else await checkYearTakesLetter(tx, deps, target.customerId, target.year, null);
  const template = body.template_id
    ? await repo.findTemplate(tx, body.template_id)
    : await repo.defaultTemplateFor(tx, target.serviceTypeId);
  if (!template) {
    if (body.template_id) throw fieldError('template_id', M.templateNotFound);
    throw new AppError('conflict', M.noTemplate);
  }
  const services = body.services ?? target.services;
  if (!services.length) throw fieldError('services', M.ticketOrYear);
  // A deposit is part of the fees asked: never more than the letter's total (0036).
  if (body.deposit_cents && body.deposit_cents > totalOf(services))
    throw fieldError('deposit_cents', M.depositOverFees);
  const source = (await repo.versionBody(tx, template.id, template.version)) ?? '';
  const client = (await repo.person(tx, target.customerId))!;
  const spouse = target.spouseId ? await repo.person(tx, target.spouseId) : null;
  const language = recipientLanguage(await savedLanguage(tx, target.customerId));
  const say = textsIn(language);
  const now = deps.now();
  const rendered = renderLetter(
    source,
    {
      client_name: client.full_name,
      spouse_name: spouse?.full_name ?? '',
      client_names: spouse
        ? `${client.full_name} ${say('engagement.merge.and')} ${spouse.full_name}`
        : client.full_name,
      tax_year: String(target.year),
      services,
      firm_name: await firmName(tx),
      firm_address: await firmAddress(tx),
      date: longDate(now, language),
      deposit: body.deposit_cents ? money(body.deposit_cents, language) : say('engagement.merge.noDeposit'),
    },
    {
      service: say('engagement.merge.service'),
      fee: say('engagement.merge.fee'),
      total: say('engagement.merge.total'),
    },
    language,
  );
  const send = body.send;
  const days = (await getSettings(tx)).expiry_days;
  const row: typeof engagementLetters.$inferInsert = {
    id,
    customer_id: target.customerId,
    spouse_id: target.spouseId,
    ticket_id: target.ticketId,
    tax_year: target.year,
    template_id: template.id,
    template_version: template.version,
    state: send ? 'sent' : 'draft',
    body_html: rendered.html,
    body_text: rendered.text,
    sha256: rendered.sha256,
    services,
    total_cents: totalOf(services),
    deposit_cents: body.deposit_cents,
    sent_at: send ? now : null,
    expires_at: send ? new Date(now.getTime() + days * DAY_MS) : null,
    created_by: actorId,
    created_at: now,
    updated_at: now,
  };
  await repo.insertLetter(tx, row);
  await repo.insertSigners(tx, [
    { letter_id: id, role: 'taxpayer', user_id: client.id, name: client.full_name, email: client.email },
    ...(spouse
      ? [{ letter_id: id, role: 'spouse', user_id: spouse.id, name: spouse.full_name, email: spouse.email }]
      : []),
  ]);
  await audit(tx, {
    actorId,
    action: send ? 'engagement.sent' : 'engagement.drafted',
    entityType: 'engagement_letter',
    entityId: id,
    ip,
    meta: {
      ticket_id: target.ticketId,
      customer_id: target.customerId,
      template_id: template.id,
      template_version: template.version,
      sha256: rendered.sha256,
      total_cents: row.total_cents ?? 0,
      deposit_cents: body.deposit_cents,
      ...(opts.batchId ? { batch_id: opts.batchId } : {}),
    },
  });
  if (send) await follow.toSigners(tx, deps, (await repo.findLetter(tx, id))!, 'sent');
  return id;
}

/** A state change under the letter's row lock: `check` refuses (409), `apply` writes and audits. */
async function change(
  deps: EngagementDeps,
  auth: AuthContext,
  id: string,
  apply: (tx: Tx, row: LetterRow, follow: LetterFollowUps) => Promise<void>,
): Promise<Letter> {
  const follow = new LetterFollowUps();
  await deps.db.transaction(async (tx) => {
    const row = await visibleLetter(tx, auth, id, { lock: true });
    await apply(tx, row, follow);
  });
  await follow.run(deps);
  return letterView(deps, auth, (await repo.findLetter(deps.db, id))!);
}

const refuse = (text: string, state: string) => new AppError('conflict', text, { params: { state } });

/** POST …/send: a draft goes out; it expires after the firm's days. */
export const sendLetter = (deps: EngagementDeps, auth: AuthContext, id: string, ip: string) =>
  oneOpenLetter(() => sendDraft(deps, auth, id, ip));

const sendDraft = (deps: EngagementDeps, auth: AuthContext, id: string, ip: string) =>
  change(deps, auth, id, async (tx, row, follow) => {
    if (row.state !== 'draft') throw new AppError('conflict', M.notDraft);
    // A draft kept from before the rule: its deposit is still never more than its total fees (0036).
    if (row.deposit_cents && row.deposit_cents > (row.total_cents ?? 0))
      throw fieldError('deposit_cents', M.depositOverFees);
    if (row.ticket_id) await checkTicketTakesLetter(tx, deps, row.ticket_id, row.id);
    else await checkYearTakesLetter(tx, deps, row.customer_id, row.tax_year, row.id);
    const now = deps.now();
    const days = (await getSettings(tx)).expiry_days;
    await repo.updateLetter(tx, id, {
      state: 'sent',
      sent_at: now,
      expires_at: new Date(now.getTime() + days * DAY_MS),
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.sent',
      entityType: 'engagement_letter',
      entityId: id,
      ip,
    });
    await follow.toSigners(tx, deps, (await repo.findLetter(tx, id))!, 'sent');
  });

/** POST …/void (staff): a letter not yet signed (draft, sent, viewed) is voided. */
export const voidLetter = (deps: EngagementDeps, auth: AuthContext, id: string, ip: string) =>
  change(deps, auth, id, async (tx, row) => {
    const state = stateAt(row, deps.now());
    if (state !== 'draft' && state !== 'sent' && state !== 'viewed') throw refuse(M.notVoidable, state);
    await repo.updateLetter(tx, id, { state: 'voided', voided_at: deps.now() });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.voided',
      entityType: 'engagement_letter',
      entityId: id,
      ip,
      meta: { from: state },
    });
  });

/** The client's part on an open letter, or the refusal: staff 403, not open 409. */
export function openPart(deps: EngagementDeps, auth: AuthContext, row: LetterRow) {
  if (isStaff(auth)) throw new AppError('forbidden', M.staffCannotSign);
  const part = partOf(row, auth.user.id);
  if (!part) throw notFound(M.letterNotFound);
  const state = stateAt(row, deps.now());
  if (!(OPEN_LETTER_STATES as readonly string[]).includes(state)) throw refuse(M.notOpen, state);
  return part;
}

/** POST …/decline (the client or a joint letter's spouse): the letter is declined, with their reason. */
export const declineLetter = (deps: EngagementDeps, auth: AuthContext, id: string, reason: string, ip: string) =>
  change(deps, auth, id, async (tx, row, follow) => {
    const part = openPart(deps, auth, row);
    // A spouse who has signed their part of a joint letter stands by it: the other may still decline (testers, round 3).
    const mine = (await repo.signersOf(tx, id)).find((s) => s.role === part);
    if (mine?.signed_at) throw new AppError('conflict', M.alreadySigned);
    await repo.updateLetter(tx, id, { state: 'declined', declined_at: deps.now(), decline_reason: reason });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.declined',
      entityType: 'engagement_letter',
      entityId: id,
      ip,
      meta: { signer: part },
    });
    const ticket = row.ticket_id ? await findTicketRef(tx, row.ticket_id) : null;
    await follow.toStaff(tx, deps, row, ticket?.assignee_id ?? null, (say) => ({
      title: say('engagement.notify.declined.title', { name: auth.user.full_name, year: row.tax_year }),
      body: say('engagement.notify.declined.body', { reason }),
    }));
  });

/** GET …/:id: the letter; a signer's first open of a sent letter marks it viewed (audited). */
export async function getLetter(deps: EngagementDeps, auth: AuthContext, id: string, ip: string): Promise<Letter> {
  const row = await visibleLetter(deps.db, auth, id);
  if (!isStaff(auth) && row.state === 'sent' && stateAt(row, deps.now()) === 'sent') {
    await deps.db.transaction(async (tx) => {
      const locked = (await repo.findLetter(tx, id, { lock: true }))!;
      if (locked.state !== 'sent') return;
      await repo.updateLetter(tx, id, { state: 'viewed', viewed_at: deps.now() });
      await audit(tx, {
        actorId: auth.user.id,
        action: 'engagement.viewed',
        entityType: 'engagement_letter',
        entityId: id,
        ip,
      });
    });
    return letterView(deps, auth, (await repo.findLetter(deps.db, id))!);
  }
  return letterView(deps, auth, row);
}

/** Staff: every letter (`unsigned`: sent or viewed, not expired); a client: their own and a joint letter's, sent. */
export async function listLetters(
  deps: EngagementDeps,
  auth: AuthContext,
  q: { scope: 'all' | 'unsigned'; ticket_id?: string | undefined },
): Promise<{ items: LetterSummary[] }> {
  const L = engagementLetters;
  const now = deps.now();
  const where: (SQL | undefined)[] = [];
  if (!isStaff(auth)) {
    where.push(or(eq(L.customer_id, auth.user.id), eq(L.spouse_id, auth.user.id)), ne(L.state, 'draft'));
  }
  if (q.scope === 'unsigned') where.push(repo.inStates(OPEN_LETTER_STATES), gt(L.expires_at, now));
  if (q.ticket_id) {
    const ref = await findTicketRef(deps.db, q.ticket_id);
    where.push(eq(L.ticket_id, ref?.id ?? ''));
  }
  const rows = await repo.listLetters(deps.db, and(...where));
  return {
    items: rows.map((r) => ({
      ...r,
      state: stateAt({ state: r.state, expires_at: r.expires_at }, now),
      ticket_name: r.ticket_name ?? null,
      sent_at: r.sent_at?.toISOString() ?? null,
      expires_at: r.expires_at?.toISOString() ?? null,
      signed_at: r.signed_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })) as LetterSummary[],
  };
}
