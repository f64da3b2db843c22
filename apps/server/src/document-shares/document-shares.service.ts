import {
  SHARE_DEFAULT_DAYS,
  THIRD_PARTY_MESSAGES as M,
  type CreateShareBody,
  type DocumentShare,
  type ShareConsent,
  type ShareState,
} from '@taxportal/contract';
import { disclosureConsentOfAll, type ActiveConsent } from '../consents/index.ts';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { recipientLanguage, textsIn, translate, type Params } from '../platform/i18n.ts';
import type { Language } from '@taxportal/contract';
import { newShareLinkId, signShareToken } from '../platform/share-tokens.ts';
import { filerPeople, findTicketRef, visibleTicket, type TicketRef } from '../tickets/index.ts';
import type { DocumentSharesDeps } from './document-shares.deps.ts';
import * as repo from './document-shares.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The tokens' kind (platform/share-tokens.ts: the HMAC covers it). */
export const SHARE_TOKEN_KIND = 'ticket-documents-share';
const EVENTS_SHOWN = 50;

/**
 * THE gate of a disclosure (one home: consents' disclosureConsentOfAll, asked at each use): the consent to disclose
 * to this recipient that each filer of the ticket holds now — on a joint return both spouses' (Treas. Reg.
 * §301.7216-3: each taxpayer whose information is disclosed consents; docs/decisions/0035) — as the customer's
 * consent lasting until the first of them ends; else null and the first filer without one (named in the refusal).
 */
export async function disclosureConsent(db: Tx, ticket: TicketRef, recipientEmail: string, now: Date) {
  const people = filerPeople(ticket);
  const { consent, missing } = await disclosureConsentOfAll(db, {
    customerIds: people.map((p) => p.id),
    recipientEmail,
    now,
  });
  return { consent, lacking: people.find((p) => p.id === missing[0])?.full_name ?? ticket.customer_name };
}

/**
 * What a share link is now: ended by staff, by the revocation of its consent, by its own expiry, or — asked of the
 * consents at this moment — by the expiry or revocation of a consent it needs (each filer's to disclose to the
 * recipient). `ticket`: the link's ticket when the caller has it (else read here).
 */
export async function shareStateNow(db: Tx, share: repo.ShareRow, now: Date, ticket?: TicketRef): Promise<ShareState> {
  if (share.revoked_at) return 'revoked';
  if (share.consent_ended_at) return 'consent_ended';
  if (share.expires_at.getTime() <= now.getTime()) return 'expired';
  const filed = ticket ?? (await findTicketRef(db, share.ticket_id));
  if (!filed) return 'consent_ended';
  const { consent } = await disclosureConsent(db, filed, share.recipient_email, now);
  return consent ? 'active' : 'consent_ended';
}

const refusal = (client: string, recipient: string) =>
  new AppError('conflict', M.refusals.noDisclosureConsent, { params: { client, recipient } });

/** Staff ask, before sending, whether the client's consent allows a share with this recipient, and for what. */
export async function checkShareConsent(
  deps: DocumentSharesDeps,
  auth: AuthContext,
  ticketRef: string,
  recipientEmail: string,
  language: Language,
): Promise<ShareConsent> {
  const ticket = await visibleTicket(deps.db, auth, ticketRef);
  const { consent, lacking } = await disclosureConsent(deps.db, ticket, recipientEmail, deps.now());
  if (consent) return { consent, reason: null };
  const params: Params = { client: lacking, recipient: recipientEmail };
  return { consent: null, reason: translate(language, M.refusals.noDisclosureConsent, params) };
}

/**
 * Staff send documents of the ticket to an outside e-mail: only with the customer's active consent to disclose to
 * that recipient (else 409 naming both), only documents of this ticket (else 422), for `days` (14 by default) but
 * never past the consent's expiry. The recipient gets the link by mail (the token declared secret: the outbox keeps
 * it redacted); nobody else ever sees the token.
 */
export async function createShare(
  deps: DocumentSharesDeps,
  auth: AuthContext,
  ticketRef: string,
  body: CreateShareBody,
  ip: string,
): Promise<DocumentShare> {
  const now = deps.now();
  const { share, token, ticket, consent } = await deps.db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, auth, ticketRef);
    const { consent, lacking } = await disclosureConsent(tx, ticket, body.recipient_email, now);
    if (!consent) throw refusal(lacking, body.recipient_email);
    const ids = [...new Set(body.document_ids)];
    const docs = await repo.ticketDocuments(tx, ticket.id, ids);
    if (docs.length !== ids.length)
      throw new AppError('validation', M.refusals.documentNotOnTicket, {
        errors: [{ field: 'document_ids', message: M.refusals.documentNotOnTicket }],
      });
    const wanted = now.getTime() + (body.days ?? SHARE_DEFAULT_DAYS) * DAY_MS;
    // Whole seconds (the token carries them), never past the consent.
    const expires = new Date(Math.floor(Math.min(wanted, Date.parse(consent.expires_at)) / 1000) * 1000);
    const id = newShareLinkId();
    const share: repo.ShareRow = {
      id,
      ticket_id: ticket.id,
      customer_id: ticket.customer_id,
      consent_id: consent.id,
      recipient_email: body.recipient_email,
      recipient_name: consent.recipient_name,
      purpose: consent.purpose,
      created_by: auth.user.id,
      created_at: now,
      expires_at: expires,
      revoked_at: null,
      revoked_by: null,
      consent_ended_at: null,
    };
    await repo.insertShare(tx, share, ids);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'document_share.create',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      meta: { link: id, consent: consent.id, documents: ids.length },
    });
    return {
      share,
      ticket,
      consent,
      token: signShareToken(deps.sessionSecret, SHARE_TOKEN_KIND, id, ticket.id, expires),
    };
  });
  await mailRecipient(deps, share, ticket, consent, token);
  const [view] = await viewsOf(deps, [{ share, created_by_name: auth.user.full_name }], true, now, ticket);
  return view!;
}

async function mailRecipient(
  deps: DocumentSharesDeps,
  share: repo.ShareRow,
  ticket: TicketRef,
  consent: ActiveConsent,
  token: string,
) {
  const t = textsIn(recipientLanguage(null));
  const firm = await deps.firmName(deps.db);
  // The last minute it works: a link ending with its consent's last day (at the next 00:00 UTC: decision 0034)
  // reads "until <that day> 23:59 UTC", the day every list names, never the next one.
  const until = new Date(share.expires_at.getTime() - 1000).toISOString().slice(0, 16).replace('T', ' ');
  const url = `${deps.publicUrl}/shared/${token}`;
  await deps.mailer.send({
    to: share.recipient_email,
    subject: t('thirdParty.shareMail.subject', { firm, client: ticket.customer_name }),
    text: [
      t('thirdParty.shareMail.intro', { firm, client: ticket.customer_name, purpose: consent.purpose }),
      '',
      t('thirdParty.shareMail.link', { until }),
      url,
      '',
      t('thirdParty.shareMail.ignore'),
    ].join('\n'),
    secrets: [token],
  });
}

/** A ticket's share links, for staff and for the ticket's client (who sees that a share was made, and its opens). */
export async function listShares(deps: DocumentSharesDeps, auth: AuthContext, ticketRef: string) {
  const ticket = await visibleTicket(deps.db, auth, ticketRef);
  const found = await repo.sharesOfTicket(deps.db, ticket.id);
  return { items: await viewsOf(deps, found, isStaff(auth), deps.now(), ticket) };
}

async function viewsOf(
  deps: DocumentSharesDeps,
  found: { share: repo.ShareRow; created_by_name: string | null }[],
  forStaff: boolean,
  now: Date,
  ticket: TicketRef,
): Promise<DocumentShare[]> {
  const ids = found.map((f) => f.share.id);
  const files = await repo.filesOfShares(deps.db, ids);
  const { events, counts } = await repo.eventsOfShares(deps.db, ids, EVENTS_SHOWN);
  const count = (id: string, kind: string) => counts.find((c) => c.share_id === id && c.kind === kind)?.n ?? 0;
  const out: DocumentShare[] = [];
  for (const { share, created_by_name } of found)
    out.push({
      id: share.id,
      recipient_email: share.recipient_email,
      recipient_name: share.recipient_name,
      purpose: share.purpose,
      state: await shareStateNow(deps.db, share, now, ticket),
      created_at: share.created_at.toISOString(),
      expires_at: share.expires_at.toISOString(),
      revoked_at: share.revoked_at?.toISOString() ?? null,
      created_by_name,
      documents: files.filter((f) => f.share_id === share.id).map((f) => ({ id: f.id, file_name: f.file_name })),
      opens: count(share.id, 'open'),
      downloads: count(share.id, 'download'),
      // Where the recipient opened it from is for staff; the client sees when and what.
      events: events
        .filter((e) => e.share_id === share.id)
        .map((e) => ({
          kind: e.kind === 'download' ? 'download' : 'open',
          at: e.at.toISOString(),
          file_name: e.file_name,
          ip: forStaff ? e.ip : null,
          user_agent: forStaff ? e.user_agent : null,
        })),
    });
  return out;
}

/** Staff end a link at once (its next open is refused). Another ticket's link, or one unknown: 404. */
export async function revokeShare(
  deps: DocumentSharesDeps,
  auth: AuthContext,
  ticketRef: string,
  shareId: string,
  ip: string,
) {
  await deps.db.transaction(async (tx) => {
    const ticket = await visibleTicket(tx, auth, ticketRef);
    const share = await repo.findShare(tx, shareId);
    if (!share || share.ticket_id !== ticket.id) throw notFound(M.refusals.shareNotFound);
    if (!share.revoked_at) await repo.revokeShare(tx, share.id, auth.user.id, deps.now());
    await audit(tx, {
      actorId: auth.user.id,
      action: 'document_share.revoke',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      meta: { link: share.id },
    });
  });
}
