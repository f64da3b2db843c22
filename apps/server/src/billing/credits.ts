import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { customerCredits, invoiceCreditLines, invoices } from '../platform/db/schema.ts';
import { firstPaymentReward } from '../referrals/index.ts';
import { formatMoney } from './money.ts';

/**
 * Account credit (docs/decisions/0019-d-referrals.md; deposits: 0036). A referral reward becomes a credit of the referrer the
 * moment the referred customer's first card payment is recorded, in that payment's transaction; the unique
 * (source, source_key) index keeps it to one per referred customer even if two payments race past the
 * referrals feature's own once-only mark. Credits are taken by the referrer's next issued invoices as negative
 * lines, never below a zero total; what is left carries to the invoice after.
 */

const REFERRAL_CREDIT_SOURCE = 'referral';

/** Called by completePaymentTx for every newly recorded card payment of `customerId`. */
export async function grantReferralRewardTx(tx: Tx, customerId: string, currency: string): Promise<void> {
  const reward = await firstPaymentReward(tx, customerId);
  if (!reward) return;
  // Its line on the referrer's invoices, written in the referrer's language (saved, else the firm's).
  const language = recipientLanguage(await savedLanguage(tx, reward.referrerId));
  await grantCreditTx(tx, {
    customerId: reward.referrerId,
    ticketId: null,
    amountCents: reward.amountCents,
    currency,
    description: textsIn(language)('billingMail.referralCredit'),
    source: REFERRAL_CREDIT_SOURCE,
    sourceKey: reward.referredId,
    meta: { referred_id: reward.referredId },
  });
}

/**
 * One credit for a customer, once per (source, source key): a replay inserts nothing and audits nothing. Audited as
 * `credit.granted` with the credit, its source, amount and `meta`.
 */
async function grantCreditTx(
  tx: Tx,
  c: {
    customerId: string;
    /** Only this ticket's invoices take it; null: any of the customer's. */
    ticketId: string | null;
    amountCents: number;
    currency: string;
    description: string;
    source: string;
    sourceKey: string;
    meta: Record<string, unknown>;
  },
): Promise<void> {
  const id = randomUUID();
  const inserted = await tx
    .insert(customerCredits)
    .values({
      id,
      customer_id: c.customerId,
      ...(c.ticketId ? { ticket_id: c.ticketId } : {}),
      amount_cents: c.amountCents,
      currency: c.currency,
      description: c.description,
      source: c.source,
      source_key: c.sourceKey,
    })
    .onConflictDoNothing()
    .returning({ id: customerCredits.id });
  if (!inserted.length) return;
  await audit(tx, {
    actorId: null,
    action: 'credit.granted',
    entityType: 'user',
    entityId: c.customerId,
    meta: { credit_id: id, source: c.source, ...c.meta, amount_cents: c.amountCents },
  });
}

const DEPOSIT_CREDIT_SOURCE = 'deposit';

/**
 * Called by completePaymentTx when a deposit invoice (an engagement letter's, 0036) is paid: its amount becomes a
 * credit of the customer that only the same ticket's invoices take, as "Deposit paid (<name>)". Keyed by the deposit
 * invoice, so a replayed webhook or a second payment makes one credit.
 */
export async function grantDepositCreditTx(
  tx: Tx,
  deposit: { id: string; name: string; customer_id: string; ticket_id: string; currency: string; amount: number },
): Promise<void> {
  if (deposit.amount <= 0) return;
  const language = recipientLanguage(await savedLanguage(tx, deposit.customer_id));
  await grantCreditTx(tx, {
    customerId: deposit.customer_id,
    ticketId: deposit.ticket_id,
    amountCents: deposit.amount,
    currency: deposit.currency,
    description: textsIn(language)('billingMail.depositCredit', { invoice: deposit.name }),
    source: DEPOSIT_CREDIT_SOURCE,
    sourceKey: deposit.id,
    meta: { invoice: deposit.name },
  });
}

/**
 * Refunding a deposit (0036): the first invoice not cancelled that took part of its credit, or null when none did
 * (read under the credit's row lock, which an issuing invoice's applyCreditsTx takes too). The portal's refund is
 * refused (409, naming that invoice) rather than giving back what that invoice counted.
 */
export async function depositCreditUsedByTx(tx: Tx, depositId: string): Promise<string | null> {
  const [credit] = await tx
    .select({ id: customerCredits.id })
    .from(customerCredits)
    .where(sql`${customerCredits.source} = ${DEPOSIT_CREDIT_SOURCE} and ${customerCredits.source_key} = ${depositId}`)
    .for('update');
  if (!credit) return null;
  const [used] = await rows(
    tx,
    rowSchema({ name: col.text() }),
    sql`select i.name from ${invoiceCreditLines} l join ${invoices} i on i.id = l.invoice_id
         where l.credit_id = ${credit.id} and i.status <> 'Cancelled' and l.amount_cents > 0
         order by l.created_at, l.id limit 1`,
  );
  return used?.name ?? null;
}

/**
 * What is left of a ticket's deposit credits (0036) for its next invoice: amount − withdrawn − taken by invoices not
 * cancelled, never below zero. The final invoice's view shows it when a deposit exceeded that invoice.
 */
export async function depositCreditLeft(
  db: Tx,
  q: { customerId: string; ticketId: string; currency: string },
): Promise<number> {
  const [left] = await rows(
    db,
    rowSchema({ remaining: col.int() }),
    sql`select coalesce(sum(greatest(0, c.amount_cents - c.withdrawn_cents - coalesce((
               select sum(l.amount_cents) from ${invoiceCreditLines} l join ${invoices} i on i.id = l.invoice_id
               where l.credit_id = c.id and i.status <> 'Cancelled'), 0))), 0)::int as remaining
          from ${customerCredits} c
         where c.source = ${DEPOSIT_CREDIT_SOURCE} and c.customer_id = ${q.customerId}
           and c.ticket_id = ${q.ticketId} and c.currency = ${q.currency}`,
  );
  return left?.remaining ?? 0;
}

/**
 * Called by applyRefundTx when a deposit invoice is refunded (`refundedTotal`, its running total): that much of the
 * deposit's credit is withdrawn. The portal's refund refuses a deposit whose credit an invoice took
 * (depositCreditUsedByTx); a refund made at the provider (its dashboard, arriving by webhook) cannot be refused: the
 * part already taken stays on that issued invoice (its totals are frozen) and the audit entry's `used_cents` tells
 * staff to settle it by hand.
 */
export async function withdrawDepositCreditTx(tx: Tx, depositId: string, refundedTotal: number): Promise<void> {
  const [credit] = await tx
    .select()
    .from(customerCredits)
    .where(sql`${customerCredits.source} = ${DEPOSIT_CREDIT_SOURCE} and ${customerCredits.source_key} = ${depositId}`)
    .for('update');
  if (!credit) return;
  const withdrawn = Math.min(credit.amount_cents, Math.max(credit.withdrawn_cents, refundedTotal));
  if (withdrawn === credit.withdrawn_cents) return;
  await tx.update(customerCredits).set({ withdrawn_cents: withdrawn }).where(eq(customerCredits.id, credit.id));
  const [taken] = await rows(
    tx,
    rowSchema({ taken: col.int() }),
    sql`select coalesce(sum(l.amount_cents), 0)::int as taken
          from ${invoiceCreditLines} l join ${invoices} i on i.id = l.invoice_id
         where l.credit_id = ${credit.id} and i.status <> 'Cancelled'`,
  );
  await audit(tx, {
    actorId: null,
    action: 'credit.withdrawn',
    entityType: 'user',
    entityId: credit.customer_id,
    meta: {
      credit_id: credit.id,
      source: DEPOSIT_CREDIT_SOURCE,
      withdrawn_cents: withdrawn,
      // Already taken by the ticket's invoice: that part was refunded after it was credited (staff's call).
      used_cents: taken?.taken ?? 0,
    },
  });
}

const remainingRow = rowSchema({ id: col.text(), description: col.text(), remaining: col.int() });

/**
 * At issue, inside the issuing transaction (the invoice row already locked): takes the customer's credits in
 * the invoice's currency (those of any ticket, and a deposit's only on its own ticket), oldest first, up to the
 * invoice's grand total. The credits' rows are locked first, so
 * two invoices of one customer issued at once take each cent once. Returns the cents taken.
 */
export async function applyCreditsTx(
  tx: Tx,
  invoice: {
    id: string;
    name: string;
    customer_id: string;
    ticket_id: string;
    currency: string;
    grand_total_cents: number;
  },
): Promise<number> {
  const mine = sql`${customerCredits.customer_id} = ${invoice.customer_id} and ${customerCredits.currency} = ${invoice.currency}
    and (${customerCredits.ticket_id} is null or ${customerCredits.ticket_id} = ${invoice.ticket_id})`;
  const locked = await tx
    .select({ id: customerCredits.id })
    .from(customerCredits)
    .where(mine)
    .orderBy(asc(customerCredits.created_at), asc(customerCredits.id))
    .for('update');
  if (!locked.length) return 0;
  const open = await rows(
    tx,
    remainingRow,
    sql`select c.id, c.description,
               (c.amount_cents - c.withdrawn_cents - coalesce((
                 select sum(l.amount_cents) from ${invoiceCreditLines} l join ${invoices} i on i.id = l.invoice_id
                 where l.credit_id = c.id and i.status <> 'Cancelled'), 0))::int as remaining
        from ${customerCredits} c
        where c.customer_id = ${invoice.customer_id} and c.currency = ${invoice.currency}
          and (c.ticket_id is null or c.ticket_id = ${invoice.ticket_id})
        order by c.created_at, c.id`,
  );
  let left = invoice.grand_total_cents;
  let taken = 0;
  for (const credit of open) {
    if (left <= 0) break;
    const amount = Math.min(credit.remaining, left);
    if (amount <= 0) continue;
    await tx.insert(invoiceCreditLines).values({
      id: randomUUID(),
      invoice_id: invoice.id,
      credit_id: credit.id,
      amount_cents: amount,
      description: credit.description,
    });
    left -= amount;
    taken += amount;
  }
  if (taken > 0) {
    await audit(tx, {
      actorId: null,
      action: 'invoice.credit_applied',
      entityType: 'invoice',
      entityId: invoice.id,
      meta: { name: invoice.name, credit_cents: taken, amount: formatMoney(taken, invoice.currency) },
    });
  }
  return taken;
}

/** The credit lines an invoice took, in the order taken. */
export async function creditLinesOf(tx: Tx, invoiceId: string) {
  return tx
    .select({
      id: invoiceCreditLines.id,
      description: invoiceCreditLines.description,
      amount_cents: invoiceCreditLines.amount_cents,
    })
    .from(invoiceCreditLines)
    .where(eq(invoiceCreditLines.invoice_id, invoiceId))
    .orderBy(asc(invoiceCreditLines.created_at), asc(invoiceCreditLines.id));
}
