import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import { ticketParamsSchema } from '../tickets/ticket.ts';
import {
  createDocumentRequestsBodySchema,
  documentRequestListSchema,
  documentRequestParamsSchema,
  documentRequestSchema,
  listDocumentRequestsQuerySchema,
} from './requests.ts';

const tags = ['Document requests'];

export const listTicketDocumentRequests = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/document-requests',
  tags,
  summary: "A ticket's document requests, oldest first (its customer or staff)",
  params: ticketParamsSchema,
  response: { 200: documentRequestListSchema },
});

export const createDocumentRequests = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/document-requests',
  roles: STAFF_ROLES,
  tags,
  summary: 'Staff: ask the customer for documents (checklist items and/or free text); the customer is told',
  params: ticketParamsSchema,
  body: createDocumentRequestsBodySchema,
  response: { 201: documentRequestListSchema },
});

export const cancelDocumentRequest = endpoint({
  method: 'POST',
  path: '/api/v1/document-requests/:id/cancel',
  roles: STAFF_ROLES,
  tags,
  summary: 'Staff: withdraw an open request (no more reminders)',
  params: documentRequestParamsSchema,
  response: { 200: documentRequestSchema },
});

export const listDocumentRequests = endpoint({
  method: 'GET',
  path: '/api/v1/document-requests',
  tags,
  summary: "The caller's requests across tickets (default: open), newest first; staff may pass customer_id",
  query: listDocumentRequestsQuerySchema,
  response: { 200: documentRequestListSchema },
});
