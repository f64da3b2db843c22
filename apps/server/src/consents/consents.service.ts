import { randomUUID } from 'node:crypto';
import {
  CONSENT_MESSAGES as M,
  type ConsentDetail,
  type ConsentList,
  type ConsentStatus,
  type createConsentBodySchema,
  isStaffRole,
  renderConsentDocument,
} from '@taxportal/contract';
import type { z } from 'zod';
import { spouseOf } from '../households/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { recipientLanguage } from '../platform/i18n.ts';
import { findUser, rolesOf, savedLanguage } from '../platform/users.ts';
import { emitConsentEnded, type ConsentKind } from './consents.active.ts';
import type { ConsentsDeps } from './consents.deps.ts';
import { signFactorsOf } from './consents.factors.ts';
import { afterCommit, answeredNotice, consentSentNotices } from './consents.notify.ts';
import { consentPdf } from './consents.pdf.ts';
import * as repo from './consents.repository.ts';
import { detailOf, statusOf, summaryOf } from './consents.view.ts';

/**
 * §7216 consents (issue 33 item 3, docs/decisions/0034): staff prepare and withdraw; the client reads, declines and
 * revokes (signing: consents.sign.ts). Every change is audited; a client's consent is another client's 404.
 */
const isStaff = (auth: AuthContext) => auth.roles.some(isStaffRole);

/** The consent the caller may read: any for staff, only their own for a client (another's: 404). */
export async function visibleConsent(db: Tx, auth: AuthContext, id: string): Promise<repo.ConsentRow> {
  const row = await repo.findConsent(db, id);
  if (!row || (!isStaff(auth) && row.customer_id !== auth.user.id)) throw notFound(M.notFound);
  return row;
}

/** The caller's own consent (what only its signer may do: sign, decline, revoke). */
export async function ownConsent(db: Tx, auth: AuthContext, id: string): Promise<repo.ConsentRow> {
  const row = await repo.findConsent(db, id);
  if (!row || row.customer_id !== auth.user.id) throw notFound(M.notFound);
  return row;
}

/** Refuses a change of a consent whose status is not `want` now: 409 naming why. */
export function requireStatus(row: repo.ConsentRow, now: Date, want: ConsentStatus): void {
  const status = statusOf(row, now);
  if (status === want) return;
  if (status === 'expired') throw new AppError('conflict', M.expired);
  throw new AppError('conflict', want === 'signed' ? M.notSigned : M.notOpen);
}

/** One consent; its own client, while it waits for their answer, also reads the factors they may sign with. */
export async function getConsent(deps: ConsentsDeps, auth: AuthContext, id: string): Promise<ConsentDetail> {
  const row = await visibleConsent(deps.db, auth, id);
  const now = deps.now();
  if (row.customer_id !== auth.user.id || statusOf(row, now) !== 'sent') return detailOf(row, now);
  const { sign_with, phone } = await signFactorsOf(deps, auth.user.id);
  return detailOf(row, now, { sign_with, phone });
}

/**
 * The signed consent as a PDF (its text and certificate of signature), for its client and for staff (another client's
 * is 404), in the client's language as their other documents are; a consent never signed: 409.
 */
export async function consentPdfOf(deps: ConsentsDeps, auth: AuthContext, id: string): Promise<Buffer> {
  const row = await visibleConsent(deps.db, auth, id);
  const { signed_at, signature_factor, text_sha256 } = row;
  if (!signed_at || !signature_factor || !text_sha256) throw new AppError('conflict', M.noPdf);
  const language = recipientLanguage(await savedLanguage(deps.db, row.customer_id));
  return consentPdf({ ...row, signed_at, signature_factor, text_sha256 }, language);
}

export async function listConsents(
  deps: ConsentsDeps,
  auth: AuthContext,
  q: { customer_id?: string | undefined; status?: ConsentStatus | undefined },
): Promise<ConsentList> {
  const now = deps.now();
  // `expired` is read, not stored: ask for the states it can come from, then keep the status asked for.
  const states = q.status ? (q.status === 'expired' ? ['sent', 'signed'] : [q.status]) : undefined;
  const rows = await repo.listConsents(deps.db, {
    customerId: isStaff(auth) ? q.customer_id : auth.user.id,
    states,
  });
  const items = rows.map((r) => summaryOf(r, now));
  return { items: q.status ? items.filter((i) => i.status === q.status) : items };
}

type CreateBody = z.output<typeof createConsentBodySchema>;

/** Staff prepare a consent for a client (and, on request, their spouse: each signs their own) and send it. */
export async function prepareConsent(deps: ConsentsDeps, auth: AuthContext, b: CreateBody): Promise<ConsentDetail> {
  const now = deps.now();
  const customer = await findUser(deps.db, b.customer_id);
  if (!customer || !(await rolesOf(deps.db, customer.id)).includes('Customer'))
    throw fieldError('customer_id', M.notCustomer);
  if (b.ends_on && Date.parse(`${b.ends_on}T00:00:00Z`) <= Date.parse(now.toISOString().slice(0, 10)))
    throw fieldError('ends_on', M.endsOnPast);
  const spouse = b.include_spouse ? await spouseOf(deps.db, customer.id) : null;
  if (b.include_spouse && !spouse) throw fieldError('include_spouse', M.noSpouse);
  const signers = [
    { id: customer.id, name: customer.full_name, email: customer.email },
    ...(spouse ? [{ id: spouse.user_id, name: spouse.full_name, email: spouse.email }] : []),
  ];
  const preparer = await deps.firmName(deps.db);
  const taxpayerNames = signers.map((s) => s.name);
  const groupId = signers.length > 1 ? randomUUID() : null;
  const kind = b.kind as ConsentKind;
  const recipient = kind === 'disclose' ? { name: b.recipient_name ?? null, email: b.recipient_email ?? null } : null;
  const rows = signers.map((s) => ({
    id: randomUUID(),
    customer_id: s.id,
    group_id: groupId,
    kind,
    state: 'sent',
    language: 'en',
    preparer_name: preparer,
    taxpayer_names: JSON.stringify(taxpayerNames),
    purpose: b.purpose,
    information: b.information,
    recipient_name: recipient?.name ?? null,
    recipient_email: recipient?.email ?? null,
    ends_on: b.ends_on ?? null,
    body: renderConsentDocument({
      kind,
      preparer_name: preparer,
      taxpayer_names: taxpayerNames,
      signer_name: s.name,
      purpose: b.purpose,
      information: b.information,
      recipient_name: recipient?.name ?? null,
      recipient_email: recipient?.email ?? null,
      ends_on: b.ends_on ?? null,
    }),
    created_by: auth.user.id,
    created_at: now,
  }));
  const { mails, follow } = await deps.db.transaction(async (tx) => {
    await repo.insertConsents(tx, rows);
    const mails = [];
    const follow = [];
    for (const [i, r] of rows.entries()) {
      await audit(tx, {
        actorId: auth.user.id,
        action: 'consent.prepared',
        entityType: 'consent',
        entityId: r.id,
        meta: { kind, customer_id: r.customer_id, group_id: groupId, ends_on: r.ends_on },
      });
      const s = signers[i]!;
      const recipientText = recipient ? `${recipient.name ?? ''} <${recipient.email ?? ''}>` : null;
      const sent = await consentSentNotices(
        tx,
        deps,
        { id: r.id, kind, customerId: s.id, email: s.email, name: s.name, recipient: recipientText },
        preparer,
      );
      mails.push(sent.mail);
      follow.push(sent.notify);
    }
    return { mails, follow };
  });
  await afterCommit(deps, mails, follow);
  return getConsent(deps, auth, rows[0]!.id);
}

/** Staff withdraw a consent the client has not answered yet. */
export async function withdrawConsent(deps: ConsentsDeps, auth: AuthContext, id: string): Promise<ConsentDetail> {
  await deps.db.transaction(async (tx) => {
    await repo.lockConsent(tx, id);
    const row = await visibleConsent(tx, auth, id);
    requireStatus(row, deps.now(), 'sent');
    await repo.updateConsent(tx, id, { state: 'withdrawn', withdrawn_at: deps.now(), withdrawn_by: auth.user.id });
    await audit(tx, { actorId: auth.user.id, action: 'consent.withdrawn', entityType: 'consent', entityId: id });
  });
  return getConsent(deps, auth, id);
}

/** The client declines: the consent ends unsigned; nothing else about their service changes. */
export async function declineConsent(deps: ConsentsDeps, auth: AuthContext, id: string): Promise<ConsentDetail> {
  const follow = await deps.db.transaction(async (tx) => {
    await repo.lockConsent(tx, id);
    const row = await ownConsent(tx, auth, id);
    requireStatus(row, deps.now(), 'sent');
    await repo.updateConsent(tx, id, { state: 'declined', answered_at: deps.now() });
    await audit(tx, { actorId: auth.user.id, action: 'consent.declined', entityType: 'consent', entityId: id });
    return answeredNotice(tx, deps, row.created_by, {
      name: row.customer_name,
      purpose: row.purpose,
      answer: 'declined',
    });
  });
  await afterCommit(deps, [], [follow]);
  return getConsent(deps, auth, id);
}

/**
 * The client revokes a signed consent: from this commit on `activeConsent` no longer returns it, so a share link
 * it allowed dies at its next open. Listeners of `onConsentEnded` hear of it after the commit.
 */
export async function revokeConsent(deps: ConsentsDeps, auth: AuthContext, id: string): Promise<ConsentDetail> {
  const { row, follow } = await deps.db.transaction(async (tx) => {
    await repo.lockConsent(tx, id);
    const row = await ownConsent(tx, auth, id);
    requireStatus(row, deps.now(), 'signed');
    await repo.updateConsent(tx, id, { state: 'revoked', revoked_at: deps.now() });
    await audit(tx, { actorId: auth.user.id, action: 'consent.revoked', entityType: 'consent', entityId: id });
    const follow = await answeredNotice(tx, deps, row.created_by, {
      name: row.customer_name,
      purpose: row.purpose,
      answer: 'revoked',
    });
    return { row, follow };
  });
  await afterCommit(deps, [], [follow]);
  await emitConsentEnded(
    {
      consentId: id,
      customerId: row.customer_id,
      kind: row.kind as ConsentKind,
      recipientEmail: row.recipient_email,
      reason: 'revoked',
    },
    (err) => deps.log.error({ err: (err as Error).message }, 'consent revocation listener failed'),
  );
  return getConsent(deps, auth, id);
}
