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
 * Account credit (docs/decisions/0019-d-referrals.md). A referral reward becomes a credit of the referrer the
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
  const id = randomUUID();
  // Its line on the referrer's invoices, written in the referrer's language (saved, else the firm's).
  const language = recipientLanguage(await savedLanguage(tx, reward.referrerId));
  const inserted = await tx
    .insert(customerCredits)
    .values({
      id,
      customer_id: reward.referrerId,
      amount_cents: reward.amountCents,
      currency,
      description: textsIn(language)('billingMail.referralCredit'),
      source: REFERRAL_CREDIT_SOURCE,
      source_key: reward.referredId,
    })
    .onConflictDoNothing()
    .returning({ id: customerCredits.id });
  if (!inserted.length) return;
  await audit(tx, {
    actorId: null,
    action: 'credit.granted',
    entityType: 'user',
    entityId: reward.referrerId,
    meta: {
      credit_id: id,
      source: REFERRAL_CREDIT_SOURCE,
      referred_id: reward.referredId,
      amount_cents: reward.amountCents,
    },
  });
}

const remainingRow = rowSchema({ id: col.text(), description: col.text(), remaining: col.int() });

/**
 * At issue, inside the issuing transaction (the invoice row already locked): takes the customer's credits in
 * the invoice's currency, oldest first, up to the invoice's grand total. The credits' rows are locked first, so
 * two invoices of one customer issued at once take each cent once. Returns the cents taken.
 */
export async function applyCreditsTx(
  tx: Tx,
  invoice: { id: string; name: string; customer_id: string; currency: string; grand_total_cents: number },
): Promise<number> {
  const locked = await tx
    .select({ id: customerCredits.id })
    .from(customerCredits)
    .where(
      sql`${customerCredits.customer_id} = ${invoice.customer_id} and ${customerCredits.currency} = ${invoice.currency}`,
    )
    .orderBy(asc(customerCredits.created_at), asc(customerCredits.id))
    .for('update');
  if (!locked.length) return 0;
  const open = await rows(
    tx,
    remainingRow,
    sql`select c.id, c.description,
               (c.amount_cents - coalesce((
                 select sum(l.amount_cents) from ${invoiceCreditLines} l join ${invoices} i on i.id = l.invoice_id
                 where l.credit_id = c.id and i.status <> 'Cancelled'), 0))::int as remaining
        from ${customerCredits} c
        where c.customer_id = ${invoice.customer_id} and c.currency = ${invoice.currency}
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
