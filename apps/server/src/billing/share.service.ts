import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { BILLING_MESSAGES, SHARE_LINK_DAYS, type ShareLink } from '@taxportal/contract';
import { BILLING_MAIL_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { safeEqual } from '../platform/crypto.ts';
import { invoiceShareLinks } from '../platform/db/schema.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { BillingDeps } from './billing.deps.ts';
import { visibleInvoice } from './invoices.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** HMAC over link id, invoice id and expiry: the token cannot be altered to open anything else. */
const signatureOf = (key: Buffer, linkId: string, invoiceId: string, exp: number) =>
  createHmac('sha256', key).update(`invoice-share|${linkId}|${invoiceId}|${exp}`).digest('base64url');

/**
 * SPEC's invoice hash key: `<link id>.<expiry, unix s>.<signature>`. The row
 * makes it revocable; the signature makes it unforgeable; both must agree.
 */
export async function createShareLink(
  deps: BillingDeps,
  auth: AuthContext,
  invoiceId: string,
  ip: string,
): Promise<ShareLink> {
  const invoice = await visibleInvoice(deps, auth, invoiceId);
  if (invoice.status === 'Draft') throw new AppError('conflict', BILLING_MAIL_TEXTS.refusals.shareDraft);
  const id = randomBytes(16).toString('hex');
  const exp = Math.floor((deps.now().getTime() + SHARE_LINK_DAYS * DAY_MS) / 1000);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(invoiceShareLinks)
      .values({ id, invoice_id: invoice.id, created_by: auth.user.id, expires_at: new Date(exp * 1000) });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'invoice.share',
      entityType: 'invoice',
      entityId: invoice.id,
      ip,
      meta: { link: id },
    });
  });
  const token = `${id}.${exp}.${signatureOf(deps.sessionSecret, id, invoice.id, exp)}`;
  return {
    token,
    url: `${deps.publicUrl}/billing/shared/${token}`,
    pdf_url: `${deps.publicUrl}/api/v1/invoices/shared/${token}/pdf`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** Revokes every live link of the invoice. */
export async function revokeShareLinks(
  deps: BillingDeps,
  auth: AuthContext,
  invoiceId: string,
  ip: string,
): Promise<number> {
  const invoice = await visibleInvoice(deps, auth, invoiceId);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(invoiceShareLinks)
      .set({ revoked_at: deps.now() })
      .where(and(eq(invoiceShareLinks.invoice_id, invoice.id), isNull(invoiceShareLinks.revoked_at)))
      .returning({ id: invoiceShareLinks.id });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'invoice.share_revoke',
      entityType: 'invoice',
      entityId: invoice.id,
      ip,
      meta: { links: rows.length },
    });
    return rows.length;
  });
}

/** The invoice id a token opens; tampered, expired, revoked or unknown → the same 404. */
export async function resolveShareToken(deps: BillingDeps, token: string): Promise<string> {
  const refused = notFound(BILLING_MESSAGES.shareLinkInvalid);
  const m = /^([0-9a-f]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw refused;
  const [, id, expText, sig] = m as unknown as [string, string, string, string];
  const exp = Number(expText);
  const [link] = await deps.db.select().from(invoiceShareLinks).where(eq(invoiceShareLinks.id, id));
  if (!link) throw refused;
  if (!safeEqual(sig, signatureOf(deps.sessionSecret, id, link.invoice_id, exp))) throw refused;
  if (link.expires_at.getTime() !== exp * 1000 || exp * 1000 <= deps.now().getTime() || link.revoked_at) throw refused;
  return link.invoice_id;
}
