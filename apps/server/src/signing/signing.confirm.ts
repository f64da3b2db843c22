import { randomInt } from 'node:crypto';
import {
  MAX_SIGNING_FAILURES,
  SIGNING_MESSAGES,
  type ConfirmSignerBody,
  type SignerConfirmation,
  type SignerRole,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { safeEqual } from '../platform/crypto.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { findUser } from '../platform/users.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { FollowUps } from '../drafts/index.ts';
import * as repo from './signing.repository.ts';
import type { SigningRequestRow } from './signing.repository.ts';
import { signableRequest } from './signing.service.ts';
import { codeHash, CONFIRMATION_MINUTES, confirmationToken, maskEmail, SPOUSE_CODE_MINUTES } from './signing.tokens.ts';

function failuresOf(r: SigningRequestRow, role: SignerRole) {
  return role === 'taxpayer' ? r.taxpayer_failures : r.spouse_failures;
}

function refuseIfLocked(r: SigningRequestRow, role: SignerRole) {
  if (failuresOf(r, role) >= MAX_SIGNING_FAILURES) throw new AppError('rate_limited', SIGNING_MESSAGES.tooManyFailures);
}

/** E-mails the spouse a one-time code (stored as an HMAC, 15 minutes, single use). */
export async function sendSpouseCode(
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  ip: string,
): Promise<{ sent_to: string; expires_at: string }> {
  const { ticket, request } = await signableRequest(deps, auth, ref, 'spouse');
  refuseIfLocked(request, 'spouse');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expires = new Date(deps.now().getTime() + SPOUSE_CODE_MINUTES * 60_000);
  const follow = new FollowUps();
  await deps.db.transaction(async (tx) => {
    await repo.updateRequest(tx, request.id, {
      spouse_code_hash: codeHash(deps.sessionSecret, request.id, code),
      spouse_code_expires_at: expires,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'signing.spouse_code_sent',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      meta: { signing_request_id: request.id },
    });
  });
  follow.mail({
    to: request.spouse_email!,
    subject: `Your code to sign Form 8879 (${ticket.name})`,
    text: `Hello ${request.spouse_name},\n\n${ticket.customer_name} asked to sign your joint ${ticket.year} return's e-file authorisation (Form 8879) with you.\nYour one-time code: ${code}\nIt is valid for ${SPOUSE_CODE_MINUTES} minutes and can be used once. If you did not expect this, ignore this e-mail.\n`,
    secrets: [code],
  });
  await follow.run(deps);
  return { sent_to: maskEmail(request.spouse_email!), expires_at: expires.toISOString() };
}

/** The taxpayer's password, or the spouse's e-mailed code: a wrong one is counted, the fifth locks signing. */
export async function confirmSigner(
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  body: ConfirmSignerBody,
  ip: string,
): Promise<SignerConfirmation> {
  const { ticket, request } = await signableRequest(deps, auth, ref, body.signer);
  refuseIfLocked(request, body.signer);
  const now = deps.now();
  let ok: boolean;
  if (body.signer === 'taxpayer') {
    const user = await findUser(deps.db, auth.user.id);
    ok = await verifyPassword(user?.password_hash ?? null, body.password);
  } else {
    ok =
      !!request.spouse_code_hash &&
      !!request.spouse_code_expires_at &&
      request.spouse_code_expires_at.getTime() > now.getTime() &&
      safeEqual(request.spouse_code_hash, codeHash(deps.sessionSecret, request.id, body.code));
  }
  if (!ok) {
    await deps.db.transaction(async (tx) => {
      await repo.countFailure(tx, request.id, body.signer);
      await audit(tx, {
        actorId: auth.user.id,
        action: 'signing.confirm_failed',
        entityType: 'ticket',
        entityId: ticket.id,
        ip,
        meta: { signing_request_id: request.id, signer: body.signer },
      });
    });
    throw body.signer === 'taxpayer'
      ? fieldError('password', SIGNING_MESSAGES.wrongPassword)
      : fieldError('code', SIGNING_MESSAGES.wrongCode);
  }
  if (body.signer === 'spouse') {
    // Single use: the code is gone once it has confirmed the spouse.
    await repo.updateRequest(deps.db, request.id, { spouse_code_hash: null, spouse_code_expires_at: null });
  }
  const expires = new Date(now.getTime() + CONFIRMATION_MINUTES * 60_000);
  return {
    confirmation: confirmationToken(deps.sessionSecret, request.id, body.signer, auth.user.id, expires),
    expires_at: expires.toISOString(),
  };
}
