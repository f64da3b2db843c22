import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  MESSAGES,
  type Language,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceList,
  type InvoiceLineInput,
  type TicketInvoice,
  type UpdateInvoiceBody,
  type invoiceListQuerySchema,
} from '@taxportal/contract';
import { BILLING_MAIL_TEXTS } from '@taxportal/contract/texts';
import type { z } from 'zod';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { services } from '../platform/db/schema.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import { addDays, isoDay, type BillingDeps } from './billing.deps.ts';
import { createdAtCursor, toInvoice, toSummary } from './invoice-view.ts';
import * as repo from './invoices.repository.ts';
import { currencyOf, DEFAULT_TERMS_DAYS } from './invoices.repository.ts';
import { cancelUnpaidDepositsTx, settleDepositIntents } from './deposits.ts';
import type { InvoiceRow, NewInvoiceLine } from './invoices.repository.ts';
import { applyCreditsTx, depositCreditLeft } from './credits.ts';
import { formatDay } from '../platform/people-dates.ts';
import { computeTotals, formatMoney } from './money.ts';
import { publishNotices } from './notices.ts';
import { findUser, notify } from './payments.repository.ts';
import { filesTicket, findTicketRef, moveTicket, visibleTicket } from '../tickets/index.ts';
import { isUniqueViolation } from '../platform/db/violations.ts';

const CLOSED_TICKET_STATUSES = new Set(['Cancelled', 'Closed']);
/** Issuing (Draft → Unpaid) is the pipeline step of this ticket status. */
export const ISSUE_FROM_TICKET_STATUS = 'Ready For Invoice';

/**
 * The invoice if the caller may know it exists: staff see all; a customer sees
 * those of the tickets they file (their own, a joint return's: 0032) once
 * issued. Anything else is 404, never 403, so ids do not leak.
 */
export async function visibleInvoice(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
  tx: Tx = deps.db,
): Promise<InvoiceRow> {
  const row = await repo.getInvoiceRow(tx, id);
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (isStaff(auth)) return row;
  const ticket = await findTicketRef(tx, row.ticket_id);
  if (!ticket || !filesTicket(ticket, auth.user.id) || row.status === 'Draft')
    throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return row;
}

export async function getInvoice(deps: BillingDeps, auth: AuthContext, id: string): Promise<Invoice> {
  await visibleInvoice(deps, auth, id);
  return viewOf(deps, id);
}

/**
 * A ticket's live invoice, by the ticket's id or name (the ticket page asks with what its address holds, beside
 * the ticket itself): the newest that is not cancelled or refunded, else the newest; none yet is `null`. A ticket
 * the caller cannot see is 404, as the ticket is; a customer never sees a draft.
 */
export async function getTicketInvoice(deps: BillingDeps, auth: AuthContext, ref: string): Promise<TicketInvoice> {
  const ticket = await visibleTicket(deps.db, auth, ref);
  const filter: repo.InvoiceFilter = { ownerId: isStaff(auth) ? undefined : auth.user.id, ticketId: ticket.id };
  // A deposit (an engagement letter's) is not the ticket's invoice: it shows on the letter and in billing's list.
  const rows = (await repo.listInvoices(deps.db, filter, isoDay(deps.now()), 100, null)).filter(
    (r) => r.invoice.kind === 'invoice',
  );
  const live = rows.find((r) => r.invoice.status !== 'Cancelled' && r.invoice.status !== 'Refunded') ?? rows[0];
  return { invoice: live ? await viewOf(deps, live.invoice.id) : null };
}

export async function viewOf(deps: BillingDeps, id: string): Promise<Invoice> {
  const view = await repo.getInvoiceView(deps.db, id);
  if (!view) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const invoice = toInvoice(view, isoDay(deps.now()));
  // A deposit larger than the ticket's invoice (0036): what is left carries to the ticket's next invoice; shown here.
  if (invoice.kind !== 'invoice') return invoice;
  const left = await depositCreditLeft(deps.db, {
    customerId: invoice.customer_id,
    ticketId: invoice.ticket_id,
    currency: invoice.currency,
  });
  return { ...invoice, deposit_credit_left_cents: left };
}

/** Lines as stored, with totals; every amount checked against the catalogue and the card limit. */
async function pricedLines(tx: Tx, lines: InvoiceLineInput[], rateBp: number) {
  const ids = [...new Set(lines.map((l) => l.service_id).filter((x): x is string => Boolean(x)))];
  if (ids.length) {
    const found = new Set(
      (await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids))).map((r) => r.id),
    );
    const bad = lines.findIndex((l) => l.service_id && !found.has(l.service_id));
    if (bad >= 0) throw fieldError(`lines.${bad}.service_id`, BILLING_MAIL_TEXTS.refusals.unknownService);
  }
  const normalised = lines.map((l) => ({ ...l, quantity: l.quantity ?? 1 }));
  const totals = computeTotals(normalised, rateBp);
  if (!totals) throw fieldError('lines', BILLING_MESSAGES.totalTooLarge);
  const rows: NewInvoiceLine[] = normalised.map((l, i) => ({
    id: randomUUID(),
    position: i + 1,
    service_id: l.service_id ?? null,
    description: l.description,
    quantity: l.quantity,
    unit_amount_cents: l.unit_amount_cents,
    amount_cents: totals.lineAmounts[i]!,
  }));
  return { rows, totals };
}

async function taxOf(tx: Tx, templateId: string | null | undefined) {
  if (!templateId) return { tax_template_id: null, tax_name: null, tax_rate_bp: 0 };
  const t = await repo.findTaxTemplate(tx, templateId);
  if (!t || !t.active) throw fieldError('tax_template_id', BILLING_MAIL_TEXTS.refusals.unknownTaxTemplate);
  return { tax_template_id: t.id, tax_name: t.name, tax_rate_bp: t.rate_bp };
}

export async function createInvoice(
  deps: BillingDeps,
  auth: AuthContext,
  body: CreateInvoiceBody,
  ip: string,
): Promise<Invoice> {
  const today = isoDay(deps.now());
  const dueDate = body.due_date ?? addDays(today, DEFAULT_TERMS_DAYS);
  if (dueDate < today) throw fieldError('due_date', BILLING_MESSAGES.dueBeforePosting);
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const ticket = await repo.findTicketForInvoice(tx, body.ticket_id);
      if (!ticket) throw fieldError('ticket_id', BILLING_MAIL_TEXTS.refusals.unknownTicket);
      if (CLOSED_TICKET_STATUSES.has(ticket.status))
        throw new AppError('conflict', BILLING_MESSAGES.ticketNotInvoiceable);
      if (await repo.hasLiveInvoice(tx, ticket.id)) throw new AppError('conflict', BILLING_MESSAGES.invoiceExists);
      // Create-and-issue on a ticket that cannot be issued yet is refused whole: no draft is left behind.
      if (body.issue && ticket.status !== ISSUE_FROM_TICKET_STATUS)
        throw new AppError('conflict', BILLING_MESSAGES.ticketNotReadyForInvoice);
      const tax = await taxOf(tx, body.tax_template_id);
      const lines: InvoiceLineInput[] = body.lines ?? [
        {
          description: ticket.service_name,
          quantity: 1,
          unit_amount_cents: ticket.price_cents,
          service_id: ticket.service_id,
        },
      ];
      const { rows, totals } = await pricedLines(tx, lines, tax.tax_rate_bp);
      const year = Number(today.slice(0, 4));
      const seq = await repo.nextNumber(tx, 'SINV', year);
      const invoice = await repo.insertInvoice(
        tx,
        {
          id: randomUUID(),
          name: `SINV-${year}-${String(seq).padStart(5, '0')}`,
          ticket_id: ticket.id,
          customer_id: ticket.customer_id,
          status: 'Draft',
          currency: await currencyOf(tx),
          posting_date: today,
          due_date: dueDate,
          ...tax,
          subtotal_cents: totals.subtotal_cents,
          tax_cents: totals.tax_cents,
          grand_total_cents: totals.grand_total_cents,
          created_by: auth.user.id,
        },
        rows,
      );
      await audit(tx, {
        actorId: auth.user.id,
        action: 'invoice.create',
        entityType: 'invoice',
        entityId: invoice.id,
        ip,
        meta: { name: invoice.name, ticket: ticket.name },
      });
      return invoice.id;
    });
  } catch (err) {
    // Two staff invoicing the same ticket at once: the partial unique index lets one through.
    if (isUniqueViolation(err)) throw new AppError('conflict', BILLING_MESSAGES.invoiceExists);
    throw err;
  }
  if (body.issue) return issueInvoice(deps, auth, id, ip);
  return viewOf(deps, id);
}

export async function updateDraft(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
  body: UpdateInvoiceBody,
  ip: string,
): Promise<Invoice> {
  await deps.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, id);
    if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    if (invoice.status !== 'Draft') throw new AppError('conflict', BILLING_MESSAGES.invoiceNotDraft);
    const dueDate = body.due_date ?? invoice.due_date;
    if (dueDate < invoice.posting_date) throw fieldError('due_date', BILLING_MESSAGES.dueBeforePosting);
    const tax =
      body.tax_template_id === undefined
        ? { tax_template_id: invoice.tax_template_id, tax_name: invoice.tax_name, tax_rate_bp: invoice.tax_rate_bp }
        : await taxOf(tx, body.tax_template_id);
    const current =
      body.lines ??
      (await repo.getInvoiceView(tx, id))!.lines.map((l) => ({ ...l, service_id: l.service_id ?? undefined }));
    const { rows, totals } = await pricedLines(tx, current, tax.tax_rate_bp);
    await repo.replaceLines(tx, id, rows);
    await repo.updateInvoice(tx, id, {
      ...tax,
      due_date: dueDate,
      subtotal_cents: totals.subtotal_cents,
      tax_cents: totals.tax_cents,
      grand_total_cents: totals.grand_total_cents,
    });
    await audit(tx, { actorId: auth.user.id, action: 'invoice.update', entityType: 'invoice', entityId: id, ip });
  });
  return viewOf(deps, id);
}

/**
 * Draft → Unpaid, allowed while the ticket is in Ready For Invoice. The posting
 * date becomes today; a due date already past moves to today + terms. The
 * customer gets a notification (same transaction), pushed live to their open
 * browsers and e-mailed after it.
 */
export async function issueInvoice(deps: BillingDeps, auth: AuthContext, id: string, ip: string): Promise<Invoice> {
  const today = isoDay(deps.now());
  await settleDepositIntents(deps, id);
  const issued = await deps.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, id);
    if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    if (invoice.status !== 'Draft') throw new AppError('conflict', BILLING_MESSAGES.invoiceNotDraft);
    const ticket = (await repo.findTicketForInvoice(tx, invoice.ticket_id))!;
    if (ticket.status !== ISSUE_FROM_TICKET_STATUS)
      throw new AppError('conflict', BILLING_MESSAGES.ticketNotReadyForInvoice);
    const dueDate = invoice.due_date < today ? addDays(today, DEFAULT_TERMS_DAYS) : invoice.due_date;
    // The ticket's deposit still unpaid is not asked any more: this invoice bills the work (0036).
    await cancelUnpaidDepositsTx(tx, invoice, auth.user.id, deps.now(), ip);
    // The customer's account credit (a referral reward) comes off first; never below zero, the rest carries.
    const credit = await applyCreditsTx(tx, invoice);
    const total = invoice.grand_total_cents - credit;
    const covered = credit > 0 && total === 0;
    const row = await repo.updateInvoice(tx, id, {
      status: covered ? 'Paid' : 'Unpaid',
      posting_date: today,
      due_date: dueDate,
      issued_at: deps.now(),
      grand_total_cents: total,
      ...(covered ? { paid_at: deps.now() } : {}),
    });
    if (covered) {
      await moveTicket(tx, {
        ticketId: row.ticket_id,
        system: 'payment_collected',
        actorId: auth.user.id,
        // The ticket's history, read by the firm's staff (the customer sees no note they did not write).
        note: textsIn(recipientLanguage(null))('billingMail.covered.note', { invoice: row.name }),
      });
    }
    // The notification and the e-mail in the customer's language: their saved one, else the firm's.
    const language = recipientLanguage(await savedLanguage(tx, row.customer_id));
    const t = textsIn(language);
    const amount = formatMoney(row.grand_total_cents, row.currency, language);
    const text = { invoice: row.name, ticket: ticket.name, amount, due: formatDay(row.due_date, language) };
    const notice = await notify(tx, {
      user_id: row.customer_id,
      ticket_id: row.ticket_id,
      title: covered ? t('billingMail.covered.title', text) : t('billingMail.issued.title', text),
      body: covered ? t('billingMail.covered.body', text) : t('billingMail.issued.body', text),
    });
    // A joint return's spouse, who may pay it too (0032), is told in the app, in their own language.
    const notices = [notice];
    if (ticket.spouse_id) {
      const theirs = recipientLanguage(await savedLanguage(tx, ticket.spouse_id));
      const say = textsIn(theirs);
      const spouseText = { ...text, amount: formatMoney(row.grand_total_cents, row.currency, theirs) };
      notices.push(
        await notify(tx, {
          user_id: ticket.spouse_id,
          ticket_id: row.ticket_id,
          title: say(covered ? 'billingMail.covered.title' : 'billingMail.issued.title', spouseText),
          body: say(covered ? 'billingMail.covered.body' : 'billingMail.issued.body', {
            ...spouseText,
            due: formatDay(row.due_date, theirs),
          }),
        }),
      );
    }
    await audit(tx, {
      actorId: auth.user.id,
      action: 'invoice.issue',
      entityType: 'invoice',
      entityId: id,
      ip,
      meta: { name: row.name },
    });
    return { row, ticketName: ticket.name, language, notices };
  });
  await publishNotices(deps, issued.notices);
  if (issued.row.status !== 'Paid') await mailIssued(deps, issued.row, issued.ticketName, issued.language);
  return viewOf(deps, id);
}

/** The invoice e-mail, in the customer's language (`language`, looked up when it was issued). */
async function mailIssued(deps: BillingDeps, invoice: InvoiceRow, ticketName: string, language: Language) {
  try {
    const customer = await findUser(deps.db, invoice.customer_id);
    if (!customer) return;
    const t = textsIn(language);
    const text = {
      invoice: invoice.name,
      ticket: ticketName,
      amount: formatMoney(invoice.grand_total_cents, invoice.currency, language),
      due: formatDay(invoice.due_date, language),
      url: `${deps.publicUrl}/billing/${invoice.id}`,
      name: customer.full_name,
    };
    await deps.mailer.send({
      to: customer.email,
      subject: t('billingMail.issued.subject', text),
      text: [
        t('mail.hello', text),
        '',
        t('billingMail.issued.ready', text),
        t('billingMail.issued.payLink', text),
      ].join('\n'),
    });
  } catch (err) {
    deps.log.error({ err: (err as Error).message, invoice_id: invoice.id }, 'invoice mail failed');
  }
}

export async function listInvoices(
  deps: BillingDeps,
  auth: AuthContext,
  q: z.output<typeof invoiceListQuerySchema>,
): Promise<InvoiceList> {
  const staff = isStaff(auth);
  const after = q.cursor ? createdAtCursor.decode(q.cursor) : null;
  if (!staff && q.customer) throw new AppError('forbidden', MESSAGES.forbidden);
  const today = isoDay(deps.now());
  const filter: repo.InvoiceFilter = {
    ownerId: staff ? undefined : auth.user.id,
    ticketId: q.ticket_id,
    status: q.status,
    customer: q.customer,
    from: q.from,
    to: q.to,
  };
  const rows = await repo.listInvoices(deps.db, filter, today, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toSummary(r, today)),
    next_cursor:
      rows.length > q.limit && last ? createdAtCursor.encode({ ts: last.cursor_ts, id: last.invoice.id }) : null,
    totals: staff && !after ? await totalsOf(deps, filter, today) : null,
  };
}

async function totalsOf(deps: BillingDeps, filter: repo.InvoiceFilter, today: string) {
  const sums = await repo.invoiceTotals(deps.db, filter, today);
  const months: string[] = [];
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  for (let i = 11; i >= 0; i--) {
    const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
    months.push(m.toISOString().slice(0, 7));
  }
  const collected = await repo.collectedByMonth(deps.db, `${months[0]}-01`);
  return {
    currency: await currencyOf(deps.db),
    ...sums,
    collected_by_month: months.map((month) => ({ month, amount_cents: collected.get(month) ?? 0 })),
  };
}
