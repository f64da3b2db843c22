import { and, eq, isNull } from 'drizzle-orm';
import { BILLING_MESSAGES, SHARE_LINK_DAYS, type ShareLink } from '@taxportal/contract';
import { BILLING_MAIL_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { invoiceShareLinks } from '../platform/db/schema.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { isShareTokenGood, newShareLinkId, readShareToken, signShareToken } from '../platform/share-tokens.ts';
import type { BillingDeps } from './billing.deps.ts';
import { visibleInvoice } from './invoices.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tokens' kind (platform/share-tokens.ts: the HMAC covers it). */
const KIND = 'invoice-share';

/**
 * SPEC's invoice hash key, a share-link token (platform/share-tokens.ts): the row makes it revocable; the signature
 * makes it unforgeable; both must agree.
 */
export async function createShareLink(
  deps: BillingDeps,
  auth: AuthContext,
  invoiceId: string,
  ip: string,
): Promise<ShareLink> {
  const invoice = await visibleInvoice(deps, auth, invoiceId);
  if (invoice.status === 'Draft') throw new AppError('conflict', BILLING_MAIL_TEXTS.refusals.shareDraft);
  const id = newShareLinkId();
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
  const token = signShareToken(deps.sessionSecret, KIND, id, invoice.id, new Date(exp * 1000));
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
  const parsed = readShareToken(token);
  if (!parsed) throw refused;
  const [link] = await deps.db.select().from(invoiceShareLinks).where(eq(invoiceShareLinks.id, parsed.id));
  if (!link || link.revoked_at) throw refused;
  const row = { subjectId: link.invoice_id, expiresAt: link.expires_at };
  if (!isShareTokenGood(deps.sessionSecret, KIND, parsed, row, deps.now())) throw refused;
  return link.invoice_id;
}
