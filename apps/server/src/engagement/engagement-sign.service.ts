import {
  ENGAGEMENT_MESSAGES as M,
  MAX_SIGNING_FAILURES,
  SIGNING_MESSAGES,
  type ConfirmLetterBody,
  type Letter,
  type SignerConfirmation,
  type SignerRole,
  type SignLetterBody,
} from '@taxportal/contract';
import { createDepositInvoiceTx } from '../billing/index.ts';
import { maskPhone, passkeyStepUpOptions, secondFactorsOf, sendStepUpCode } from '../auth/index.ts';
import { discardStaged, insertDocument, type StagedFile } from '../documents/index.ts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { recipientLanguage, textsIn } from '../platform/i18n.ts';
import { savedLanguage } from '../platform/users.ts';
import {
  checkConfirmation,
  checkOwnFactor,
  CONFIRMATION_MINUTES,
  confirmationToken,
  isStrictIdentity,
  isWeakFactor,
  sameName,
  signatureImage,
  typedSignature,
  type OwnFactorAnswer,
} from '../signing/index.ts';
import { firmName } from '../site/index.ts';
import { findTicketRef } from '../tickets/index.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import { openPart } from './engagement-letters.service.ts';
import { LetterFollowUps } from './engagement-notify.ts';
import { letterPdf, type LetterSignature } from './engagement.pdf.ts';
import * as repo from './engagement.repository.ts';
import type { SignerRow } from './engagement.repository.ts';
import { letterView, visibleLetter } from './engagement-view.ts';

/**
 * Signing a letter (docs/decisions/0036) with Form 8879's machinery (signing/index.ts): each party confirms with
 * their own second factor (the firm's stricter check as for 8879; wrong answers counted, the fifth locks), then signs
 * (typed name matching theirs, a drawn or typed signature). A joint letter's spouse signs their own part with their
 * own account. When every party has signed, the signed PDF with its certificate page is stored as a document of the
 * ticket in the same transaction as the letter's row (docs/decisions/0009).
 */

/** The caller's unsigned part of an open letter, under the letter's lock when `tx` is given; else a refusal. */
async function signerPart(deps: EngagementDeps, auth: AuthContext, id: string, tx: Tx = deps.db) {
  const row = await visibleLetter(tx, auth, id, { lock: tx !== deps.db });
  const role = openPart(deps, auth, row);
  const signers = await repo.signersOf(tx, row.id);
  const mine = signers.find((s) => s.role === role);
  if (!mine || mine.user_id !== auth.user.id) throw new AppError('forbidden', M.spouseSignsOwn);
  if (mine.signed_at) throw new AppError('conflict', M.alreadySigned);
  if (mine.failures >= MAX_SIGNING_FAILURES) throw new AppError('rate_limited', M.locked);
  return { row, role, mine, signers };
}

export async function letterSmsCode(deps: EngagementDeps, auth: AuthContext, id: string, ip: string) {
  const { row, role } = await signerPart(deps, auth, id);
  if (!deps.sms) throw new AppError('conflict', SIGNING_MESSAGES.smsOff);
  const { verifiedPhone: phone } = await secondFactorsOf(deps, auth.user.id);
  if (!phone) throw new AppError('conflict', SIGNING_MESSAGES.noVerifiedPhone);
  const sent = await sendStepUpCode(deps, { purpose: 'signing', phone, userId: auth.user.id }, { ip });
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'engagement.sms_code_sent',
    entityType: 'engagement_letter',
    entityId: row.id,
    ip,
    meta: { signer: role, phone_last4: phone.slice(-4) },
  });
  return { sent_to: maskPhone(phone), ...sent };
}

export async function letterPasskeyOptions(deps: EngagementDeps, auth: AuthContext, id: string) {
  await signerPart(deps, auth, id);
  const options = await passkeyStepUpOptions(deps, auth.user.id);
  if (!options) throw new AppError('conflict', SIGNING_MESSAGES.factorUnavailable);
  return options;
}

/** The signer's own factor: a wrong answer is counted (the fifth locks); a right one buys a 15-minute token. */
export async function confirmLetterSigner(
  deps: EngagementDeps,
  auth: AuthContext,
  id: string,
  body: ConfirmLetterBody,
  ip: string,
): Promise<SignerConfirmation> {
  const { row, role } = await signerPart(deps, auth, id);
  const strict = await isStrictIdentity(deps.db);
  const { by, field, wrong } = await checkOwnFactor(deps, auth.user.id, body as OwnFactorAnswer, strict);
  const entry = { actorId: auth.user.id, entityType: 'engagement_letter', entityId: row.id, ip };
  if (!by) {
    await deps.db.transaction(async (tx) => {
      await repo.countFailure(tx, row.id, role);
      await audit(tx, { ...entry, action: 'engagement.confirm_failed', meta: { signer: role, factor: body.factor } });
    });
    throw fieldError(field, wrong);
  }
  await audit(deps.db, { ...entry, action: 'engagement.confirmed', meta: { signer: role, factor: by.factor } });
  const expires = new Date(deps.now().getTime() + CONFIRMATION_MINUTES * 60_000);
  return {
    confirmation: confirmationToken(deps.sessionSecret, row.id, role, auth.user.id, expires, by, 'engagement'),
    expires_at: expires.toISOString(),
  };
}

const evidenceOf = (s: SignerRow): LetterSignature => ({
  role: s.role as SignerRole,
  name: s.name,
  email: s.email,
  method: s.method as LetterSignature['method'],
  factor: s.factor as LetterSignature['factor'],
  phoneLast4: s.phone_last4,
  stricterCheckOff: s.stricter_check_off,
  image: s.signature_png ? Buffer.from(s.signature_png, 'base64') : null,
  typed: s.typed_signature,
  signedAt: s.signed_at!,
  ip: s.ip ?? '',
  userAgent: s.user_agent ?? '',
});

export async function signLetter(
  deps: EngagementDeps,
  auth: AuthContext,
  id: string,
  body: SignLetterBody,
  client: { ip: string; userAgent: string },
): Promise<Letter> {
  const first = await signerPart(deps, auth, id);
  const now = deps.now();
  const by = checkConfirmation(deps.sessionSecret, body.confirmation, id, first.role, auth.user.id, now, 'engagement');
  if (!by) throw fieldError('confirmation', SIGNING_MESSAGES.confirmationInvalid);
  if (!sameName(body.signer_name, first.mine.name)) throw fieldError('signer_name', M.nameMismatch);
  // The typed signature is the signer's name too, by the same rule (signing's sameName): never someone else's.
  if (body.method === 'typed' && !sameName(body.typed_signature ?? '', first.mine.name)) {
    throw fieldError('typed_signature', M.typedSignatureMismatch);
  }
  const image = body.method === 'drawn' ? await signatureImage(body.signature_image) : null;
  const follow = new LetterFollowUps();
  let stored: StagedFile | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      // Again under the letter's lock: two tabs signing at once make one signature.
      const { row, role, mine } = await signerPart(deps, auth, id, tx);
      // Signing implies reading: a letter signed without a GET first (a link straight to the sign step) is viewed now.
      if (!row.viewed_at) {
        await repo.updateLetter(tx, row.id, { viewed_at: now, ...(row.state === 'sent' ? { state: 'viewed' } : {}) });
        await audit(tx, {
          actorId: auth.user.id,
          action: 'engagement.viewed',
          entityType: 'engagement_letter',
          entityId: row.id,
          ip: client.ip,
          meta: { by: 'signing' },
        });
      }
      await repo.updateSigner(tx, row.id, role, {
        signed_at: now,
        method: body.method,
        factor: by.factor,
        phone_last4: by.phoneLast4,
        stricter_check_off: isWeakFactor(by.factor),
        ip: client.ip,
        user_agent: client.userAgent.slice(0, 400) || 'unknown',
        typed_signature: body.method === 'typed' ? typedSignature(body.typed_signature, mine.name) : null,
        signature_png: image ? image.toString('base64') : null,
      });
      const signers = await repo.signersOf(tx, row.id);
      const everyone = signers.every((s) => s.signed_at);
      await audit(tx, {
        actorId: auth.user.id,
        action: 'engagement.signed',
        entityType: 'engagement_letter',
        entityId: row.id,
        ip: client.ip,
        meta: { signer: role, method: body.method, factor: by.factor, completed: everyone, sha256: row.sha256 },
      });
      if (!everyone) return;
      const customer = (await repo.person(tx, row.customer_id))!;
      const pdf = await letterPdf({
        text: row.body_text,
        sha256: row.sha256,
        taxYear: row.tax_year,
        clientName: customer.full_name,
        firmName: await firmName(tx),
        signers: signers.map(evidenceOf),
        language: recipientLanguage(await savedLanguage(tx, row.customer_id)),
      });
      const file = await deps.files.put(pdf);
      stored = {
        file,
        thumb: null,
        fileName: `Engagement-letter-${row.tax_year}-signed.pdf`,
        contentType: 'application/pdf',
      };
      const doc = await insertDocument(tx, deps, stored, {
        customerId: row.customer_id,
        ticketId: row.ticket_id,
        kind: 'engagement_letter',
        visibility: 'private',
        uploadedBy: auth.user.id,
      });
      // The signatures' images live in the PDF now; the rows keep the evidence.
      for (const s of signers) await repo.updateSigner(tx, row.id, s.role, { signature_png: null });
      // The deposit asked with the letter: billing's deposit invoice, issued now for the client to pay by card
      // (0036). Under the letter's lock, once: the letter is signed only here.
      const deposit =
        row.deposit_cents && row.ticket_id && !row.deposit_invoice_id
          ? await createDepositInvoiceTx(tx, {
              ticketId: row.ticket_id,
              customerId: row.customer_id,
              amountCents: row.deposit_cents,
              description: textsIn(recipientLanguage(await savedLanguage(tx, row.customer_id)))(
                'engagement.deposit.line',
                { year: row.tax_year },
              ),
              createdBy: row.created_by,
              actorId: auth.user.id,
              now,
              letterId: row.id,
            })
          : null;
      await repo.updateLetter(tx, row.id, {
        state: 'signed',
        signed_at: now,
        signed_document_id: doc.id,
        ...(deposit ? { deposit_invoice_id: deposit.id } : {}),
      });
      const ticket = row.ticket_id ? await findTicketRef(tx, row.ticket_id) : null;
      await follow.toStaff(tx, deps, row, ticket?.assignee_id ?? null, (say) => ({
        title: say('engagement.notify.signed.title', { name: customer.full_name, year: row.tax_year }),
        body: say('engagement.notify.signed.body', { when: now.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }),
      }));
    });
  } catch (err) {
    const s = stored as StagedFile | null;
    if (s) await discardStaged(deps, [s]);
    throw err;
  }
  await follow.run(deps);
  return letterView(deps, auth, (await repo.findLetter(deps.db, id))!);
}
