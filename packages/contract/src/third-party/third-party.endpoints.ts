import { endpoint, noContentResponse } from '../common/endpoint.ts';
import { STAFF_ROLES } from '../roles.ts';
import {
  createShareBodySchema,
  documentShareListSchema,
  documentShareSchema,
  shareConsentQuerySchema,
  shareConsentSchema,
  sharedDocumentsSchema,
  sharedFileParamsSchema,
  sharedTokenParamsSchema,
  ticketShareParamsSchema,
  ticketSharesParamsSchema,
} from './document-shares.ts';
import {
  createOfferBodySchema,
  offerAudienceBodySchema,
  offerListSchema,
  offerParamsSchema,
  offerPreviewSchema,
  offerRecipientListSchema,
  offerRecipientsQuerySchema,
  offerSchema,
} from './offers.ts';

// §7216 enforcement (issue 33 item 4, docs/decisions/0035): what goes beyond preparation asks the consents first.
const tags = ['Third-party disclosure and offers'];

export const listTicketShares = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/shares',
  tags,
  summary: "A ticket's share links with third parties, their files and opens (staff, and the ticket's client)",
  params: ticketSharesParamsSchema,
  response: { 200: documentShareListSchema },
});

export const checkShareConsent = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/shares/consent',
  roles: STAFF_ROLES,
  tags,
  summary: "Whether the ticket's client has an active consent to disclose to this recipient, and its purpose",
  params: ticketSharesParamsSchema,
  query: shareConsentQuerySchema,
  response: { 200: shareConsentSchema },
});

export const createTicketShare = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/shares',
  roles: STAFF_ROLES,
  tags,
  summary:
    "Send documents of the ticket to an outside e-mail as a time-limited link (staff); 409 without the client's active consent to disclose to that recipient",
  params: ticketSharesParamsSchema,
  body: createShareBodySchema,
  response: { 201: documentShareSchema },
  errors: [409],
});

export const revokeTicketShare = endpoint({
  method: 'DELETE',
  path: '/api/v1/tickets/:id/shares/:shareId',
  roles: STAFF_ROLES,
  tags,
  summary: 'End a share link at once (staff)',
  params: ticketShareParamsSchema,
  response: noContentResponse,
});

export const getSharedDocuments = endpoint({
  method: 'GET',
  path: '/api/v1/shared-documents/:token',
  public: true,
  tags,
  summary: 'The files a share link opens (no sign-in); each open is recorded. Dead, tampered or unknown: 404',
  params: sharedTokenParamsSchema,
  response: { 200: sharedDocumentsSchema },
});

export const getSharedDocumentFile = endpoint({
  method: 'GET',
  path: '/api/v1/shared-documents/:token/files/:fileId',
  public: true,
  answers: { 200: { description: 'The file, as an attachment', contentType: 'application/octet-stream' } },
  tags,
  summary: 'Download one file of a share link (no sign-in); each download is recorded',
  params: sharedFileParamsSchema,
});

const offerRoles = ['Admin'] as const;
const offerTags = ['Offers'];

export const previewOffer = endpoint({
  method: 'POST',
  path: '/api/v1/admin/offers/preview',
  roles: offerRoles,
  tags: offerTags,
  summary: 'Who an offer would reach: clients with an active consent to use, and those skipped without one',
  body: offerAudienceBodySchema,
  response: { 200: offerPreviewSchema },
});

export const sendOffer = endpoint({
  method: 'POST',
  path: '/api/v1/admin/offers',
  roles: offerRoles,
  tags: offerTags,
  summary:
    'Send an offer by e-mail in the background to clients with an active consent to use (the others recorded as skipped); one chosen client without it: 409',
  body: createOfferBodySchema,
  response: { 202: offerSchema },
  errors: [409],
});

export const listOffers = endpoint({
  method: 'GET',
  path: '/api/v1/admin/offers',
  roles: offerRoles,
  tags: offerTags,
  summary: 'The latest 50 offers with their counts per state',
  response: { 200: offerListSchema },
});

export const getOffer = endpoint({
  method: 'GET',
  path: '/api/v1/admin/offers/:id',
  roles: offerRoles,
  tags: offerTags,
  summary: 'An offer and its counts per state',
  params: offerParamsSchema,
  response: { 200: offerSchema },
});

export const listOfferRecipients = endpoint({
  method: 'GET',
  path: '/api/v1/admin/offers/:id/recipients',
  roles: offerRoles,
  tags: offerTags,
  summary: "An offer's recipients and their state (sent, skipped, failed, queued), by e-mail, a page at a time",
  params: offerParamsSchema,
  query: offerRecipientsQuerySchema,
  response: { 200: offerRecipientListSchema },
});
