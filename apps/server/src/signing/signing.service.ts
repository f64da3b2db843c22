import { createHash, randomUUID } from 'node:crypto';
import {
  SIGNATURE_DUE_VIEW,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNED_8879_RETENTION_YEARS,
  localeOf,
  SIGNING_MESSAGES,
  type Language,
  type SignBody,
  type Signer,
  type SignerRole,
  type SigningState,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError } from '../platform/errors.ts';
import { recipientLanguage } from '../platform/i18n.ts';
import { findUser, savedLanguage } from '../platform/users.ts';
import { visibleTicket, type TicketRef } from '../tickets/index.ts';
import { discardStaged, documentRow, insertDocument, type StagedFile } from '../documents/index.ts';
import { FollowUps, ticketLink } from '../drafts/index.ts';
import { maskPhone } from '../auth/index.ts';
import { signingFactors } from './signing.factors.ts';
import type { SigningDeps } from './signing.deps.ts';
import { checkConfirmation, maskEmail } from './signing.tokens.ts';
import { isUsablePng, signPdf, type SignatureEvidence } from './signing.pdf.ts';
import * as repo from './signing.repository.ts';
import type { SignatureRow, SigningRequestRow } from './signing.repository.ts';

const SIGNING_STATUS = SIGNATURE_DUE_VIEW.status;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
/** A typed signature that is the signer's name is drawn as the form spells it; anything else (initials) as typed. */
export const typedSignature = (typed: string | undefined, name: string) =>
  typed === undefined ? null : sameName(typed, name) ? name : typed.trim().replace(/\s+/g, ' ');
/** An instant as `language` writes it, in UTC (the server does not know the reader's zone): 'Nov 23, 2026, 3:04 PM UTC'. */
const instantIn = (language: Language, d: Date) =>
  // Some ICU versions put a narrow no-break space before AM/PM: plain spaces read the same in every mail client.
  `${new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d).replace(/\s/g, ' ')} UTC`;
const addYears = (d: Date, years: number) => {
  const r = new Date(d);
  r.setUTCFullYear(r.getUTCFullYear() + years);
  return r;
};

/**
 * The part of the form `userId` signs on this ticket's request: the taxpayer's (the ticket's customer), or the
 * spouse's when the spouse signs with their own account (docs/decisions/0032); null for anyone else.
 */
export function partOf(ticket: TicketRef, r: SigningRequestRow, userId: string): SignerRole | null {
  if (ticket.customer_id === userId) return 'taxpayer';
  if (r.joint && r.spouse_user_id === userId) return 'spouse';
  return null;
}

function signerView(
  r: SigningRequestRow,
  ticket: TicketRef,
  sigs: SignatureRow[],
  viewer: { staff: boolean; part: SignerRole | null },
): Signer[] {
  const roles: SignerRole[] = r.joint ? ['taxpayer', 'spouse'] : ['taxpayer'];
  return roles.map((role) => {
    const s = sigs.find((x) => x.signer_role === role);
    const email = role === 'taxpayer' ? ticket.customer_email : (r.spouse_email ?? '');
    const staff = viewer.staff;
    return {
      role,
      name: role === 'taxpayer' ? r.taxpayer_name : (r.spouse_name ?? ''),
      // The spouse's address masked for the taxpayer (it may be no account of theirs), whole for the spouse.
      email: staff || role === 'taxpayer' || viewer.part === 'spouse' ? email : maskEmail(email),
      signed_at: s ? s.signed_at.toISOString() : null,
      method: s ? (s.method as Signer['method']) : null,
      confirmation: s ? (s.confirmation as Signer['confirmation']) : null,
      confirmation_phone: s?.confirmation_phone_last4 ? maskPhone(s.confirmation_phone_last4) : null,
      stricter_check_off: s?.stricter_check_off ?? false,
      ip: s && staff ? s.ip : null,
      signed_document_id: s?.signed_document_id ?? null,
    };
  });
}

/** GET …/signing: the current request, who has signed, and whether signing is open. */
export async function signingState(deps: SigningDeps, auth: AuthContext, ref: string): Promise<SigningState> {
  const ticket = await visibleTicket(deps.db, auth, ref);
  const staff = isStaff(auth);
  const r = await repo.currentRequest(deps.db, ticket.id);
  const suggestion = staff ? await repo.questionnaireSpouse(deps.db, ticket.id) : null;
  if (!r) return { request: null, factors: null, can_sign: false, suggestion, signs_as: null };
  const sigs = await repo.signaturesOf(deps.db, r.id);
  const retain = sigs.map((s) => s.retain_until.getTime());
  const part = staff ? null : partOf(ticket, r, auth.user.id);
  return {
    request: {
      id: r.id,
      ticket_id: ticket.id,
      status: r.status as 'pending' | 'completed',
      source: r.source as 'generated' | 'uploaded',
      document_id: r.document_id,
      unsigned_sha256: r.unsigned_sha256,
      joint: r.joint,
      signers: signerView(r, ticket, sigs, { staff, part }),
      signed_document_id: r.signed_document_id,
      retain_until: retain.length ? new Date(Math.max(...retain)).toISOString() : null,
      created_at: r.created_at.toISOString(),
      completed_at: r.completed_at?.toISOString() ?? null,
      spouse_code_sent: !!r.spouse_code_expires_at,
      spouse_account: r.joint && r.spouse_user_id !== null,
    },
    factors: part && r.status === 'pending' ? await signingFactors(deps, auth.user.id, r, part) : null,
    signs_as: part,
    can_sign: r.status === 'pending' && ticket.status === SIGNING_STATUS,
    suggestion,
  };
}

/**
 * The request a customer may act on now as `role`: a ticket they file (else 404), not staff (403), the ticket
 * Ready For IRS Filing (409), a pending request (409), a spouse only on a joint return, not signed yet (409). The
 * taxpayer's part is the ticket's customer's; the spouse's is the spouse's own when they have an account (0032:
 * the taxpayer is refused it, 403), else the taxpayer relays the code sent to the spouse (0021-a).
 */
export async function signableRequest(
  deps: SigningDeps,
  auth: AuthContext,
  ref: string,
  role: SignerRole,
  db: Tx = deps.db,
) {
  const ticket = await visibleTicket(db, auth, ref);
  if (isStaff(auth)) throw new AppError('forbidden', TICKET_TEXTS.signing.taxpayerOnly);
  const isCustomer = ticket.customer_id === auth.user.id;
  if (role === 'taxpayer' && !isCustomer) throw new AppError('forbidden', TICKET_TEXTS.signing.taxpayerOnly);
  if (ticket.status !== SIGNING_STATUS) throw new AppError('conflict', SIGNING_MESSAGES.notReady);
  const request = await repo.currentRequest(db, ticket.id, db !== deps.db);
  if (!request) throw new AppError('conflict', SIGNING_MESSAGES.noRequest);
  if (role === 'spouse') {
    if (!request.joint) throw fieldError('signer', SIGNING_MESSAGES.notJoint);
    const byAccount = request.spouse_user_id !== null;
    if (byAccount && request.spouse_user_id !== auth.user.id)
      throw new AppError('forbidden', isCustomer ? SIGNING_MESSAGES.spouseSignsOwn : TICKET_TEXTS.signing.taxpayerOnly);
    if (!byAccount && !isCustomer) throw new AppError('forbidden', TICKET_TEXTS.signing.taxpayerOnly);
  }
  const sigs = await repo.signaturesOf(db, request.id);
  if (request.status !== 'pending' || sigs.some((s) => s.signer_role === role)) {
    throw new AppError('conflict', SIGNING_MESSAGES.alreadySigned);
  }
  return { ticket, request, sigs };
}

/** A drawn signature's PNG from its data URL, checked (size, magic, pdf-lib can place it); else 422 `signature`. */
export async function signatureImage(dataUrl: string | undefined): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const ok =
    bytes.length <= SIGNATURE_IMAGE_MAX_BYTES &&
    bytes.length >= 60 &&
    bytes.subarray(0, 8).equals(PNG_MAGIC) &&
    (await isUsablePng(bytes));
  if (!ok) throw fieldError('signature', SIGNING_MESSAGES.badSignature);
  return bytes;
}

const evidenceOf = (s: SignatureRow): SignatureEvidence => ({
  role: s.signer_role as SignerRole,
  name: s.signer_name,
  email: s.signer_email,
  method: s.method as SignatureEvidence['method'],
  confirmation: s.confirmation as SignatureEvidence['confirmation'],
  phoneLast4: s.confirmation_phone_last4,
  stricterCheckOff: s.stricter_check_off,
  image: null,
  typed: null,
  signedAt: s.signed_at,
  ip: s.ip,
  userAgent: s.user_agent,
});

/**
 * Signs: checks the confirmation, the typed name and the signature; makes the signed PDF (signature on the
 * form, audit page appended) from the unsigned form whose sha256 is checked; stores it as a private
 * `signed_8879` document kept for 3 years.
 */
export async function sign(
  deps: SigningDeps,
  auth: AuthContext,
  ref: string,
  body: SignBody,
  client: { ip: string; userAgent: string },
): Promise<SigningState> {
  const { ticket, request } = await signableRequest(deps, auth, ref, body.signer);
  const now = deps.now();
  const by = checkConfirmation(deps.sessionSecret, body.confirmation, request.id, body.signer, auth.user.id, now);
  if (!by) throw fieldError('confirmation', SIGNING_MESSAGES.confirmationInvalid);
  const expectedName = body.signer === 'taxpayer' ? request.taxpayer_name : request.spouse_name!;
  if (!sameName(body.signer_name, expectedName)) throw fieldError('signer_name', SIGNING_MESSAGES.nameMismatch);
  const image = body.method === 'drawn' ? await signatureImage(body.signature_image) : null;
  const evidence: SignatureEvidence = {
    role: body.signer,
    // As on the form (the name matched it but for case and spacing): 'dana  TAXPAYER' signs as 'Dana Taxpayer'.
    name: expectedName,
    email: body.signer === 'taxpayer' ? ticket.customer_email : request.spouse_email!,
    method: body.method,
    confirmation: by.factor,
    phoneLast4: by.phoneLast4,
    // A password or an e-mailed code is accepted only while the firm has the stricter check off.
    stricterCheckOff: by.factor === 'password' || by.factor === 'email_code',
    image,
    typed: body.method === 'typed' ? typedSignature(body.typed_signature, expectedName) : null,
    signedAt: now,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 400) || 'unknown',
  };

  let stored: StagedFile | null = null;
  const follow = new FollowUps();
  try {
    await deps.db.transaction(async (tx) => {
      // Again under the request's row lock: two tabs signing at once make one signature, not two.
      const { request: r, sigs } = await signableRequest(deps, auth, ref, body.signer, tx);
      const unsignedRow = (await documentRow(tx, r.document_id))!;
      const previous = r.signed_document_id ? await documentRow(tx, r.signed_document_id) : null;
      const baseRow = previous ?? unsignedRow;
      const base = await deps.files.read({
        storageKey: baseRow.storage_key,
        wrappedKey: baseRow.wrapped_key,
        sha256: baseRow.sha256,
      });
      if (!previous && createHash('sha256').update(base).digest('hex') !== r.unsigned_sha256) {
        throw new AppError('internal', TICKET_TEXTS.signing.digestMismatch);
      }
      const pdf = await signPdf(base, {
        source: r.source as 'generated' | 'uploaded',
        baseHasAuditPage: previous !== null,
        unsignedSha256: r.unsigned_sha256,
        ticketName: ticket.name,
        taxYear: ticket.year,
        firmName: await repo.firmName(tx),
        place: [evidence],
        signers: [...sigs.map(evidenceOf), evidence],
        // The stamps and the audit page in the taxpayer's language (the signed form is theirs).
        language: recipientLanguage(await savedLanguage(tx, ticket.customer_id)),
      });
      const file = await deps.files.put(pdf);
      stored = { file, thumb: null, fileName: `Form-8879-${ticket.name}-signed.pdf`, contentType: 'application/pdf' };
      const doc = await insertDocument(tx, deps, stored, {
        customerId: ticket.customer_id,
        ticketId: ticket.id,
        kind: 'signed_8879',
        visibility: 'private',
        uploadedBy: auth.user.id,
      });
      await repo.insertSignature(tx, {
        id: randomUUID(),
        signing_request_id: r.id,
        signer_role: body.signer,
        signer_user_id: auth.user.id,
        signer_name: evidence.name,
        signer_email: evidence.email,
        method: evidence.method,
        confirmation: evidence.confirmation,
        confirmation_phone_last4: evidence.phoneLast4,
        stricter_check_off: evidence.stricterCheckOff,
        ip: evidence.ip,
        user_agent: evidence.userAgent,
        signed_at: now,
        signed_document_id: doc.id,
        retain_until: addYears(now, SIGNED_8879_RETENTION_YEARS),
      });
      const everyone = (r.joint ? 2 : 1) === sigs.length + 1;
      await repo.updateRequest(tx, r.id, {
        signed_document_id: doc.id,
        ...(everyone ? { status: 'completed', completed_at: now } : {}),
      });
      await audit(tx, {
        actorId: auth.user.id,
        action: 'signing.signed',
        entityType: 'ticket',
        entityId: ticket.id,
        ip: client.ip,
        meta: {
          signing_request_id: r.id,
          signer: body.signer,
          method: body.method,
          factor: evidence.confirmation,
          ...(evidence.phoneLast4 ? { phone_last4: evidence.phoneLast4 } : {}),
          stricter_check_off: evidence.stricterCheckOff,
          document_id: doc.id,
          completed: everyone,
        },
      });
      follow.publish(FollowUps.audience(ticket), {
        type: 'signing.updated',
        ticket_id: ticket.id,
        ticket_name: ticket.name,
      });
      if (ticket.assignee_id) {
        const assignee = await findUser(tx, ticket.assignee_id);
        const which = everyone ? 'title' : body.signer === 'taxpayer' ? 'byTaxpayer' : 'bySpouse';
        await follow.notify(tx, {
          userId: ticket.assignee_id,
          ticket,
          kind: 'signing',
          mailTo: assignee?.email,
          write: (say, language) => {
            const title = say(`notifications.signed.${which}`, { ticket: ticket.name });
            return {
              title,
              body: say('notifications.signed.body', { name: evidence.name, date: instantIn(language, now) }),
              mail: { subject: title, text: `${title}.\n\n${ticketLink(deps.publicUrl, ticket)}\n` },
            };
          },
        });
      }
    });
  } catch (err) {
    const s = stored as StagedFile | null;
    if (s) await discardStaged(deps, [s]);
    throw err;
  }
  await follow.run(deps);
  return signingState(deps, auth, ticket.id);
}
