import { isCancelledStatus, MESSAGES, type DocumentRequest, type DocumentRequestMatch } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { visibleTicket } from '../tickets/index.ts';
import {
  declineProposal,
  fulfilRequest,
  otherTypeRefusal,
  reopenFulfilled,
  wasDeclined,
  visibleDocument,
  type DocumentsDeps,
} from '../documents/index.ts';
import * as repo from './requests.repository.ts';
import { requestsFor } from './requests.dto.ts';

// Which file fulfils a request, after the upload: the customer confirms (or declines) the vault's proposal of one of
// their uploads, staff choose the file or take it off. Every change is audited on the ticket. The write itself is the
// vault's (fulfilRequest: the same as an upload from the request).

const REQUEST_NOT_FOUND = TICKET_TEXTS.requests.notFound;

/** The request, locked, if the caller may see its ticket; 404 as for one that does not exist otherwise. */
async function seenRequest(tx: Tx, auth: AuthContext, requestId: string): Promise<repo.RequestRow> {
  const request = await repo.findRequest(tx, requestId, { lock: true });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  await visibleTicket(tx, auth, request.ticket_id).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'not_found' ? notFound(REQUEST_NOT_FOUND) : err;
  });
  return request;
}

/**
 * The document a request may be given: one the caller may see, of the request's customer or on its ticket (404
 * otherwise, as another customer's), an upload of their vault (422 for a draft or staff's internal papers).
 */
async function requestDocument(tx: Tx, auth: AuthContext, request: repo.RequestRow, documentId: string) {
  const doc = await visibleDocument(tx, auth, documentId);
  // The request's customer's file, or one on the request's ticket (the spouse's upload to a joint return).
  if (doc.customer_id !== request.customer_id && doc.ticket_id !== request.ticket_id)
    throw notFound(TICKET_TEXTS.documents.notFound);
  if (doc.kind !== 'upload' || doc.visibility !== 'shared')
    throw fieldError('document_id', TICKET_TEXTS.requests.notAnUpload);
  return doc;
}

/** 409: the request is not in a state this change applies to (already fulfilled, cancelled, or open). */
const inConflict = (request: repo.RequestRow) =>
  new AppError('conflict', TICKET_TEXTS.requests.already[request.status]);

async function answer(deps: DocumentsDeps, auth: AuthContext, requestId: string): Promise<DocumentRequest> {
  const [out] = await requestsFor(deps.db, auth, [(await repo.findRequest(deps.db, requestId))!]);
  return out!;
}

const auditMatch = (
  tx: Tx,
  auth: AuthContext,
  request: repo.RequestRow,
  action: 'match' | 'decline' | 'unmatch',
  meta: Record<string, unknown>,
) =>
  audit(tx, {
    actorId: auth.user.id,
    action: `document_request.${action}`,
    entityType: 'ticket',
    entityId: request.ticket_id,
    meta: { request_id: request.id, label: request.label, ...meta },
  });

/** Fulfils an open request with a document (the customer's confirmed proposal, or staff's choice). */
async function match(
  deps: DocumentsDeps,
  auth: AuthContext,
  requestId: string,
  documentId: string,
  via: Exclude<DocumentRequestMatch, 'upload'>,
): Promise<DocumentRequest> {
  await deps.db.transaction(async (tx) => {
    const request = await seenRequest(tx, auth, requestId);
    const doc = await requestDocument(tx, auth, request, documentId);
    const previous = request.fulfilled_document_id;
    // The customer fills an open request only; staff may also give a fulfilled one another file.
    if (request.status === 'cancelled' || (via === 'proposal' && request.status !== 'open')) throw inConflict(request);
    if (previous === doc.id) return;
    // Nobody attaches a file to a request on a cancelled ticket, staff neither.
    if (isCancelledStatus(request.ticket_status)) throw new AppError('conflict', MESSAGES.ticketCancelledNoUploads);
    if (via === 'proposal') {
      // The customer's word fulfils a request with a file of its type (or one without a specific type), and not with
      // a file they said is not for it; staff may choose any file (the checklist shows its type).
      const refusal = await otherTypeRefusal(tx, doc.document_type_id, request.document_type_id);
      if (refusal) throw refusal;
      if (await wasDeclined(tx, doc.id, request.id))
        throw fieldError('document_id', TICKET_TEXTS.requests.declinedPair);
    }
    const done = await fulfilRequest(tx, {
      requestId: request.id,
      documentId: doc.id,
      by: auth.user.id,
      via,
      at: deps.now(),
      replace: via === 'staff',
    });
    if (!done) throw inConflict(request);
    // The file staff replaced is not proposed for this request again.
    if (previous) await declineProposal(tx, previous, request.id, auth.user.id);
    await auditMatch(tx, auth, request, 'match', {
      document_id: doc.id,
      via,
      ...(previous ? { previous_document_id: previous } : {}),
    });
  });
  return answer(deps, auth, requestId);
}

/** The customer: yes, this upload of mine is what the request asks for. */
export const confirmMatch = (deps: DocumentsDeps, auth: AuthContext, requestId: string, documentId: string) =>
  match(deps, auth, requestId, documentId, 'proposal');

/** Staff: this document of the customer's fulfils the request (in place of the file it had, if any). */
export const staffMatch = (deps: DocumentsDeps, auth: AuthContext, requestId: string, documentId: string) =>
  match(deps, auth, requestId, documentId, 'staff');

/**
 * The customer: no, this upload is not for that request. The request stays open; the upload is proposed for no request
 * again. 409 once the request is not open; a second decline of the pair changes nothing (no second audit entry). The
 * request's row is locked (seenRequest), so a decline and a confirm at once are one after the other.
 */
export async function declineMatch(
  deps: DocumentsDeps,
  auth: AuthContext,
  requestId: string,
  documentId: string,
): Promise<DocumentRequest> {
  await deps.db.transaction(async (tx) => {
    const request = await seenRequest(tx, auth, requestId);
    const doc = await requestDocument(tx, auth, request, documentId);
    if (request.status !== 'open') throw inConflict(request);
    if (await declineProposal(tx, doc.id, request.id, auth.user.id))
      await auditMatch(tx, auth, request, 'decline', { document_id: doc.id });
  });
  return answer(deps, auth, requestId);
}

/** Staff: the request's file is not what it asks for; the request is open again (and reminded of), why audited. */
export async function unmatch(
  deps: DocumentsDeps,
  auth: AuthContext,
  requestId: string,
  reason: string,
): Promise<DocumentRequest> {
  await deps.db.transaction(async (tx) => {
    const request = await seenRequest(tx, auth, requestId);
    const previous = request.fulfilled_document_id;
    if (request.status !== 'fulfilled' || !previous) throw inConflict(request);
    await reopenFulfilled(tx, { requestId: request.id }, deps.now());
    await declineProposal(tx, previous, request.id, auth.user.id);
    await auditMatch(tx, auth, request, 'unmatch', { document_id: previous, reason });
  });
  return answer(deps, auth, requestId);
}
