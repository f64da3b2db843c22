import { createHmac } from 'node:crypto';
import { THIRD_PARTY_MESSAGES as M, type SharedDocuments } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { notFound } from '../platform/errors.ts';
import { isShareTokenGood, readShareToken } from '../platform/share-tokens.ts';
import { findTicketRef } from '../tickets/index.ts';
import type { DocumentSharesDeps } from './document-shares.deps.ts';
import * as repo from './document-shares.repository.ts';
import { SHARE_TOKEN_KIND, shareStateNow } from './document-shares.service.ts';

/** Who opened a link: its id is in the record, with the address and browser it came from. */
export interface Opener {
  ip: string;
  userAgent: string | null;
}

/**
 * The share a token opens, if it opens one now: the token as signed for its row (platform/share-tokens.ts), the link
 * not revoked, not expired, and its consent in force this moment (shareStateNow asks the consents each time).
 * Tampered, unknown, ended: the same 404, which says the link is no longer available.
 */
async function liveShare(
  deps: DocumentSharesDeps,
  token: string,
  kind: 'open' | 'download',
  who: Opener,
): Promise<repo.ShareRow> {
  const refused = notFound(M.refusals.linkUnavailable);
  const parsed = readShareToken(token);
  if (!parsed) throw refused;
  const share = await repo.findShare(deps.db, parsed.id);
  if (!share) throw refused;
  const now = deps.now();
  const row = { subjectId: share.ticket_id, expiresAt: share.expires_at };
  // The token signed for this row, whenever (the epoch as "now"): its expiry is the row's, which shareStateNow reads
  // next, so an expired link's genuine token is a refused open, audited, and a forged one is not.
  if (!isShareTokenGood(deps.sessionSecret, SHARE_TOKEN_KIND, parsed, row, new Date(0))) throw refused;
  const state = await shareStateNow(deps.db, share, now);
  if (state !== 'active') {
    // A genuine link that has ended (revoked, expired, its consent ended), opened: recorded as opens are (who, from
    // where), with why; never the token.
    await audit(deps.db, {
      actorId: null,
      action: 'document_share.refused',
      entityType: 'ticket',
      entityId: share.ticket_id,
      ip: who.ip,
      meta: { link: share.id, state, asked: kind },
    });
    throw refused;
  }
  return share;
}

/**
 * The link's own name for one of its files: the vault's document id never reaches the recipient (nor anyone who
 * is forwarded the link). Keyed, so it names nothing outside this link.
 */
const fileHandle = (deps: DocumentSharesDeps, shareId: string, documentId: string) =>
  createHmac('sha256', deps.sessionSecret)
    .update(`share-file|${shareId}|${documentId}`)
    .digest('base64url')
    .slice(0, 32);

/** Each open and download: the share's own record (what staff and the client see) and the audit log. */
async function record(
  deps: DocumentSharesDeps,
  share: repo.ShareRow,
  kind: 'open' | 'download',
  who: Opener,
  file: { id: string; file_name: string } | null,
) {
  await deps.db.transaction(async (tx) => {
    await repo.recordEvent(tx, {
      share_id: share.id,
      kind,
      file_name: file?.file_name ?? null,
      ip: who.ip,
      user_agent: who.userAgent?.slice(0, 500) ?? null,
    });
    await audit(tx, {
      actorId: null,
      action: `document_share.${kind}`,
      entityType: 'ticket',
      entityId: share.ticket_id,
      ip: who.ip,
      meta: { link: share.id, ...(file ? { document: file.id } : {}) },
    });
  });
}

/** The recipient's page: whose files, shared for what, until when, and the files the link still holds. */
export async function openShared(deps: DocumentSharesDeps, token: string, who: Opener): Promise<SharedDocuments> {
  const share = await liveShare(deps, token, 'open', who);
  const files = await repo.filesOfShares(deps.db, [share.id]);
  const ticket = await findTicketRef(deps.db, share.ticket_id);
  await record(deps, share, 'open', who, null);
  return {
    firm_name: await deps.firmName(deps.db),
    client_name: ticket?.customer_name ?? '',
    recipient_name: share.recipient_name,
    purpose: share.purpose,
    expires_at: share.expires_at.toISOString(),
    files: files
      .filter((f) => f.ticket_id === share.ticket_id)
      .map((f) => ({
        id: fileHandle(deps, share.id, f.id),
        file_name: f.file_name,
        content_type: f.content_type,
        size_bytes: f.size_bytes,
      })),
  };
}

/** One file of a live link: only a file the link holds (of its own ticket); anything else is 404. */
export async function openSharedFile(deps: DocumentSharesDeps, token: string, fileId: string, who: Opener) {
  const share = await liveShare(deps, token, 'download', who);
  const file = (await repo.filesOfShares(deps.db, [share.id])).find(
    (f) => fileHandle(deps, share.id, f.id) === fileId && f.ticket_id === share.ticket_id,
  );
  if (!file) throw notFound(M.refusals.linkUnavailable);
  await record(deps, share, 'download', who, file);
  return { ...file, ref: { storageKey: file.storage_key, wrappedKey: file.wrapped_key, sha256: file.sha256 } };
}
